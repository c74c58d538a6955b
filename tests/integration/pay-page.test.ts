/**
 * The pay page (app/(site)/pay/[token]) and the page the payer comes back to (/pay/result) on a
 * real database with the demo driver (the tests' PAYMENTS_DRIVER): the action starts a payment of
 * what the chosen kind leaves due and sends the browser to the demo checkout; a forged, altered
 * or expired link, or a booking that owes nothing, starts nothing; the result page's read says
 * completed, pending or failed; My Bookings shows what is paid and due, with a pay link.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { payAction } from "@/actions/payments";
import { payments } from "@/db/schema";
import { listMyBookings } from "@/lib/bookings/data/owned";
import { getPayableBooking, getPaymentResult } from "@/lib/payments/data/checkout";
import { payLinkToken, tryAgainPath, verifyPayLink } from "@/lib/payments/pay-link";
import { setPaymentDriver } from "@/lib/payments";
import { payDemoOrder } from "@/lib/payments/demo";
import { resetRateLimits } from "@/lib/rate-limit";
import { createAdminWorld, insertBookings } from "@/tests/helpers/admin-bookings-world";
import { actAs } from "@/tests/helpers/customer-world";
import { newVisitor, redirectTarget } from "@/tests/helpers/fake-request";
import { asFormData, inDays } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(createAdminWorld);

let ip = 0;
beforeEach(() => {
  setPaymentDriver(undefined); // the environment's: demo in the tests
  resetRateLimits();
  newVisitor(`203.0.113.${(++ip % 250) + 1}`);
  actAs(null);
});

/** A booking of customer A with a quoted total ($1,000.00 unless told). */
async function quoted(extra: { totalMinor?: number | null; balanceDueOn?: string } = {}) {
  const [id] = await insertBookings(t.db, [
    {
      userId: t.w.a.id,
      email: t.w.a.email,
      fullName: "Amina Nakato",
      tourPackage: "Gorilla Trek & Safari Escape",
      departureDate: inDays(200),
      groupSize: 2,
      totalMinor: 100_000,
      balanceDueOn: inDays(140),
      ...extra,
    },
  ]);
  return id!;
}

/** Calls the action; the redirect's target, or the state's status and title. */
async function pay(token: string, kind: string) {
  try {
    const state = await payAction(undefined, asFormData({ token, kind }));
    return `${state.status}: ${"title" in state ? state.title : ""}`;
  } catch (error) {
    const to = redirectTarget(error);
    if (to === null) throw error;
    return `redirect ${to}`;
  }
}

const rowsOf = (bookingId: string) =>
  t.db.select().from(payments).where(eq(payments.bookingId, bookingId));

/** Pays the demo order of a started payment as the payer would, or makes it fail. */
async function payAtDemoCheckout(redirect: string, outcome: "completed" | "failed") {
  const trackingId = redirect.split("/pay/demo/")[1]!;
  await payDemoOrder(trackingId, outcome, outcome === "completed" ? "MTN Mobile Money" : null);
  return trackingId;
}

