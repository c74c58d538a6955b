/**
 * The payments ledger (lib/payments/data/ledger.ts) on a real database: an online payment started,
 * settled only from the provider's own status (never from a notification), counted once whatever
 * arrives and how often, flagged when the amount differs, left pending while the provider is
 * down; staff cash, bank and refunds; the booking's total and payment status derived in one place,
 * with its net paid (what the money screens sum) and, for a private trip now paid in part or in
 * full, its guide picked whichever way the money came.
 *
 * The provider: an in-memory driver held by the test, then the real Pesapal driver against a local
 * fake Pesapal (tests/helpers/fake-pesapal.ts) that answers the documented requests. The route
 * handlers take the process's driver, which each test sets (setPaymentDriver).
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as ipnRoute from "@/app/api/payments/pesapal/ipn/route";
import * as returnRoute from "@/app/api/payments/return/route";
import { bookingEvents, bookings, payments } from "@/db/schema";
import { getPaymentsSummary } from "@/lib/payments/data/overview";
import { getBookingForEdit, updateBookingPayment } from "@/lib/bookings/data/manage";
import { createBooking } from "@/lib/bookings/data/requests";
import {
  getLedger,
  recheckPendingPayments,
  recordManualPayment,
  recordRefund,
  setBookingTotal,
  settleOrder,
  startPayment,
} from "@/lib/payments/data/ledger";
import { setPaymentDriver } from "@/lib/payments";
import { refundBooking } from "@/lib/payments/data/refunds";
import { createPesapalDriver } from "@/lib/payments/pesapal";
import type {
  OrderRequest,
  OrderStatus,
  PaymentDriver,
  ProviderStatus,
} from "@/lib/payments/types";
import { ProviderUnavailable } from "@/lib/payments/types";
import { resetRateLimits } from "@/lib/rate-limit";
import { createAdminWorld, onlyGuides } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { type FakePesapal, startFakePesapal } from "@/tests/helpers/fake-pesapal";
import { actAs } from "@/tests/helpers/customer-world";
import { book, makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { inDays } from "@/tests/helpers/payloads";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

/* ------------------------------------------------------------------------------------------ */
/* A provider held by the test                                                                 */
/* ------------------------------------------------------------------------------------------ */

type Held = OrderRequest & { trackingId: string; answer: Partial<OrderStatus> };

function fakeDriver() {
  const orders = new Map<string, Held>();
  const state = { down: false, statusChecks: 0, cancels: [] as string[] };
  const driver: PaymentDriver = {
    name: "pesapal",
    async submitOrder(order) {
      if (state.down) throw new ProviderUnavailable("503 from the provider");
      const trackingId = crypto.randomUUID();
      orders.set(trackingId, { ...order, trackingId, answer: { status: "pending" } });
      return { trackingId, redirectUrl: `https://pay.example/checkout/${trackingId}` };
    },
    async getOrderStatus(trackingId) {
      state.statusChecks += 1;
      // Let concurrent callers interleave, as a network call would.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      if (state.down) throw new ProviderUnavailable("503 from the provider");
      const order = orders.get(trackingId);
      if (!order) throw new ProviderUnavailable("unknown order");
      const paid = order.answer.status === "completed" || order.answer.status === "reversed";
      return {
        trackingId,
        merchantReference: order.merchantReference,
        status: "pending",
        amountMinor: paid ? order.amountMinor : 0,
        currency: order.currency,
        method: paid ? "MTN Mobile Money" : null,
        confirmationCode: paid ? `MTN${trackingId.slice(0, 6)}` : null,
        description: null,
        ...order.answer,
      };
    },
    async cancelOrder(trackingId) {
      if (state.down) throw new ProviderUnavailable("503 from the provider");
      state.cancels.push(trackingId);
      const order = orders.get(trackingId);
      // As Pesapal: only an order not paid (pending or failed) can be cancelled.
      if (!order || order.answer.status === "completed" || order.answer.status === "reversed")
        return false;
      order.answer = { status: "failed", description: "Cancelled" };
      return true;
    },
  };
  return {
    driver,
    state,
    orders,
    settle(trackingId: string, status: ProviderStatus, extra: Partial<OrderStatus> = {}) {
      orders.get(trackingId)!.answer = { status, ...extra };
    },
  };
}

/** One provider for the file: every order any test made stays known to it, as at Pesapal. */
const provider = fakeDriver();

const t = openWorld(async (db) => createAdminWorld(db));

beforeEach(() => {
  provider.state.down = false;
  setPaymentDriver(provider.driver);
  actAs(t.w.staff);
  resetRateLimits();
});

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** A public booking of the gorilla safari, its total set by staff: $1,000.00 unless told. */
async function bookingWithTotal(totalMinor = 100_000) {
  const { id } = await createBooking(newRequest({ departureDate: inDays(200) }), {
    source: "public",
  });
  actAs(t.w.staff);
  await setBookingTotal(id, totalMinor, "Two adults, mid-range lodges");
  return id;
}

type ManualPayment = Parameters<typeof recordManualPayment>[0];

/** Staff record money taken by hand: no receipt number or note unless given. */
function recordByHand(
  bookingId: string,
  kind: ManualPayment["kind"],
  method: ManualPayment["method"],
  amountMinor: number,
  more: Partial<Pick<ManualPayment, "reference" | "note">> = {},
) {
  return recordManualPayment({
    bookingId,
    kind,
    method,
    amountMinor,
    reference: null,
    note: null,
    ...more,
  });
}

