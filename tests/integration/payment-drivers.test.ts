/**
 * The payment drivers as the ledger meets them: the demo provider (orders in
 * demo_payment_orders, its checkout page and its action), and the chooser of lib/payments
 * (PAYMENTS_DRIVER; a production server refuses the demo driver unless ALLOW_DEMO_PAYMENTS),
 * with the Pesapal driver pointed at the fake Pesapal.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { payDemoOrderAction } from "@/actions/payments";
import DemoCheckoutPage from "@/app/(site)/pay/demo/[trackingId]/page";
import { parseEnv } from "@/lib/env";
import {
  createPaymentDriver,
  demoCheckoutOpen,
  DemoPaymentsRefused,
  paymentDriver,
  PESAPAL_IPN_PATH,
  setPaymentDriver,
} from "@/lib/payments";
import { createDemoDriver, getDemoCheckout, payDemoOrder } from "@/lib/payments/demo";
import { ProviderUnavailable } from "@/lib/payments/types";
import { useTestDb } from "@/tests/helpers/db";
import { type FakePesapal, startFakePesapal } from "@/tests/helpers/fake-pesapal";
import { expectRedirect, newVisitor } from "@/tests/helpers/fake-request";
import { asFormData, orderRequest } from "@/tests/helpers/payloads";

// The demo provider's orders live in this file's own database.
// eslint-disable-next-line react-hooks/rules-of-hooks
useTestDb();

const SITE = "https://breatheuganda.example";
afterEach(() => {
  setPaymentDriver(undefined);
});

describe("the demo driver", () => {
  const demo = createDemoDriver({ siteUrl: SITE });

  it("keeps an order, sends the payer to its checkout and answers pending until it is paid", async () => {
    const sent = orderRequest();
    const { trackingId, redirectUrl } = await demo.submitOrder(sent);
    expect(trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(redirectUrl).toBe(`${SITE}/pay/demo/${trackingId}`);
    expect(await demo.getOrderStatus(trackingId)).toEqual({
      trackingId,
      merchantReference: sent.merchantReference,
      status: "pending",
      amountMinor: 12345,
      currency: "USD",
      method: null,
      confirmationCode: null,
      description: null,
    });

    const paid = await payDemoOrder(trackingId, "completed", "MTN Mobile Money");
    expect(paid?.status).toBe("completed");
    const status = await demo.getOrderStatus(trackingId);
    expect(status).toMatchObject({
      status: "completed",
      method: "MTN Mobile Money",
      amountMinor: 12345,
    });
    expect(status.confirmationCode).toMatch(/^DEMO-[0-9A-F]{8}$/);

    // Settled once: a second choice changes nothing.
    expect((await payDemoOrder(trackingId, "failed", null))?.status).toBe("completed");
    expect((await demo.getOrderStatus(trackingId)).confirmationCode).toBe(status.confirmationCode);
  });

  it("fails an order with the provider's words, keeps shillings whole and the description short", async () => {
    const { trackingId } = await demo.submitOrder(
      orderRequest({ amountMinor: 350000, currency: "UGX", description: "y".repeat(150) }),
    );
    await payDemoOrder(trackingId, "failed", null);
    expect(await demo.getOrderStatus(trackingId)).toMatchObject({
      status: "failed",
      amountMinor: 350000,
      currency: "UGX",
      confirmationCode: null,
      description: "Declined in the demo checkout",
    });
    expect((await getDemoCheckout(trackingId))?.description).toHaveLength(100);
  });

  it("answers an unknown order as Pesapal does (ProviderUnavailable), and refuses a bad amount", async () => {
    await expect(
      demo.getOrderStatus("00000000-0000-4000-8000-000000000000"),
    ).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(
      await payDemoOrder("00000000-0000-4000-8000-000000000000", "completed", "Visa"),
    ).toBeNull();
    await expect(demo.submitOrder(orderRequest({ amountMinor: 0 }))).rejects.toThrow(RangeError);
  });

  it("takes a refund request as Pesapal's refunds are asked, saying plainly that it is a demo", async () => {
    const answer = await demo.requestRefund!({
      confirmationCode: "DEMO-1234",
      amountMinor: 5_000,
      currency: "USD",
      requestedBy: "Ada Admin",
      remarks: "Trip cancelled",
    });
    expect(answer).toEqual({
      accepted: true,
      message: "Demo refund: no money moves. With Pesapal this is a refund request.",
    });
  });
});

describe("the demo checkout", () => {
  beforeAll(() => newVisitor("192.0.2.77"));

  it("shows the banner, the amount and the buttons (mobile money only for shillings), and 404s for an unknown order", async () => {
    const { trackingId } = await paymentDriver().submitOrder(
      orderRequest({ amountMinor: 350000, currency: "UGX" }),
    );
    const html = renderToStaticMarkup(
      await DemoCheckoutPage({ params: Promise.resolve({ trackingId }) }),
    );
    expect(html).toContain("Demo checkout: no money moves");
    expect(html).toContain("Deposit: 3-Day Bwindi Gorilla Trek");
    expect(html).toMatch(/UGX\s*350,000/);
    for (const label of [
      "Pay with MTN Mobile Money (demo)",
      "Pay with Airtel Money (demo)",
      "Make it fail (demo)",
    ]) {
      expect(html).toContain(label);
    }
    // An order in shillings is paid by mobile money in Uganda: no card.
    expect(html).not.toContain("Pay by card (demo)");
    const dollars = await paymentDriver().submitOrder(orderRequest({ currency: "USD" }));
    expect(
      renderToStaticMarkup(
        await DemoCheckoutPage({ params: Promise.resolve({ trackingId: dollars.trackingId }) }),
      ),
    ).toContain("Pay by card (demo)");
    await expect(
      DemoCheckoutPage({
        params: Promise.resolve({ trackingId: "00000000-0000-4000-8000-000000000000" }),
      }),
    ).rejects.toMatchObject({ digest: expect.stringMatching(/404/) });
    await expect(
      DemoCheckoutPage({ params: Promise.resolve({ trackingId: "not-an-id" }) }),
    ).rejects.toMatchObject({
      digest: expect.stringMatching(/404/),
    });
  });

  it("pays, and the way back from a settled order's page is the callback_url with Pesapal's two parameters", async () => {
    const sent = orderRequest();
    const { trackingId } = await paymentDriver().submitOrder(sent);
    // An order the ledger never issued: the return step has no reference to show.
    expect(
      await expectRedirect(() =>
        payDemoOrderAction(undefined, asFormData({ trackingId, choice: "airtel" })),
      ),
    ).toBe("/pay/result");
    const url = new URL((await getDemoCheckout(trackingId))!.returnUrl);
    expect(`${url.origin}${url.pathname}`).toBe(sent.callbackUrl);
    expect(url.searchParams.get("OrderTrackingId")).toBe(trackingId);
    expect(url.searchParams.get("OrderMerchantReference")).toBe(sent.merchantReference);
    expect(await paymentDriver().getOrderStatus(trackingId)).toMatchObject({
      status: "completed",
      method: "Airtel Money",
    });
  });

  it("makes it fail, and refuses a made-up order or choice", async () => {
    const { trackingId } = await paymentDriver().submitOrder(orderRequest());
    await expectRedirect(() =>
      payDemoOrderAction(undefined, asFormData({ trackingId, choice: "fail" })),
    );
    expect((await paymentDriver().getOrderStatus(trackingId)).status).toBe("failed");

    const unknown = await payDemoOrderAction(
      undefined,
      asFormData({ trackingId: "00000000-0000-4000-8000-000000000000", choice: "card" }),
    );
    expect(unknown).toMatchObject({ status: "error", title: "Order Not Found" });
    const invalid = await payDemoOrderAction(undefined, asFormData({ trackingId, choice: "free" }));
    expect(invalid.status).toBe("invalid");
  });

  it("is not there while another driver is the active one", async () => {
    const { trackingId } = await createDemoDriver().submitOrder(orderRequest());
    setPaymentDriver({ ...createDemoDriver(), name: "pesapal" });
    expect(demoCheckoutOpen()).toBe(false);
    await expect(
      DemoCheckoutPage({ params: Promise.resolve({ trackingId }) }),
    ).rejects.toMatchObject({
      digest: expect.stringMatching(/404/),
    });
    const state = await payDemoOrderAction(undefined, asFormData({ trackingId, choice: "mtn" }));
    expect(state).toMatchObject({ status: "error", title: "Order Not Found" });
    expect((await getDemoCheckout(trackingId))?.status).toBe("pending");
  });
});

describe("choosing the driver", () => {
  let fake: FakePesapal;
  beforeAll(async () => {
    fake = await startFakePesapal();
  });
  afterAll(async () => {
    await fake.close();
  });

  it("takes the demo driver by default, in development and in the tests", () => {
    expect(createPaymentDriver(parseEnv({})).name).toBe("demo");
    expect(createPaymentDriver(parseEnv({ NODE_ENV: "test" })).name).toBe("demo");
    expect(paymentDriver().name).toBe("demo");
    expect(demoCheckoutOpen()).toBe(true);
  });

  it("refuses the demo driver in production, naming what to set, unless ALLOW_DEMO_PAYMENTS", () => {
    const refused = () => createPaymentDriver(parseEnv({ NODE_ENV: "production" }));
    expect(refused).toThrow(DemoPaymentsRefused);
    expect(refused).toThrow(/PAYMENTS_DRIVER=pesapal.*ALLOW_DEMO_PAYMENTS=1/s);
    expect(
      createPaymentDriver(parseEnv({ NODE_ENV: "production", ALLOW_DEMO_PAYMENTS: "1" })).name,
    ).toBe("demo");
  });

  it("takes Pesapal, at PESAPAL_BASE_URL, registering SITE_URL's IPN address", async () => {
    const pesapal = createPaymentDriver(
      parseEnv({
        NODE_ENV: "production",
        SITE_URL: SITE,
        PAYMENTS_DRIVER: "pesapal",
        PESAPAL_BASE_URL: fake.url,
        PESAPAL_CONSUMER_KEY: fake.consumerKey,
        PESAPAL_CONSUMER_SECRET: fake.consumerSecret,
      }),
    );
    expect(pesapal.name).toBe("pesapal");
    const { trackingId } = await pesapal.submitOrder(orderRequest());
    expect(fake.order(trackingId)?.amount).toBe(123.45);
    const registration = fake.requests.find((r) => r.path === "/api/URLSetup/RegisterIPN");
    expect(registration?.body).toEqual({
      url: `${SITE}${PESAPAL_IPN_PATH}`,
      ipn_notification_type: "GET",
    });
  });
});
