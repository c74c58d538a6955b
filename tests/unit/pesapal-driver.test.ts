/**
 * The Pesapal driver against the fake Pesapal (tests/helpers/fake-pesapal.ts): the token asked
 * once and renewed when it runs out, the IPN address registered once, amounts in minor units both
 * ways, Pesapal's status codes as the ledger's states, and an unreachable or failing Pesapal as
 * ProviderUnavailable.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import {
  createPesapalDriver,
  decimalToMinor,
  minorToDecimal,
  type PesapalConfig,
  providerStatusOf,
} from "@/lib/payments/pesapal";
import { ProviderUnavailable } from "@/lib/payments/types";
import { type FakePesapal, startFakePesapal } from "@/tests/helpers/fake-pesapal";
import { orderRequest } from "@/tests/helpers/payloads";

let fake: FakePesapal;

beforeAll(async () => {
  fake = await startFakePesapal();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setDown(false);
});
afterEach(() => {
  vi.useRealTimers();
});

const IPN_URL = "https://breatheuganda.example/api/payments/pesapal/ipn";

function driver(overrides: Partial<PesapalConfig> = {}) {
  return createPesapalDriver({
    baseUrl: fake.url,
    consumerKey: fake.consumerKey,
    consumerSecret: fake.consumerSecret,
    ipnUrl: IPN_URL,
    ...overrides,
  });
}

const calls = (path: string) => fake.requests.filter((r) => r.path.split("?")[0] === path);

describe("amounts", () => {
  it.each([
    [12345, "USD", 123.45],
    [100, "USD", 1],
    [1, "USD", 0.01],
    [350000, "UGX", 350000],
    [1, "UGX", 1],
  ] as const)("%d minor %s is %d for Pesapal, and back", (minor, currency, decimal) => {
    expect(minorToDecimal(minor, currency)).toBe(decimal);
    expect(decimalToMinor(decimal, currency)).toBe(minor);
  });

  it("reads a decimal Pesapal sends as a string, and nothing as 0", () => {
    expect(decimalToMinor("123.45", "USD")).toBe(12345);
    expect(decimalToMinor(0.1 + 0.2, "USD")).toBe(30);
    expect(decimalToMinor(null, "USD")).toBe(0);
  });

  it.each([0, -5, 12.5])("refuses %d minor units", (minor) => {
    expect(() => minorToDecimal(minor, "USD")).toThrow(RangeError);
  });
});

describe("status codes", () => {
  it.each([
    [1, "completed"],
    [2, "failed"],
    [3, "reversed"],
    [0, "pending"],
    ["1", "completed"],
    [7, "pending"],
    [undefined, "pending"],
  ] as const)("status_code %j is %s", (code, status) => {
    expect(providerStatusOf(code)).toBe(status);
  });

  it("falls back to payment_status_description without a code", () => {
    expect(providerStatusOf(undefined, "COMPLETED")).toBe("completed");
    expect(providerStatusOf(null, "Failed")).toBe("failed");
    expect(providerStatusOf(undefined, "INVALID")).toBe("pending");
  });
});

describe("createPesapalDriver", () => {
  it("asks for one token and registers the IPN address once for many calls", async () => {
    const pesapal = driver();
    const first = await pesapal.submitOrder(orderRequest());
    await Promise.all([
      pesapal.submitOrder(orderRequest()),
      pesapal.submitOrder(orderRequest()),
      pesapal.getOrderStatus(first.trackingId),
    ]);
    expect(calls("/api/Auth/RequestToken")).toHaveLength(1);
    expect(calls("/api/URLSetup/RegisterIPN")).toHaveLength(1);
    expect(calls("/api/URLSetup/RegisterIPN")[0]!.body).toEqual({
      url: IPN_URL,
      ipn_notification_type: "GET",
    });
    expect(calls("/api/Transactions/SubmitOrderRequest")).toHaveLength(3);
    const token = calls("/api/Auth/RequestToken")[0]!.body as Record<string, string>;
    expect(token).toEqual({ consumer_key: fake.consumerKey, consumer_secret: fake.consumerSecret });
    for (const request of fake.requests.filter((r) => !r.path.startsWith("/api/Auth/"))) {
      expect(request.auth).toMatch(/^Bearer .+/);
    }
  });

  it("finds an IPN address registered before (another process) instead of adding one", async () => {
    await driver({ ipnUrl: `${IPN_URL}?again` }).submitOrder(orderRequest());
    fake.requests.length = 0;
    await driver({ ipnUrl: `${IPN_URL}?again` }).submitOrder(orderRequest());
    expect(calls("/api/URLSetup/GetIpnList")).toHaveLength(1);
    expect(calls("/api/URLSetup/RegisterIPN")).toHaveLength(0);
  });

  it("takes PESAPAL_IPN_ID as given and registers nothing", async () => {
    await driver({ ipnUrl: "https://elsewhere.example/ipn" }).submitOrder(orderRequest());
    const known = (
      calls("/api/Transactions/SubmitOrderRequest")[0]!.body as { notification_id: string }
    ).notification_id;
    fake.requests.length = 0;
    await driver({ ipnId: known, ipnUrl: "https://ignored.example/ipn" }).submitOrder(
      orderRequest(),
    );
    expect(calls("/api/URLSetup/GetIpnList")).toHaveLength(0);
    expect(calls("/api/URLSetup/RegisterIPN")).toHaveLength(0);
    expect(calls("/api/Transactions/SubmitOrderRequest")[0]!.body).toMatchObject({
      notification_id: known,
    });
  });

  it("renews the token once it runs out (the fake refuses an expired one)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T08:00:00Z"));
    const pesapal = driver();
    const { trackingId } = await pesapal.submitOrder(orderRequest());
    vi.setSystemTime(new Date("2026-11-25T08:04:00Z"));
    await pesapal.getOrderStatus(trackingId);
    expect(calls("/api/Auth/RequestToken")).toHaveLength(1);
    vi.setSystemTime(new Date("2026-11-25T08:06:00Z"));
    await pesapal.getOrderStatus(trackingId);
    await pesapal.getOrderStatus(trackingId);
    expect(calls("/api/Auth/RequestToken")).toHaveLength(2);
    // Every status request carried a token the fake accepted.
    expect(fake.requests.every((r) => r.path !== "/api/URLSetup/GetIpnList" || r.auth)).toBe(true);
  });

  it("renews the token with an injected clock too, and asks again once on a 401", async () => {
    let clock = 1_000_000;
    const pesapal = driver({ now: () => clock });
    const { trackingId } = await pesapal.submitOrder(orderRequest());
    clock += 4 * 60_000 + 29_000;
    await pesapal.getOrderStatus(trackingId);
    expect(calls("/api/Auth/RequestToken")).toHaveLength(1);
    clock += 2_000; // inside the 30 seconds before its five minutes end
    await pesapal.getOrderStatus(trackingId);
    expect(calls("/api/Auth/RequestToken")).toHaveLength(2);

    // The fake's clock runs past the token (refused with an HTTP 500): a new one is asked once.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    await pesapal.getOrderStatus(trackingId);
    expect(calls("/api/Auth/RequestToken")).toHaveLength(3);
  });

  it("sends the order as Pesapal documents it, amounts as decimals", async () => {
    const pesapal = driver();
    const usd = orderRequest({ description: "x".repeat(140) });
    const { trackingId, redirectUrl } = await pesapal.submitOrder(usd);
    expect(redirectUrl).toContain(trackingId);
    const held = fake.order(trackingId)!;
    expect(held).toMatchObject({
      merchantReference: usd.merchantReference,
      amount: 123.45,
      currency: "USD",
      callbackUrl: usd.callbackUrl,
      billing: {
        email_address: "amina@example.com",
        phone_number: "+256 700 123 456",
        country_code: "UG",
        first_name: "Amina",
        last_name: "Nakato",
      },
    });
    expect(held.description).toHaveLength(100);

    const ugx = await pesapal.submitOrder(
      orderRequest({
        amountMinor: 350000,
        currency: "UGX",
        billing: { ...usd.billing, phone: null, countryCode: null },
      }),
    );
    expect(fake.order(ugx.trackingId)).toMatchObject({ amount: 350000, currency: "UGX" });
    expect(fake.order(ugx.trackingId)!.billing).not.toHaveProperty("phone_number");
  });

  it("reads each outcome of GetTransactionStatus, amounts back in minor units", async () => {
    const pesapal = driver();
    const usd = orderRequest();
    const { trackingId } = await pesapal.submitOrder(usd);

    expect(await pesapal.getOrderStatus(trackingId)).toMatchObject({
      trackingId,
      merchantReference: usd.merchantReference,
      status: "pending",
      confirmationCode: null,
    });

    fake.settle(trackingId, {
      status: "completed",
      method: "MTN Mobile Money",
      confirmationCode: "MTN123",
    });
    expect(await pesapal.getOrderStatus(trackingId)).toEqual({
      trackingId,
      merchantReference: usd.merchantReference,
      status: "completed",
      amountMinor: 12345,
      currency: "USD",
      method: "MTN Mobile Money",
      confirmationCode: "MTN123",
      description: null,
    });

    fake.settle(trackingId, { status: "failed", method: "Visa" });
    expect(await pesapal.getOrderStatus(trackingId)).toMatchObject({
      status: "failed",
      confirmationCode: null,
      description: "Insufficient funds",
    });

    fake.settle(trackingId, { status: "reversed" });
    expect((await pesapal.getOrderStatus(trackingId)).status).toBe("reversed");

    const ugx = await pesapal.submitOrder(orderRequest({ amountMinor: 350000, currency: "UGX" }));
    fake.settle(ugx.trackingId, { status: "completed", amount: 349000, method: "Airtel Money" });
    expect(await pesapal.getOrderStatus(ugx.trackingId)).toMatchObject({
      status: "completed",
      amountMinor: 349000,
      currency: "UGX",
    });
  });

  describe("ProviderUnavailable", () => {
    it("when Pesapal answers 503", async () => {
      const pesapal = driver();
      const { trackingId } = await pesapal.submitOrder(orderRequest());
      fake.setDown(true);
      await expect(pesapal.getOrderStatus(trackingId)).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(pesapal.submitOrder(orderRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(driver().submitOrder(orderRequest())).rejects.toBeInstanceOf(
        ProviderUnavailable,
      );
      fake.setDown(false);
      expect((await pesapal.getOrderStatus(trackingId)).status).toBe("pending");
    });

    it("when nothing listens there", async () => {
      const nowhere = driver({ baseUrl: "http://127.0.0.1:9/pesapalv3", timeoutMs: 2_000 });
      await expect(nowhere.submitOrder(orderRequest())).rejects.toBeInstanceOf(ProviderUnavailable);
    });

    it("when the keys are wrong (an error object in a 200), naming Pesapal's code, never the secret", async () => {
      const wrong = driver({ consumerSecret: "not-the-secret" });
      const failure = await wrong.submitOrder(orderRequest()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderUnavailable);
      expect(String(failure)).toMatch(/invalid_consumer_key_or_secret_provided/);
      expect(String(failure)).not.toMatch(/not-the-secret/);
    });

    it("when Pesapal cannot read the order or knows no such tracking id", async () => {
      const pesapal = driver();
      await expect(
        pesapal.submitOrder(orderRequest({ merchantReference: "x".repeat(60) })),
      ).rejects.toThrow(/invalid_api_request_parameters/);
      await expect(pesapal.getOrderStatus("no-such-order")).rejects.toBeInstanceOf(
        ProviderUnavailable,
      );
    });
  });
});

describe("as Pesapal answers", () => {
  it("sends Accept and Content-Type: application/json on every request, GET included", async () => {
    const pesapal = driver({ ipnUrl: `${IPN_URL}?headers` });
    const { trackingId } = await pesapal.submitOrder(orderRequest());
    await pesapal.getOrderStatus(trackingId);
    await pesapal.cancelOrder(trackingId);
    const gets = fake.requests.filter((r) => r.method === "GET");
    expect(gets.map((r) => r.path.split("?")[0])).toEqual([
      "/api/URLSetup/GetIpnList",
      "/api/Transactions/GetTransactionStatus",
    ]);
    for (const request of fake.requests) {
      expect(request.accept).toBe("application/json");
      expect(request.contentType).toBe("application/json");
    }
  });

  it("drops a token Pesapal refuses with HTTP 500 invalid_api_credentials_provided, asks once for a new one, and retries once", async () => {
    const pesapal = driver();
    const { trackingId } = await pesapal.submitOrder(orderRequest());
    fake.requests.length = 0;
    fake.revokeTokens();
    expect((await pesapal.getOrderStatus(trackingId)).status).toBe("pending");
    expect(fake.requests.map((r) => r.path.split("?")[0])).toEqual([
      "/api/Transactions/GetTransactionStatus",
      "/api/Auth/RequestToken",
      "/api/Transactions/GetTransactionStatus",
    ]);
  });

  it("retries once only: a second refusal is ProviderUnavailable, and a 401 is read the same way", async () => {
    const answers: Response[] = [];
    const refused = () =>
      Response.json(
        {
          error: {
            error_type: "authentication_error",
            code: "invalid_api_credentials_provided",
            message: "Invalid Access Token",
          },
        },
        { status: 500 },
      );
    const token = () =>
      Response.json({
        token: "t",
        expiryDate: new Date(Date.now() + 5 * 60_000).toISOString(),
        error: null,
        status: "200",
        message: "Request processed successfully",
      });
    let calls = 0;
    const pesapal = driver({
      ipnId: "ipn",
      fetch: (async (input: RequestInfo | URL) => {
        calls += 1;
        if (String(input).includes("RequestToken")) return token();
        return answers.shift() ?? refused();
      }) as typeof fetch,
    });
    await expect(pesapal.getOrderStatus("x")).rejects.toThrow(/refused our token/);
    expect(calls).toBe(4); // token, refused, token, refused

    calls = 0;
    answers.push(
      Response.json({ status: "401" }, { status: 401 }),
      Response.json({ status: "200", message: "Order successfully cancelled." }),
    );
    expect(await pesapal.cancelOrder("x")).toBe(true);
    expect(calls).toBe(3); // refused (401), token, cancelled
  });

  it("reads the token's expiryDate: a token that ends sooner than five minutes is renewed sooner", async () => {
    let clock = Date.parse("2026-11-25T08:00:00Z");
    let tokens = 0;
    const pesapal = driver({
      ipnId: "ipn",
      now: () => clock,
      fetch: (async (input: RequestInfo | URL) => {
        if (String(input).includes("RequestToken")) {
          tokens += 1;
          return Response.json({
            token: `t${tokens}`,
            // Pesapal's sample: seven decimals and a Z, here two minutes on.
            expiryDate: "2026-11-25T08:02:00.0000000Z",
            error: null,
            status: "200",
            message: "Request processed successfully",
          });
        }
        return Response.json({ status: "200", message: "Order successfully cancelled." });
      }) as typeof fetch,
    });
    await pesapal.cancelOrder("a");
    clock += 60_000;
    await pesapal.cancelOrder("b");
    expect(tokens).toBe(1);
    clock += 45_000; // inside the 30 seconds before the stated expiry
    await pesapal.cancelOrder("c");
    expect(tokens).toBe(2);
  });

  it("registers the IPN address from Pesapal's own answer (ipn_status_decription and all)", async () => {
    const pesapal = driver({ ipnUrl: `${IPN_URL}?spelling` });
    await pesapal.submitOrder(orderRequest());
    const registered = calls("/api/URLSetup/RegisterIPN");
    expect(registered).toHaveLength(1);
    const listed = await fetch(`${fake.url}/api/URLSetup/GetIpnList`, {
      headers: { authorization: registered[0]!.auth! },
    }).then((r) => r.json());
    expect(listed.at(-1)).toMatchObject({ url: `${IPN_URL}?spelling`, status: "200" });
  });

  it("takes the same merchant reference twice (Pesapal documents no refusal of it)", async () => {
    const pesapal = driver();
    const once = orderRequest();
    const first = await pesapal.submitOrder(once);
    const second = await pesapal.submitOrder(once);
    expect(second.trackingId).not.toBe(first.trackingId);
  });

  it("refuses a wrong key with Pesapal's recorded answer inside an HTTP 200", async () => {
    const answer = await fetch(`${fake.url}/api/Auth/RequestToken`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ consumer_key: "nope", consumer_secret: "nope" }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      error: {
        error_type: "api_error",
        code: "invalid_consumer_key_or_secret_provided",
        message: "",
      },
      status: "500",
    });
  });
});

describe("requestRefund (RefundRequest)", () => {
  async function paid(method: string, amountMinor = 12345) {
    const pesapal = driver();
    const { trackingId } = await pesapal.submitOrder(orderRequest({ amountMinor }));
    fake.settle(trackingId, {
      status: "completed",
      method,
      confirmationCode: `C${trackingId.slice(0, 8)}`,
    });
    const status = await pesapal.getOrderStatus(trackingId);
    return { pesapal, trackingId, code: status.confirmationCode! };
  }
  const refund = (code: string, amountMinor: number) => ({
    confirmationCode: code,
    amountMinor,
    currency: "USD",
    requestedBy: "Ada Admin",
    remarks: "Trip cancelled",
  });

  it("asks as documented, and Pesapal takes a part refund of a card payment, once", async () => {
    const { pesapal, trackingId, code } = await paid("Visa");
    expect(await pesapal.requestRefund!(refund(code, 2345))).toEqual({
      accepted: true,
      message: "Refund request successfully",
    });
    expect(calls("/api/Transactions/RefundRequest")[0]!.body).toEqual({
      confirmation_code: code,
      amount: 23.45,
      username: "Ada Admin",
      remarks: "Trip cancelled",
    });
    expect(fake.order(trackingId)!.refund).toMatchObject({ amount: 23.45 });
    expect(await pesapal.requestRefund!(refund(code, 100))).toEqual({
      accepted: false,
      message: "Refund rejected",
    });
  });

  it("is refused a part refund of a mobile-money payment, and takes the whole", async () => {
    const { pesapal, code } = await paid("MTN Mobile Money");
    expect((await pesapal.requestRefund!(refund(code, 100))).accepted).toBe(false);
    expect((await pesapal.requestRefund!(refund(code, 12345))).accepted).toBe(true);
  });

  it("is refused more than was paid, or a payment not completed", async () => {
    const { pesapal, code } = await paid("Mastercard");
    expect((await pesapal.requestRefund!(refund(code, 12346))).accepted).toBe(false);
    expect((await pesapal.requestRefund!(refund("NO-SUCH-CODE", 100))).accepted).toBe(false);
  });
});