describe("the pay page's booking", () => {
  it("shows the booking, the total, what is paid and the choices while the deposit is due", async () => {
    const id = await quoted();
    const booking = await getPayableBooking(id);
    expect(booking).toMatchObject({
      id,
      tourPackage: "Gorilla Trek & Safari Escape",
      groupSize: 2,
      leadName: "Amina Nakato",
      totalMinor: 100_000,
      paidMinor: 0,
      cancelled: false,
    });
    expect(booking!.choices).toEqual([
      { kind: "deposit", amountMinor: 30_000, label: "Pay the deposit (30%): $300.00" },
      { kind: "full", amountMinor: 100_000, label: "Pay the rest at once: $1,000.00" },
    ]);
  });

  it("offers nothing on a booking without a total, or cancelled", async () => {
    expect((await getPayableBooking(await quoted({ totalMinor: null })))!.choices).toEqual([]);
    const [cancelled] = await insertBookings(t.db, [
      { totalMinor: 50_000, bookingStatus: "cancelled" },
    ]);
    expect(await getPayableBooking(cancelled!)).toMatchObject({ cancelled: true, choices: [] });
    expect(await getPayableBooking("00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("payAction", () => {
  it("starts the deposit with the demo driver and sends the browser to its checkout", async () => {
    const id = await quoted();
    const to = await pay(payLinkToken(id), "deposit");
    expect(to).toMatch(/^redirect http.+\/pay\/demo\/[0-9a-f-]{36}$/);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      kind: "deposit",
      amountMinor: 30_000,
      status: "pending",
      provider: "demo",
    });
  });

  it("refuses an expired, altered or forged link, and starts nothing", async () => {
    const id = await quoted();
    const expired = payLinkToken(id, new Date(Date.now() - 1000));
    const good = payLinkToken(id);
    const altered = `${good.slice(0, 40)}${good[40] === "A" ? "B" : "A"}${good.slice(41)}`;
    const forged = payLinkToken(id, undefined, "another secret entirely, 32 chars long");
    for (const token of [expired, altered, forged, "not-a-token"])
      expect(await pay(token, "full")).toBe("error: Link Expired");
    expect(await pay("", "full")).toBe("invalid: Link Expired");
    expect(await rowsOf(id)).toEqual([]);
  });

  it("refuses when nothing of that kind is due", async () => {
    const noTotal = await quoted({ totalMinor: null });
    expect(await pay(payLinkToken(noTotal), "deposit")).toBe("error: Nothing Due");
    // The balance before the deposit is met: startPayment's rule.
    const id = await quoted();
    expect(await pay(payLinkToken(id), "balance")).toBe("error: Nothing Due");
    expect(await rowsOf(id)).toEqual([]);
    expect(await rowsOf(noTotal)).toEqual([]);
  });

  it("refuses an unknown kind", async () => {
    const id = await quoted();
    expect(await pay(payLinkToken(id), "everything")).toBe("invalid: Choose an Amount");
  });
});

describe("the result page's payment", () => {
  it("reads completed, pending and failed, and settles a pending one once", async () => {
    const id = await quoted();
    const token = payLinkToken(id);

    // Pending: started, not paid at the checkout.
    await pay(token, "deposit");
    const [pending] = await rowsOf(id);
    expect(await getPaymentResult(pending!.merchantReference)).toMatchObject({
      bookingId: id,
      status: "pending",
      kind: "deposit",
      amountMinor: 30_000,
      providerSlow: false,
    });

    // Paid at the demo checkout: the page's own check settles it (the payer's return was lost),
    // once the last check's minute is over.
    await payDemoOrder(pending!.providerTrackingId!, "completed", "MTN Mobile Money");
    const paid = await getPaymentResult(pending!.merchantReference, new Date(Date.now() + 61_000));
    expect(paid).toMatchObject({ status: "completed", method: "MTN Mobile Money" });
    expect(paid!.confirmationCode).toMatch(/^DEMO-/);

    // Then the balance, failed at the checkout.
    const to = await pay(token, "balance");
    expect(to).toMatch(/\/pay\/demo\//);
    const tracking = await payAtDemoCheckout(to.replace(/^redirect /, ""), "failed");
    const [failed] = (await rowsOf(id)).filter((r) => r.providerTrackingId === tracking);
    const result = await getPaymentResult(failed!.merchantReference, new Date(Date.now() + 10_000));
    expect(result).toMatchObject({ status: "failed", kind: "balance", amountMinor: 70_000 });
    // 'Try again' is the link the payment was started from: the same booking, the same expiry.
    const again = tryAgainPath(result!.bookingId, result!.payLinkExpiresAt)!;
    expect(verifyPayLink(again.split("/pay/")[1]!)).toEqual(verifyPayLink(token));
  });

  it("knows nothing of a reference it never gave", async () => {
    expect(await getPaymentResult("BU-00000000-NOPE")).toBeNull();
    expect(await getPaymentResult("not a reference; drop table")).toBeNull();
  });
});

describe("My Bookings", () => {
  it("shows what is paid, what is due next and a pay link", async () => {
    const id = await quoted({ balanceDueOn: inDays(100) });
    actAs(t.w.a);
    const find = async () =>
      (await listMyBookings({ q: "", filter: "all", page: 1 })).items.find((b) => b.id === id);
    const before = await find();
    expect(before).toMatchObject({
      totalMinor: 100_000,
      paidMinor: 0,
      nextDue: { kind: "deposit", amountMinor: 30_000, dueOn: null },
    });
    expect(verifyPayLink(before!.payUrl!.replace(/^\/pay\//, ""))?.bookingId).toBe(id);

    actAs(null);
    const to = await pay(payLinkToken(id), "deposit");
    const tracking = await payAtDemoCheckout(to.replace(/^redirect /, ""), "completed");
    const [row] = (await rowsOf(id)).filter((r) => r.providerTrackingId === tracking);
    await getPaymentResult(row!.merchantReference, new Date(Date.now() + 10_000));

    actAs(t.w.a);
    expect(await find()).toMatchObject({
      paidMinor: 30_000,
      paymentStatus: "Deposit Made",
      nextDue: { kind: "balance", amountMinor: 70_000, dueOn: inDays(100) },
    });
  });

  it("says the balance is due now once its day has passed, never a day in the past", async () => {
    const id = await quoted({ balanceDueOn: inDays(-3) });
    actAs(t.w.a);
    const page = await listMyBookings({ q: "", filter: "all", page: 1 });
    // Not a deposit first: inside the balance window everything left is asked at once.
    expect(page.items.find((b) => b.id === id)).toMatchObject({
      nextDue: { kind: "balance", amountMinor: 100_000, dueOn: null },
    });
  });

  it("gives no pay link on a booking without a total", async () => {
    const id = await quoted({ totalMinor: null });
    actAs(t.w.a);
    const page = await listMyBookings({ q: "", filter: "all", page: 1 });
    expect(page.items.find((b) => b.id === id)).toMatchObject({
      totalMinor: null,
      nextDue: null,
      payUrl: null,
    });
  });
});