async function booking(id: string) {
  const [row] = await t.db
    .select({
      paymentStatus: bookings.paymentStatus,
      paidMinor: bookings.paidMinor,
      guideId: bookings.guideId,
      totalMinor: bookings.totalMinor,
      totalReason: bookings.totalReason,
      balanceDueOn: bookings.balanceDueOn,
      departureDate: bookings.departureDate,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row!;
}

const rowsOf = (bookingId: string) =>
  t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt);

const auditsOf = (bookingId: string, action: string) =>
  auditTrail(t.db, { targetId: bookingId, action });

const statusEventsOf = (bookingId: string) =>
  t.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.field, "payment_status")));

function ipnRequest(trackingId: string, reference: string, method: "GET" | "POST" = "GET") {
  const query = new URLSearchParams({
    OrderTrackingId: trackingId,
    OrderMerchantReference: reference,
    OrderNotificationType: "IPNCHANGE",
  });
  if (method === "GET")
    return new NextRequest(new URL(`/api/payments/pesapal/ipn?${query}`, "http://localhost:3000"));
  return new NextRequest(new URL("/api/payments/pesapal/ipn", "http://localhost:3000"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(Object.fromEntries(query)),
  });
}

/** A started deposit: its row, tracking id and reference. */
async function startedDeposit(bookingId: string) {
  const started = await startPayment(bookingId, "deposit", provider.driver);
  const [row] = await t.db.select().from(payments).where(eq(payments.id, started.paymentId));
  return { ...started, trackingId: row!.providerTrackingId!, row: row! };
}

/* ------------------------------------------------------------------------------------------ */
/* Tests                                                                                       */
/* ------------------------------------------------------------------------------------------ */

describe("the booking's total", () => {
  it("sets the total, its reason and the balance's day (the tour's balance days before departure)", async () => {
    const id = await bookingWithTotal(250_000);
    const b = await booking(id);
    expect(b).toMatchObject({ totalMinor: 250_000, totalReason: "Two adults, mid-range lodges" });
    // The seeded gorilla safari asks its balance 91 days ahead (its permits), others 60.
    const days = Math.round(
      (Date.parse(b.departureDate!) - Date.parse(b.balanceDueOn!)) / 86_400_000,
    );
    expect([60, 91]).toContain(days);
    const history = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.field, "total")));
    expect(history).toMatchObject([{ fromValue: null, toValue: "$2,500.00" }]);
  });

  it("is for staff only", async () => {
    const id = await bookingWithTotal();
    actAs(t.w.a);
    await expect(setBookingTotal(id, 1, null)).rejects.toThrow();
    expect((await booking(id)).totalMinor).toBe(100_000);
  });
});

