/**
 * Paying in Uganda shillings (lib/payments/data/rates.ts, startPayment and settleOrder in
 * lib/payments/data/ledger.ts) on a real database: staff set the rate on the Payments screen
 * (who and when, audited); the pay page offers shillings only once a rate is in force, quoting
 * the amount rounded up to a whole shilling; the order goes to the provider in shillings and,
 * once the provider confirms it, the booking's US dollar balance falls by the dollars the rate
 * priced; an answer in another currency is flagged for staff and never counted; the receipt, its
 * mail and the staff ledger show both amounts and the rate.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { payAction, setUgxRateAction } from "@/actions/payments";
import { bookings, payments } from "@/db/schema";
import { receiptFor } from "@/lib/documents/data";
import { setPaymentDriver } from "@/lib/payments";
import { getPayableBooking } from "@/lib/payments/data/checkout";
import { getLedger, settleOrder } from "@/lib/payments/data/ledger";
import { getPaymentsSummary } from "@/lib/payments/data/overview";
import { listUgxRates } from "@/lib/payments/data/rates";
import { getDemoCheckout, payDemoOrder } from "@/lib/payments/demo";
import { payLinkToken } from "@/lib/payments/pay-link";
import { rateDay } from "@/lib/payments/ugx";
import type { OrderRequest, OrderStatus, PaymentDriver } from "@/lib/payments/types";
import { resetRateLimits } from "@/lib/rate-limit";
import { createAdminWorld, insertBookings } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { newVisitor, redirectTarget } from "@/tests/helpers/fake-request";
import { latestMail, onlyPdfAttached } from "@/tests/helpers/outbox";
import { asFormData, inDays } from "@/tests/helpers/payloads";
import { expectPdfToSay } from "@/tests/helpers/pdf-text";
import { openWorld } from "@/tests/helpers/world";

/** A provider held by the test: each order answers what the test tells it to. */
function fakeDriver() {
  const orders = new Map<string, OrderRequest & { answer: Partial<OrderStatus> }>();
  const driver: PaymentDriver = {
    name: "pesapal",
    async submitOrder(order) {
      const trackingId = crypto.randomUUID();
      orders.set(trackingId, { ...order, answer: { status: "pending" } });
      return { trackingId, redirectUrl: `https://pay.example/checkout/${trackingId}` };
    },
    async getOrderStatus(trackingId) {
      const order = orders.get(trackingId)!;
      return {
        trackingId,
        merchantReference: order.merchantReference,
        status: "pending",
        amountMinor: order.amountMinor,
        currency: order.currency,
        method: "MTN Mobile Money",
        confirmationCode: `MTN${trackingId.slice(0, 6).toUpperCase()}`,
        description: null,
        ...order.answer,
      };
    },
    async cancelOrder() {
      return true;
    },
  };
  return { driver, orders };
}

const provider = fakeDriver();
const t = openWorld(createAdminWorld);

let ip = 0;
beforeEach(() => {
  setPaymentDriver(provider.driver);
  resetRateLimits();
  newVisitor(`203.0.113.${(++ip % 250) + 1}`);
  actAs(null);
});

/** A booking whose 30% deposit is $333.51 (total $1,111.70). */
async function quoted(email = "amina@example.com") {
  const [id] = await insertBookings(t.db, [
    {
      email,
      fullName: "Amina Nakato",
      tourPackage: "Gorilla Trek & Safari Escape",
      departureDate: inDays(200),
      totalMinor: 111_170,
      balanceDueOn: inDays(140),
    },
  ]);
  return id!;
}

/** The pay page's form posted: the redirect's target, or the state's status and title. */
async function pay(fields: Record<string, string>) {
  try {
    const state = await payAction(undefined, asFormData(fields));
    return `${state.status}: ${"title" in state ? state.title : ""}`;
  } catch (error) {
    const to = redirectTarget(error);
    if (to === null) throw error;
    return `redirect ${to}`;
  }
}

const rowsOf = (bookingId: string) =>
  t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const bookingOf = async (id: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

async function setRate(rate: string, effectiveFrom = "") {
  actAs(t.w.staff);
  const state = await setUgxRateAction(undefined, { rate, effectiveFrom });
  actAs(null);
  return state;
}

describe("without a rate", () => {
  it("offers US dollars only, and refuses a payment in shillings", async () => {
    const id = await quoted();
    const booking = await getPayableBooking(id);
    expect(booking!.shillingRate).toBeNull();
    expect(booking!.choices.map((c) => c.ugx)).toEqual([undefined, undefined]);
    expect(await pay({ token: payLinkToken(id), kind: "deposit", currency: "UGX" })).toBe(
      "error: Rate Changed",
    );
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe("the rate staff set", () => {
  it("is saved with who set it, listed as current and audited", async () => {
    const state = await setRate("3,712.50");
    expect(state).toMatchObject({ status: "success", title: "Rate Saved" });
    actAs(t.w.staff);
    const [latest] = await listUgxRates();
    expect(latest).toMatchObject({
      ugxPerUsd: "3712.50",
      setByUserId: t.w.staff.id,
      setByName: "Peter Ssali",
      current: true,
    });
    const [event] = await auditTrail(t.db, { action: "payment.rate_set", targetId: latest!.id });
    expect(event).toMatchObject({ actorLabel: t.w.staff.email });
    expect(event!.details).toMatchObject({ ugxPerUsd: "3,712.5" });
  });

  it("refuses a rate that is not a positive amount", async () => {
    const state = await setRate("-5");
    expect(state.status).toBe("invalid");
    expect(await setRate("abc")).toMatchObject({ status: "invalid" });
  });

  it("is not in force before its start", async () => {
    actAs(t.w.staff);
    const before = (await listUgxRates()).find((r) => r.current)!;
    // Tomorrow at 09:00 in Kampala: listed, not current.
    await setRate("4000", `${inDays(1)}T09:00`);
    actAs(t.w.staff);
    const rates = await listUgxRates();
    expect(rates[0]).toMatchObject({ ugxPerUsd: "4000.00", current: false });
    expect(rates.find((r) => r.current)!.id).toBe(before.id);
  });
});

describe("a deposit paid in shillings", () => {
  it("is quoted, ordered in UGX, and once confirmed counts the dollars it settles", async () => {
    const id = await quoted();
    const booking = (await getPayableBooking(id))!;
    const rate = booking.shillingRate!;
    expect(rate.ugxPerUsd).toBe("3712.50");
    // $333.51 × 3,712.50 = 1,238,155.875 shillings: rounded up.
    expect(booking.choices[0]).toMatchObject({
      kind: "deposit",
      amountMinor: 33_351,
      ugx: {
        amountMinor: 1_238_156,
        quote: `UGX 1,238,156 at 3,712.5 UGX per USD, rate of ${rateDay(rate.effectiveFrom)}`,
      },
    });

    const to = await pay({
      token: payLinkToken(id),
      kind: "deposit",
      currency: "UGX",
      rateId: rate.id,
    });
    expect(to).toMatch(/^redirect https:\/\/pay\.example\/checkout\//);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      kind: "deposit",
      currency: "UGX",
      amountMinor: 1_238_156,
      usdMinor: 33_351,
      usdRate: "3712.50",
      rateId: rate.id,
      status: "pending",
    });
    const order = provider.orders.get(row!.providerTrackingId!)!;
    expect([order.currency, order.amountMinor]).toEqual(["UGX", 1_238_156]);

    // A second Pay at the same rate goes back to the same order.
    expect(
      await pay({ token: payLinkToken(id), kind: "deposit", currency: "UGX", rateId: rate.id }),
    ).toBe(to);
    expect(await rowsOf(id)).toHaveLength(1);

    order.answer = { status: "completed" };
    const settled = await settleOrder(row!.providerTrackingId!, provider.driver);
    expect(settled).toMatchObject({ status: "completed", changed: true, flaggedReason: null });
    const after = await bookingOf(id);
    expect([after.paidMinor, after.paymentStatus]).toEqual([33_351, "Deposit Made"]);
    // What is left is the dollar balance less the dollars the shillings settled.
    const left = await getPayableBooking(id);
    expect(left!.due).toMatchObject({ paidMinor: 33_351, depositDue: 0, balanceMinor: 77_819 });

    const both = "UGX 1,238,156 (USD 333.51 at 3,712.5 UGX per USD)";
    actAs(t.w.staff);
    const ledger = await getLedger(id);
    expect(ledger.entries[0]!.amount).toBe(both);
    expect(ledger.due.paidMinor).toBe(33_351);
    expect((await getPaymentsSummary()).receivedThisMonthMinor).toBeGreaterThanOrEqual(33_351);

    const mail = await latestMail(t.db, "amina@example.com", "payment-received");
    expect(mail!.textBody).toContain(both);
    expectPdfToSay(onlyPdfAttached(mail!, `breathe-uganda-receipt-${row!.merchantReference}.pdf`), [
      both,
      "UGX 1,238,156",
    ]);
    const receipt = await receiptFor(row!.id);
    expectPdfToSay(receipt!.pdf, [both]);
  });

  it("starts nothing at a rate other than the one the page showed", async () => {
    const id = await quoted("rate-moved@example.com");
    const shown = (await getPayableBooking(id))!.shillingRate!;
    await setRate("3800");
    expect(
      await pay({ token: payLinkToken(id), kind: "deposit", currency: "UGX", rateId: shown.id }),
    ).toBe("error: Rate Changed");
    expect(await rowsOf(id)).toEqual([]);
    // The page now quotes the new rate, and paying at it starts the order.
    const now = (await getPayableBooking(id))!;
    expect(now.choices[0]!.ugx!.quote).toMatch(/^UGX 1,267,338 at 3,800 UGX per USD, rate of /);
    expect(
      await pay({
        token: payLinkToken(id),
        kind: "deposit",
        currency: "UGX",
        rateId: now.shillingRate!.id,
      }),
    ).toMatch(/^redirect /);
  });

  it("flags an answer in another currency for staff and never counts it", async () => {
    const id = await quoted("other-currency@example.com");
    const rate = (await getPayableBooking(id))!.shillingRate!;
    await pay({ token: payLinkToken(id), kind: "deposit", currency: "UGX", rateId: rate.id });
    const [row] = await rowsOf(id);
    // The provider says the payer paid the dollars, not the shillings ordered.
    provider.orders.get(row!.providerTrackingId!)!.answer = {
      status: "completed",
      currency: "USD",
      amountMinor: 33_351,
    };
    const settled = await settleOrder(row!.providerTrackingId!, provider.driver);
    expect(settled.status).toBe("pending");
    expect(settled.flaggedReason).toContain("currency USD instead of UGX");
    const after = await bookingOf(id);
    expect([after.paidMinor, after.paymentStatus]).toEqual([0, "Pending"]);
    expect(await latestMail(t.db, "other-currency@example.com", "payment-received")).toBeNull();
  });

  it("in dollars still goes as before, beside the shillings offered", async () => {
    const id = await quoted("dollars@example.com");
    const rate = (await getPayableBooking(id))!.shillingRate!;
    await pay({ token: payLinkToken(id), kind: "deposit", currency: "USD", rateId: rate.id });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      currency: "USD",
      amountMinor: 33_351,
      usdMinor: null,
      usdRate: null,
    });
  });
});

describe("the demo driver", () => {
  it("takes an order in shillings, shows it on its checkout and settles it", async () => {
    setPaymentDriver(undefined); // the environment's: demo in the tests
    const id = await quoted("demo-ugx@example.com");
    const rate = (await getPayableBooking(id))!.shillingRate!;
    const to = await pay({
      token: payLinkToken(id),
      kind: "deposit",
      currency: "UGX",
      rateId: rate.id,
    });
    const trackingId = to.split("/pay/demo/")[1]!;
    expect(await getDemoCheckout(trackingId)).toMatchObject({
      currency: "UGX",
      amountMinor: 1_267_338,
    });
    await payDemoOrder(trackingId, "completed", "Airtel Money");
    expect((await settleOrder(trackingId)).status).toBe("completed");
    expect((await bookingOf(id)).paidMinor).toBe(33_351);
  });
});