describe("an online payment", () => {
  it("starts with the deposit due, a pending row and the provider's checkout", async () => {
    const id = await bookingWithTotal(100_000);
    const started = await startedDeposit(id);
    expect(started.redirectUrl).toBe(`https://pay.example/checkout/${started.trackingId}`);
    expect(started.merchantReference).toMatch(/^BU-[0-9A-F]{8}-[0-9A-F]{10}$/);
    expect(started.row).toMatchObject({
      kind: "deposit",
      amountMinor: 30_000,
      currency: "USD",
      provider: "pesapal",
      status: "pending",
    });
    const order = provider.orders.get(started.trackingId)!;
    expect(order).toMatchObject({
      merchantReference: started.merchantReference,
      amountMinor: 30_000,
      currency: "USD",
      callbackUrl: expect.stringMatching(/\/api\/payments\/return$/),
    });
    expect(order.billing).toMatchObject({ firstName: "Amina", lastName: "Nakato" });
    expect(await auditsOf(id, "payment.started")).toHaveLength(1);
    expect((await booking(id)).paymentStatus).toBe("Pending");
  });

  it("names a signed-in customer as the payer in the trail, and anyone else as a visitor", async () => {
    const id = await bookingWithTotal(100_000);
    actAs(t.w.a);
    await startedDeposit(id);
    const [byCustomer] = await auditsOf(id, "payment.started");
    expect(byCustomer).toMatchObject({ actorLabel: t.w.a.email, actorRole: "customer" });

    const other = await bookingWithTotal(100_000);
    actAs(null);
    await startedDeposit(other);
    const [byVisitor] = await auditsOf(other, "payment.started");
    expect(byVisitor).toMatchObject({ actorLabel: "visitor", actorRole: "visitor" });
  });

  it("refuses when nothing is due, the booking has no total or is cancelled", async () => {
    const id = await bookingWithTotal(100_000);
    expect((await refusal(startPayment(id, "balance", provider.driver))).details.reason).toBe(
      "Pay the deposit first, or the full amount.",
    );
    await recordByHand(id, "full", "bank", 100_000, { reference: "TT-1" });
    const paid = await refusal(startPayment(id, "full", provider.driver));
    expect(paid).toMatchObject({ code: "nothing_due" });
    expect(paid.details.reason).toBe("This booking is paid in full.");

    const untotalled = await createBooking(
      newRequest({
        fullName: "No Total",
        email: `none-${crypto.randomUUID()}@example.com`,
        address: null,
        departureDate: inDays(100),
        groupSize: 1,
      }),
      { source: "public" },
    );
    expect(
      (await refusal(startPayment(untotalled.id, "deposit", provider.driver))).details.reason,
    ).toBe("This booking has no price yet.");

    const cancelled = await bookingWithTotal();
    await t.db
      .update(bookings)
      .set({ bookingStatus: "cancelled" })
      .where(eq(bookings.id, cancelled));
    expect((await refusal(startPayment(cancelled, "deposit", provider.driver))).code).toBe(
      "nothing_due",
    );
  });

  it("says so when the provider does not answer, and nothing is owed", async () => {
    const id = await bookingWithTotal();
    provider.state.down = true;
    expect((await refusal(startPayment(id, "deposit", provider.driver))).code).toBe(
      "provider_unavailable",
    );
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: "failed", providerTrackingId: null });
    expect((await booking(id)).paymentStatus).toBe("Pending");
  });

  it("is completed once by the same notification 20 times at once", async () => {
    const id = await bookingWithTotal(100_000);
    const { trackingId, merchantReference } = await startedDeposit(id);
    provider.settle(trackingId, "completed");

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ipnRoute[i % 2 ? "GET" : "POST"](
          ipnRequest(trackingId, merchantReference, i % 2 ? "GET" : "POST"),
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        orderNotificationType: "IPNCHANGE",
        orderTrackingId: trackingId,
        orderMerchantReference: merchantReference,
        status: 200,
      });
    }
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "completed",
      method: "MTN Mobile Money",
      confirmationCode: `MTN${trackingId.slice(0, 6)}`,
    });
    expect(rows[0]!.completedAt).toBeInstanceOf(Date);
    expect((await booking(id)).paymentStatus).toBe("Deposit Made");
    expect(await statusEventsOf(id)).toMatchObject([
      { fromValue: "Pending", toValue: "Deposit Made", actorLabel: "system" },
    ]);
    expect(await auditsOf(id, "payment.completed")).toHaveLength(1);

    // Later notifications and the payer's return change nothing more.
    expect((await settleOrder(trackingId, provider.driver)).changed).toBe(false);
    const back = await returnRoute.GET(
      new NextRequest(
        new URL(
          `/api/payments/return?OrderTrackingId=${trackingId}&OrderMerchantReference=${merchantReference}`,
          "http://localhost:3000",
        ),
      ),
    );
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/pay/result?ref=${merchantReference}`);
    expect(await auditsOf(id, "payment.completed")).toHaveLength(1);
  });

  it("changes nothing on a forged notification whose status check says not paid", async () => {
    const id = await bookingWithTotal();
    const { trackingId, merchantReference } = await startedDeposit(id);
    const answer = await ipnRoute.POST(ipnRequest(trackingId, merchantReference, "POST"));
    expect((await answer.json()).status).toBe(200);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "pending", flaggedReason: null });
    expect((await booking(id)).paymentStatus).toBe("Pending");
    expect(await auditsOf(id, "payment.completed")).toHaveLength(0);

    // An order we never issued is asked of nobody and acknowledged as not handled.
    const checks = provider.state.statusChecks;
    const unknown = await ipnRoute.GET(ipnRequest(crypto.randomUUID(), merchantReference));
    expect(unknown.status).toBe(200);
    expect((await unknown.json()).status).toBe(500);
    expect(provider.state.statusChecks).toBe(checks);

    // A malformed tracking id: Pesapal's acknowledgement in an HTTP 200, status 500 in the body,
    // with the notification's own fields; nobody is asked, nothing changes.
    for (const method of ["GET", "POST"] as const) {
      const malformed = await ipnRoute[method](ipnRequest("<script>", merchantReference, method));
      expect(malformed.status).toBe(200);
      expect(await malformed.json()).toEqual({
        orderNotificationType: "IPNCHANGE",
        orderTrackingId: "<script>",
        orderMerchantReference: merchantReference,
        status: 500,
      });
    }
    expect(provider.state.statusChecks).toBe(checks);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "pending" });
  });

  it("flags an amount or currency that differs, and never counts it", async () => {
    const id = await bookingWithTotal(100_000);
    const { trackingId } = await startedDeposit(id);
    provider.settle(trackingId, "completed", { amountMinor: 100 });
    const result = await settleOrder(trackingId, provider.driver);
    expect(result).toMatchObject({ status: "pending", changed: true });
    expect(result.flaggedReason).toBe("The provider reports amount $1.00 instead of $300.00.");
    expect((await rowsOf(id))[0]).toMatchObject({ status: "pending", completedAt: null });
    expect((await booking(id)).paymentStatus).toBe("Pending");
    expect(await auditsOf(id, "payment.flagged")).toHaveLength(1);

    // Asked again (a minute on), even with the right amount now: flagged once, it waits for staff.
    provider.settle(trackingId, "completed");
    const checks = provider.state.statusChecks;
    expect(
      await settleOrder(trackingId, provider.driver, new Date(Date.now() + 61_000)),
    ).toMatchObject({
      status: "pending",
      changed: false,
    });
    expect(provider.state.statusChecks).toBe(checks + 1);
    expect(await auditsOf(id, "payment.flagged")).toHaveLength(1);
    expect((await booking(id)).paymentStatus).toBe("Pending");

    const other = await bookingWithTotal(100_000);
    const second = await startedDeposit(other);
    provider.settle(second.trackingId, "completed", { currency: "UGX", amountMinor: 30_000 });
    expect((await settleOrder(second.trackingId, provider.driver)).flaggedReason).toMatch(
      /currency UGX instead of USD/,
    );
    expect((await booking(other)).paymentStatus).toBe("Pending");
  });

  it("stays pending while the provider is down, and the return page still finds the order", async () => {
    const id = await bookingWithTotal();
    const { trackingId, merchantReference } = await startedDeposit(id);
    provider.settle(trackingId, "completed");
    provider.state.down = true;
    const ipn = await ipnRoute.GET(ipnRequest(trackingId, merchantReference));
    expect(ipn.status).toBe(200);
    expect((await ipn.json()).status).toBe(500);
    // Asked again a minute on (the failed check held its minute): still down.
    await expect(
      settleOrder(trackingId, provider.driver, new Date(Date.now() + 61_000)),
    ).rejects.toBeInstanceOf(ProviderUnavailable);
    const back = await returnRoute.GET(
      new NextRequest(
        new URL(`/api/payments/return?OrderTrackingId=${trackingId}`, "http://localhost:3000"),
      ),
    );
    expect(back.headers.get("location")).toBe(`/pay/result?ref=${merchantReference}`);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: "pending" });
    expect(row!.checkedAt).toBeInstanceOf(Date);
    expect((await booking(id)).paymentStatus).toBe("Pending");

    // Back up: the schedule settles it (a notification may never come).
    provider.state.down = false;
    expect(await recheckPendingPayments(new Date(Date.now() + 3 * 60_000), provider.driver)).toBe(
      1,
    );
    expect((await booking(id)).paymentStatus).toBe("Deposit Made");
    expect(await recheckPendingPayments(new Date(Date.now() + 3 * 60_000), provider.driver)).toBe(
      0,
    );
  });

  it("rechecks on the schedule only orders at least two minutes and at most a week old", async () => {
    const id = await bookingWithTotal();
    const { trackingId } = await startedDeposit(id);
    provider.settle(trackingId, "completed");
    // Just made: the payer is still on the checkout.
    await recheckPendingPayments(new Date(), provider.driver);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "pending", checkedAt: null });
    // Eight days later it is no longer asked (staff see it pending on the ledger).
    const asked = provider.state.statusChecks;
    await recheckPendingPayments(new Date(Date.now() + 8 * 86_400_000), provider.driver);
    expect(provider.state.statusChecks).toBe(asked);
    expect((await booking(id)).paymentStatus).toBe("Pending");
  });

  it("records a failure once, and a failed order stays failed", async () => {
    const id = await bookingWithTotal();
    const { trackingId } = await startedDeposit(id);
    provider.settle(trackingId, "failed", { description: "Insufficient balance" });
    expect(await settleOrder(trackingId, provider.driver)).toMatchObject({
      status: "failed",
      changed: true,
    });
    provider.settle(trackingId, "completed");
    expect(await settleOrder(trackingId, provider.driver)).toMatchObject({
      status: "failed",
      changed: false,
    });
    expect((await rowsOf(id))[0]).toMatchObject({ status: "failed", note: "Insufficient balance" });
    expect(await auditsOf(id, "payment.failed")).toHaveLength(1);
    expect((await booking(id)).paymentStatus).toBe("Pending");
  });

  it("pays the balance after the deposit, and a reversal takes it back", async () => {
    const id = await bookingWithTotal(100_000);
    const deposit = await startedDeposit(id);
    provider.settle(deposit.trackingId, "completed");
    await settleOrder(deposit.trackingId, provider.driver);
    const balance = await startPayment(id, "balance", provider.driver);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, balance.paymentId));
    expect(row).toMatchObject({ kind: "balance", amountMinor: 70_000 });
    provider.settle(row!.providerTrackingId!, "completed");
    await settleOrder(row!.providerTrackingId!, provider.driver);
    expect((await booking(id)).paymentStatus).toBe("Paid");

    provider.settle(row!.providerTrackingId!, "reversed");
    // A completed payment is asked again for a reversal once an hour.
    const hourOn = new Date(Date.now() + 61 * 60_000);
    expect(await settleOrder(row!.providerTrackingId!, provider.driver, hourOn)).toMatchObject({
      status: "reversed",
      changed: true,
    });
    expect((await booking(id)).paymentStatus).toBe("Deposit Made");
    expect(await auditsOf(id, "payment.reversed")).toHaveLength(1);
  });
});

describe("one open order per booking", () => {
  it("sends a second Pay of the same kind back to the open order, and a different one replaces it (cancelled at the provider)", async () => {
    const id = await bookingWithTotal(480_000);
    const first = await startPayment(id, "full", provider.driver);
    const again = await startPayment(id, "full", provider.driver);
    expect(again).toEqual(first);
    expect((await rowsOf(id)).filter((r) => r.status === "pending")).toHaveLength(1);
    expect(await auditsOf(id, "payment.started")).toHaveLength(1);

    // The payer changes their mind: the deposit replaces the full order, cancelled at the provider.
    const firstTracking = (await rowsOf(id))[0]!.providerTrackingId!;
    const deposit = await startPayment(id, "deposit", provider.driver);
    expect(deposit.paymentId).not.toBe(first.paymentId);
    expect(provider.state.cancels).toContain(firstTracking);
    const rows = await rowsOf(id);
    expect(rows.filter((r) => r.status === "pending")).toMatchObject([
      { id: deposit.paymentId, kind: "deposit", amountMinor: 144_000 },
    ]);
    expect(rows.find((r) => r.id === first.paymentId)).toMatchObject({ status: "failed" });
  });

  it("counts two paid orders of one booking once and flags the second for a refund", async () => {
    const id = await bookingWithTotal(480_000);
    const full = await startPayment(id, "full", provider.driver);
    const fullTracking = (await rowsOf(id))[0]!.providerTrackingId!;
    // Paid in one tab while the other starts a deposit: the provider refuses to cancel a paid order.
    provider.settle(fullTracking, "completed");
    const deposit = await startPayment(id, "deposit", provider.driver);
    expect(provider.state.cancels).toContain(fullTracking);
    const depositTracking = (await rowsOf(id)).find(
      (r) => r.id === deposit.paymentId,
    )!.providerTrackingId!;
    provider.settle(depositTracking, "completed");

    expect(await settleOrder(fullTracking, provider.driver)).toMatchObject({
      status: "completed",
      changed: true,
    });
    const second = await settleOrder(depositTracking, provider.driver);
    expect(second).toMatchObject({ status: "pending", changed: true });
    expect(second.flaggedReason).toMatch(/refund/i);
    expect(await booking(id)).toMatchObject({ paymentStatus: "Paid", paidMinor: 480_000 });
    const rows = await rowsOf(id);
    expect(rows.find((r) => r.id === full.paymentId)).toMatchObject({ status: "completed" });
    expect(rows.find((r) => r.id === deposit.paymentId)).toMatchObject({
      status: "pending",
      completedAt: null,
      confirmationCode: `MTN${depositTracking.slice(0, 6)}`,
    });
    expect(await auditsOf(id, "payment.flagged")).toHaveLength(1);
    expect(await auditsOf(id, "payment.completed")).toHaveLength(1);
  });
});

describe("status checks of one order", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks the provider once a minute while pending and once an hour once completed, however many notifications come", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const id = await bookingWithTotal(100_000);
    const { trackingId, merchantReference } = await startedDeposit(id);
    const notify = async (n: number) => {
      const before = provider.state.statusChecks;
      for (let i = 0; i < n; i++) {
        const answer = await ipnRoute.GET(ipnRequest(trackingId, merchantReference));
        expect((await answer.json()).status).toBe(200);
      }
      return provider.state.statusChecks - before;
    };

    expect(await notify(50)).toBe(1);
    provider.settle(trackingId, "completed");
    // Within the minute the last answer (pending) stands.
    expect(await notify(10)).toBe(0);
    expect((await booking(id)).paymentStatus).toBe("Pending");

    vi.setSystemTime(start + 61_000);
    expect(await notify(50)).toBe(1);
    expect((await booking(id)).paymentStatus).toBe("Deposit Made");

    // Completed: asked again only for a reversal, an hour on.
    vi.setSystemTime(start + 30 * 60_000);
    expect(await notify(20)).toBe(0);
    vi.setSystemTime(start + 62 * 60_000);
    expect(await notify(20)).toBe(1);
    expect(await auditsOf(id, "payment.completed")).toHaveLength(1);
  });
});

describe("staff records", () => {
  it("cash and bank payments, each in the history and the trail", async () => {
    const id = await bookingWithTotal(100_000);
    await recordByHand(id, "deposit", "cash", 30_000, {
      reference: "RCPT-0042",
      note: "Paid at the Kampala office",
    });
    expect((await booking(id)).paymentStatus).toBe("Deposit Made");
    await recordByHand(id, "balance", "bank", 70_000, { reference: "TT-2026-11" });
    expect((await booking(id)).paymentStatus).toBe("Paid");
    const rows = await rowsOf(id);
    expect(rows).toMatchObject([
      {
        provider: "cash",
        method: "Cash",
        confirmationCode: "RCPT-0042",
        status: "completed",
        recordedByUserId: t.w.staff.id,
      },
      { provider: "bank", method: "Bank transfer", status: "completed" },
    ]);
    expect(await statusEventsOf(id)).toMatchObject([
      { toValue: "Deposit Made", actorLabel: t.w.staff.email },
      { toValue: "Paid", actorLabel: t.w.staff.email },
    ]);
    expect(await auditsOf(id, "payment.recorded")).toHaveLength(2);

    const ledger = await getLedger(id);
    expect(ledger).toMatchObject({
      paymentStatus: "Paid",
      due: { paidMinor: 100_000, balanceMinor: 0, nextDue: null },
    });
    expect(ledger.entries.map((e) => e.amount).sort()).toEqual(["$300.00", "$700.00"]);
  });

  it("refunds, by admins only, at most what was paid", async () => {
    const id = await bookingWithTotal(100_000);
    await recordByHand(id, "deposit", "cash", 30_000);
    const refund = {
      bookingId: id,
      method: "bank" as const,
      amountMinor: 30_000,
      reference: "RF-1",
      note: null,
    };
    expect((await refusal(recordRefund(refund))).code).toBe("forbidden");
    actAs(t.w.admin);
    expect((await refusal(recordRefund({ ...refund, amountMinor: 30_001 }))).code).toBe(
      "payment_invalid",
    );
    await recordRefund(refund);
    expect((await booking(id)).paymentStatus).toBe("Refunded");
    expect(await auditsOf(id, "payment.refunded")).toHaveLength(1);
  });

  it("refuses customers and other currencies", async () => {
    const id = await bookingWithTotal();
    const input = {
      bookingId: id,
      kind: "deposit" as const,
      method: "cash" as const,
      amountMinor: 30_000,
      reference: null,
      note: null,
    };
    expect((await refusal(recordManualPayment({ ...input, currency: "UGX" }))).code).toBe(
      "payment_invalid",
    );
    actAs(t.w.a);
    await expect(recordManualPayment(input)).rejects.toThrow();
    await expect(getLedger(id)).rejects.toThrow();
    expect(await rowsOf(id)).toHaveLength(0);
  });
});

describe("the net paid kept on the booking", () => {
  /** Staff confirmed it (the Edit dialog's booking status): the money screens count it. */
  const confirmed = (id: string) =>
    t.db.update(bookings).set({ bookingStatus: "confirmed" }).where(eq(bookings.id, id));

  const paidAndStatus = async (id: string) => {
    const { paidMinor, paymentStatus } = await booking(id);
    return { paidMinor, paymentStatus };
  };

  /** An admin pays money back by bank transfer; staff carry on. */
  async function refundedByAdmin(bookingId: string, amountMinor: number, reference: string) {
    actAs(t.w.admin);
    await recordRefund({ bookingId, method: "bank", amountMinor, reference, note: null });
    actAs(t.w.staff);
  }

  /**
   * The Payments screen's cards moved by these since `before`: the money received, and the
   * balances outstanding and overdue, each as [amount, bookings].
   */
  async function expectCardsMoved(
    before: Awaited<ReturnType<typeof getPaymentsSummary>>,
    moved: { received: number; outstanding: [number, number]; overdue: [number, number] },
  ) {
    const after = await getPaymentsSummary();
    expect({
      received: after.receivedThisMonthMinor - before.receivedThisMonthMinor,
      outstanding: [
        after.outstandingMinor - before.outstandingMinor,
        after.outstandingBookings - before.outstandingBookings,
      ],
      overdue: [
        after.overdueMinor - before.overdueMinor,
        after.overdueBookings - before.overdueBookings,
      ],
    }).toEqual(moved);
  }

  it("follows the deposit, a second part-payment, a flagged amount and a refund; the cards sum it", async () => {
    const before = await getPaymentsSummary();
    const id = await bookingWithTotal(100_000);
    await confirmed(id);
    expect(await paidAndStatus(id)).toEqual({ paidMinor: 0, paymentStatus: "Pending" });

    // The deposit online.
    const deposit = await startedDeposit(id);
    provider.settle(deposit.trackingId, "completed");
    await settleOrder(deposit.trackingId, provider.driver);
    expect(await paidAndStatus(id)).toEqual({ paidMinor: 30_000, paymentStatus: "Deposit Made" });

    // A second part-payment at the office: the status stays, the net paid moves.
    await recordByHand(id, "balance", "cash", 20_000, { reference: "RCPT-7" });
    expect(await paidAndStatus(id)).toEqual({ paidMinor: 50_000, paymentStatus: "Deposit Made" });

    // The rest online, for an amount the provider reports otherwise: flagged, never counted.
    const rest = await startPayment(id, "balance", provider.driver);
    const [restRow] = await t.db.select().from(payments).where(eq(payments.id, rest.paymentId));
    expect(restRow).toMatchObject({ amountMinor: 50_000 });
    provider.settle(restRow!.providerTrackingId!, "completed", { amountMinor: 5_000 });
    expect(await settleOrder(restRow!.providerTrackingId!, provider.driver)).toMatchObject({
      status: "pending",
      flaggedReason: "The provider reports amount $50.00 instead of $500.00.",
    });
    expect(await paidAndStatus(id)).toEqual({ paidMinor: 50_000, paymentStatus: "Deposit Made" });

    // $100 paid back by an admin.
    await refundedByAdmin(id, 10_000, "RF-7");
    expect(await paidAndStatus(id)).toEqual({ paidMinor: 40_000, paymentStatus: "Deposit Made" });

    // This month: $300 + $200 in, $100 out; the flagged $50 nowhere. Owed: $1,000 less $400,
    // its balance day still months away.
    await expectCardsMoved(before, { received: 40_000, outstanding: [60_000, 1], overdue: [0, 0] });
  });

  it("counts an overdue balance as overdue, and a cancelled booking's money but not its balance", async () => {
    const before = await getPaymentsSummary();
    // Departing in 30 days and confirmed 5 days ago, inside the gorilla safari's 91-day window:
    // its balance fell due on the day it was confirmed, and is still unpaid.
    const { id: late } = await createBooking(newRequest({ departureDate: inDays(30) }), {
      source: "public",
    });
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", confirmedAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(bookings.id, late));
    actAs(t.w.staff);
    await setBookingTotal(late, 100_000, null);
    expect((await booking(late)).balanceDueOn).toBe(inDays(-5));
    await recordByHand(late, "deposit", "bank", 30_000, { reference: "TT-1" });
    expect(await paidAndStatus(late)).toEqual({ paidMinor: 30_000, paymentStatus: "Deposit Made" });

    // Confirmed, the deposit paid, then cancelled by staff; the money is paid back later.
    const cancelled = await bookingWithTotal(80_000);
    await confirmed(cancelled);
    await recordByHand(cancelled, "deposit", "cash", 24_000);
    const dialog = (await getBookingForEdit(cancelled))!;
    await updateBookingPayment({
      bookingId: cancelled,
      version: dialog.version,
      paymentNote: "Cancelled by the traveller",
      bookingStatus: "cancelled",
    });
    expect(await paidAndStatus(cancelled)).toEqual({
      paidMinor: 24_000,
      paymentStatus: "Deposit Made",
    });
    // An older booking whose payment staff marked Cancelled keeps that status; its money counts.
    await t.db
      .update(bookings)
      .set({ paymentStatus: "Cancelled" })
      .where(eq(bookings.id, cancelled));
    await recordByHand(cancelled, "balance", "cash", 6_000);
    expect(await paidAndStatus(cancelled)).toEqual({
      paidMinor: 30_000,
      paymentStatus: "Cancelled",
    });
    await refundedByAdmin(cancelled, 30_000, "RF-8");
    expect(await paidAndStatus(cancelled)).toEqual({ paidMinor: 0, paymentStatus: "Cancelled" });

    // $300 in for the late one; $240 + $60 in and $300 out for the cancelled one.
    await expectCardsMoved(before, {
      received: 30_000,
      outstanding: [70_000, 1],
      overdue: [70_000, 1],
    });
  });
});

describe("through Pesapal's API (a local fake Pesapal)", () => {
  let fake: FakePesapal;
  let pesapal: PaymentDriver;

  beforeAll(async () => {
    fake = await startFakePesapal();
    pesapal = createPesapalDriver({
      baseUrl: fake.url,
      consumerKey: fake.consumerKey,
      consumerSecret: fake.consumerSecret,
      ipnUrl: "http://localhost:3000/api/payments/pesapal/ipn",
      ipnNotificationType: "GET",
    });
  });
  afterAll(async () => {
    setPaymentDriver(undefined);
    await fake?.close();
  });
  beforeEach(() => {
    fake.setDown(false);
    setPaymentDriver(pesapal);
  });

  async function started(bookingId: string) {
    const order = await startPayment(bookingId, "deposit");
    const [row] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    const trackingId = row!.providerTrackingId!;
    expect(fake.order(trackingId)).toMatchObject({
      merchantReference: order.merchantReference,
      amount: 300,
      currency: "USD",
    });
    return { ...order, trackingId };
  }

  const statusChecks = () =>
    fake.requests.filter((r) => r.path.startsWith("/api/Transactions/GetTransactionStatus")).length;

  it("makes one completed payment of the same IPN 20 times at once", async () => {
    const id = await bookingWithTotal(100_000);
    const { trackingId, merchantReference, redirectUrl } = await started(id);
    expect(redirectUrl).toMatch(/^https?:\/\//);
    fake.settle(trackingId, {
      status: "completed",
      method: "MTN Mobile Money",
      confirmationCode: "MTN7Q2K9",
    });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ipnRoute.GET(ipnRequest(trackingId, merchantReference))),
    );
    for (const answer of answers) expect((await answer.json()).status).toBe(200);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "completed",
      amountMinor: 30_000,
      method: "MTN Mobile Money",
      confirmationCode: "MTN7Q2K9",
    });
    expect((await booking(id)).paymentStatus).toBe("Deposit Made");
    expect(await statusEventsOf(id)).toHaveLength(1);
    expect(await auditsOf(id, "payment.completed")).toHaveLength(1);
  });

  it("cancels a replaced order at Pesapal (CancelOrder), and keeps one it refuses to cancel open", async () => {
    const id = await bookingWithTotal(100_000);
    const deposit = await started(id);
    await startPayment(id, "full");
    const cancels = fake.requests.filter((r) => r.path === "/api/Transactions/CancelOrder");
    expect(cancels).toMatchObject([
      { method: "POST", body: { order_tracking_id: deposit.trackingId } },
    ]);
    expect(fake.order(deposit.trackingId)).toMatchObject({ cancelled: true });
    expect((await rowsOf(id)).find((r) => r.id === deposit.paymentId)).toMatchObject({
      status: "failed",
    });

    // Paid before the payer switched back: Pesapal refuses, the order stays open to be settled.
    const [full] = (await rowsOf(id)).filter((r) => r.status === "pending");
    fake.settle(full!.providerTrackingId!, { status: "completed" });
    await startPayment(id, "deposit");
    expect((await rowsOf(id)).find((r) => r.id === full!.id)).toMatchObject({
      status: "pending",
    });
    await ipnRoute.GET(ipnRequest(full!.providerTrackingId!, full!.merchantReference));
    expect((await booking(id)).paymentStatus).toBe("Paid");
  });

  it("changes nothing for a forged IPN whose status check says not paid", async () => {
    const id = await bookingWithTotal();
    const { trackingId, merchantReference } = await started(id);
    const before = statusChecks();
    const answer = await ipnRoute.GET(ipnRequest(trackingId, merchantReference));
    expect((await answer.json()).status).toBe(200);
    expect(statusChecks()).toBe(before + 1);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "pending", flaggedReason: null });
    expect((await booking(id)).paymentStatus).toBe("Pending");
    expect(await auditsOf(id, "payment.completed")).toHaveLength(0);
  });

  it("flags an amount that differs and does not count it", async () => {
    const id = await bookingWithTotal();
    const { trackingId, merchantReference } = await started(id);
    fake.settle(trackingId, { status: "completed", amount: 3 });
    await ipnRoute.GET(ipnRequest(trackingId, merchantReference));
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      status: "pending",
      flaggedReason: "The provider reports amount $3.00 instead of $300.00.",
    });
    expect((await booking(id)).paymentStatus).toBe("Pending");
    expect(await auditsOf(id, "payment.flagged")).toHaveLength(1);
    expect(await auditsOf(id, "payment.completed")).toHaveLength(0);
  });

  it("leaves the order pending while Pesapal is down, and says so to Pesapal and the payer", async () => {
    const id = await bookingWithTotal();
    const { trackingId, merchantReference } = await started(id);
    fake.settle(trackingId, { status: "completed" });
    fake.setDown(true);
    const ipn = await ipnRoute.GET(ipnRequest(trackingId, merchantReference));
    expect(ipn.status).toBe(200);
    expect(await ipn.json()).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: trackingId,
      orderMerchantReference: merchantReference,
      status: 500,
    });
    const back = await returnRoute.GET(
      new NextRequest(
        new URL(`/api/payments/return?OrderTrackingId=${trackingId}`, "http://localhost:3000"),
      ),
    );
    expect(back.headers.get("location")).toBe(`/pay/result?ref=${merchantReference}`);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "pending" });
    expect((await booking(id)).paymentStatus).toBe("Pending");

    // A new payment while it is down: refused, nothing charged.
    const other = await bookingWithTotal();
    expect((await refusal(startPayment(other, "deposit"))).code).toBe("provider_unavailable");

    // Back up: Pesapal's retry of the IPN, a minute on (the failed check held its minute), settles it.
    fake.setDown(false);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const retried = await ipnRoute.GET(ipnRequest(trackingId, merchantReference));
      expect((await retried.json()).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect((await booking(id)).paymentStatus).toBe("Deposit Made");
  });

  describe("refunds (RefundRequest)", () => {
    /** A deposit of $300 paid online by `method`, settled from Pesapal's status. */
    async function paidOnline(method: string) {
      const id = await bookingWithTotal(100_000);
      const order = await started(id);
      fake.settle(order.trackingId, { status: "completed", method });
      await ipnRoute.GET(ipnRequest(order.trackingId, order.merchantReference));
      expect((await booking(id)).paidMinor).toBe(30_000);
      return { id, ...order };
    }
    const refundRequests = () =>
      fake.requests.filter((r) => r.path === "/api/Transactions/RefundRequest");
    async function refund(bookingId: string, paymentId: string, amountMinor: number) {
      actAs(t.w.admin);
      try {
        return await refundBooking({
          bookingId,
          paymentId,
          method: "bank",
          amountMinor,
          reference: null,
          note: "Trip cancelled",
        });
      } finally {
        actAs(t.w.staff);
      }
    }

    it("refunds part of a card payment through Pesapal, once", async () => {
      const { id, paymentId, trackingId } = await paidOnline("Visa");
      const before = refundRequests().length;
      expect(await refund(id, paymentId, 10_000)).toMatchObject({
        way: "provider",
        providerMessage: "Refund request successfully",
      });
      expect(refundRequests()).toHaveLength(before + 1);
      expect(refundRequests().at(-1)!.body).toMatchObject({
        confirmation_code: fake.order(trackingId)!.outcome.confirmationCode,
        amount: 100,
        remarks: "Trip cancelled",
      });
      expect(fake.order(trackingId)!.refund).toMatchObject({ amount: 100 });
      const out = (await rowsOf(id)).find((r) => r.kind === "refund");
      expect(out).toMatchObject({
        status: "completed",
        amountMinor: 10_000,
        method: "Refund through the provider (Visa)",
      });
      expect((await booking(id)).paidMinor).toBe(20_000);

      // One refund a payment: a second is refused here, and Pesapal is not asked.
      expect((await refusal(refund(id, paymentId, 5_000))).code).toBe("payment_invalid");
      expect(refundRequests()).toHaveLength(before + 1);
    });

    it("refunds a whole mobile-money payment through Pesapal, and records a part as a manual payout without asking", async () => {
      const whole = await paidOnline("MTN Mobile Money");
      expect(await refund(whole.id, whole.paymentId, 30_000)).toMatchObject({ way: "provider" });
      expect(fake.order(whole.trackingId)!.refund).toMatchObject({ amount: 300 });
      expect((await booking(whole.id)).paidMinor).toBe(0);

      const part = await paidOnline("Airtel Money");
      const before = refundRequests().length;
      expect(await refund(part.id, part.paymentId, 10_000)).toMatchObject({
        way: "manual_payout",
        providerMessage: null,
      });
      expect(refundRequests()).toHaveLength(before);
      expect(fake.order(part.trackingId)!.refund).toBeNull();
      expect((await rowsOf(part.id)).find((r) => r.kind === "refund")).toMatchObject({
        status: "completed",
        amountMinor: 10_000,
        method: "Manual payout (part refund of Airtel Money)",
      });
      expect((await booking(part.id)).paidMinor).toBe(20_000);
    });

    it("is the admin's alone, at most the payment, and leaves nothing counted when Pesapal cannot be asked", async () => {
      const { id, paymentId } = await paidOnline("Visa");
      actAs(t.w.staff);
      expect(
        (
          await refusal(
            recordRefund({
              bookingId: id,
              paymentId,
              method: "bank",
              amountMinor: 1_000,
              reference: null,
              note: null,
            }),
          )
        ).code,
      ).toBe("forbidden");
      expect((await refusal(refund(id, paymentId, 30_001))).code).toBe("payment_invalid");

      fake.setDown(true);
      expect((await refusal(refund(id, paymentId, 1_000))).code).toBe("provider_unavailable");
      fake.setDown(false);
      expect((await rowsOf(id)).filter((r) => r.kind === "refund")).toMatchObject([
        { status: "failed", note: "The provider could not be asked." },
      ]);
      expect((await booking(id)).paidMinor).toBe(30_000);

      // Asked again once Pesapal is back: the failed attempt did not use up the one refund.
      expect(await refund(id, paymentId, 1_000)).toMatchObject({ way: "provider" });
      expect((await booking(id)).paidMinor).toBe(29_000);
    });
  });

  it("gives a private trip paid online its free guide, with the history line; a departure's booking keeps the departure's rule", async () => {
    const [gabriel] = await onlyGuides(t.db, [
      { fullName: "Gabriel Gorilla", specialty: "Gorilla Trekking" },
    ]);
    const id = await bookingWithTotal(100_000);
    expect((await booking(id)).guideId).toBeNull();
    const { trackingId, merchantReference } = await started(id);
    fake.settle(trackingId, { status: "completed", method: "Airtel Money" });
    await ipnRoute.GET(ipnRequest(trackingId, merchantReference));

    expect(await booking(id)).toMatchObject({
      paymentStatus: "Deposit Made",
      guideId: gabriel!.id,
    });
    const dialog = (await getBookingForEdit(id))!;
    expect(dialog.guideName).toBe("Gabriel Gorilla");
    // Newest first: the guide the payment led to, then the payment.
    expect(dialog.history.slice(0, 2).map((h) => [h.actor, h.what, h.from, h.to, h.note])).toEqual([
      [
        "system",
        "Guide",
        null,
        "Gabriel Gorilla",
        "Gabriel Gorilla (Gorilla Trekking) has been assigned to this booking.",
      ],
      [
        "system",
        "Payment",
        "Pending",
        "Deposit Made",
        `$300.00 received (Airtel Money, ${merchantReference}).`,
      ],
    ]);
    // The trail: the payment, then the assignment it made, both the site's own.
    const trail = (await auditTrail(t.db, { targetId: id })).map((e) => ({
      action: e.action,
      actor: e.actorLabel,
      details: e.details,
    }));
    expect(trail.filter((e) => e.actor === "system")).toEqual([
      expect.objectContaining({ action: "payment.completed", actor: "system" }),
      {
        action: "booking.update",
        actor: "system",
        details: { changes: { guideId: { from: null, to: gabriel!.id, automatic: true } } },
      },
    ]);

    // A booking on a departure gets the departure's guide, set on the departure: none is picked.
    const tour = await sellingTour(t.db, "gorilla-safari");
    const departure = await makeDeparture(t.db, tour, { inDays: 250 });
    const seat = await book(departure.id, 1);
    actAs(t.w.staff);
    await setBookingTotal(seat, 100_000, null);
    const onDeparture = await started(seat);
    fake.settle(onDeparture.trackingId, { status: "completed" });
    await ipnRoute.GET(ipnRequest(onDeparture.trackingId, onDeparture.merchantReference));
    expect(await booking(seat)).toMatchObject({ paymentStatus: "Deposit Made", guideId: null });
  });
});
