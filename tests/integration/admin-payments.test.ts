/**
 * The staff Payments screen (lib/payments/data/overview.ts) on a real database: the ledger newest
 * first, each filter (status with 'Flagged' apart from pending, provider, Kampala days), deep
 * pages, refunds shown as money out; and the summary: the month's receipts less refunds (by the
 * day they completed, in Kampala), the balances confirmed bookings owe, and those overdue.
 * Other files' and the demo's rows may be in the database too: the list is read on days of its
 * own (long ago), and the sums as what these tests add to them.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { afterAll, beforeEach, describe, expect, it } from "vitest";

import type { PaymentsQuery } from "@/lib/payments/list-query";
import { getPaymentsSummary, listPaymentsForStaff } from "@/lib/payments/data/overview";
import { kampalaDayStart, todayInKampala } from "@/lib/dates";
import { createAdminWorld, insertBookings } from "@/tests/helpers/admin-bookings-world";
import { actAs } from "@/tests/helpers/customer-world";
import { insertPayments, type NewPayment } from "@/tests/helpers/ledger-rows";
import { inDays } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => createAdminWorld(db));

beforeEach(() => actAs(t.w.staff));
afterAll(() => actAs(null));

const query = (q: Partial<PaymentsQuery>): PaymentsQuery => ({
  status: "",
  provider: "",
  from: "",
  to: "",
  page: 1,
  ...q,
});

const pay = (rows: NewPayment[]) => insertPayments(t.db, rows);

/** An instant `hours` into a Kampala day. */
const at = (day: string, hours = 12) => new Date(kampalaDayStart(day).getTime() + hours * 3600_000);

/**
 * `count` payments of a booking of its own (`fullName`), `spacingMs` apart from noon of `day` in
 * Kampala, their amounts by `amountOf` when given: the filter of that one day.
 */
async function paymentsOnOneDay(
  fullName: string,
  day: string,
  count: number,
  spacingMs: number,
  amountOf?: (i: number) => number,
) {
  const [bookingId] = await insertBookings(t.db, [{ fullName }]);
  await pay(
    Array.from({ length: count }, (_, i) => ({
      bookingId: bookingId!,
      createdAt: new Date(at(day).getTime() + i * spacingMs),
      ...(amountOf ? { amountMinor: amountOf(i) } : {}),
    })),
  );
  return { from: day, to: day };
}

describe("the Payments list", () => {
  it("lists every row newest first, filtered by status, provider and Kampala days", async () => {
    const [booking] = await insertBookings(t.db, [{ fullName: "Grace Akello" }]);
    const bookingId = booking!;
    // Days of their own, long ago: no other file's rows fall on them.
    const [deposit, refund, pending, flagged, failed, reversed] = await pay([
      {
        bookingId,
        createdAt: at("2019-03-01", 9),
        provider: "pesapal",
        method: "MTN Mobile Money",
        confirmationCode: "MTN123",
      },
      {
        bookingId,
        createdAt: at("2019-03-02"),
        kind: "refund",
        amountMinor: 2_500,
        provider: "bank",
        method: "Bank transfer",
      },
      { bookingId, createdAt: at("2019-03-03"), status: "pending", provider: "demo" },
      {
        bookingId,
        createdAt: at("2019-03-04"),
        status: "pending",
        provider: "pesapal",
        flaggedReason: "The provider reports amount $1.00 instead of $100.00.",
      },
      { bookingId, createdAt: at("2019-03-05"), status: "failed", provider: "pesapal" },
      { bookingId, createdAt: at("2019-03-06"), status: "reversed", provider: "pesapal" },
    ]);
    const march = { from: "2019-03-01", to: "2019-03-31" };

    const all = await listPaymentsForStaff(query(march));
    expect(all.total).toBe(6);
    expect(all.items.map((r) => r.id)).toEqual(
      [reversed, failed, flagged, pending, refund, deposit].map((r) => r!.id),
    );
    expect(all.items.at(-1)).toMatchObject({
      bookingId,
      leadName: "Grace Akello",
      kind: "deposit",
      signedMinor: 10_000,
      currency: "USD",
      provider: "pesapal",
      method: "MTN Mobile Money",
      confirmationCode: "MTN123",
      status: "completed",
    });
    // A refund is money out.
    expect(all.items.find((r) => r.id === refund!.id)).toMatchObject({
      kind: "refund",
      signedMinor: -2_500,
    });

    const ids = async (q: Partial<PaymentsQuery>) =>
      (await listPaymentsForStaff(query({ ...march, ...q }))).items.map((r) => r.id);
    expect(await ids({ status: "pending" })).toEqual([pending!.id]);
    expect(await ids({ status: "flagged" })).toEqual([flagged!.id]);
    expect(await ids({ status: "completed" })).toEqual([refund!.id, deposit!.id]);
    expect(await ids({ status: "failed" })).toEqual([failed!.id]);
    expect(await ids({ status: "reversed" })).toEqual([reversed!.id]);
    expect(await ids({ provider: "bank" })).toEqual([refund!.id]);
    expect(await ids({ provider: "demo" })).toEqual([pending!.id]);
    expect(await ids({ provider: "pesapal", status: "completed" })).toEqual([deposit!.id]);
    expect(
      (await listPaymentsForStaff(query(march))).items.find((r) => r.id === flagged!.id),
    ).toMatchObject({ status: "flagged", flaggedReason: expect.stringMatching(/instead of/) });

    // Kampala days: 00:30 on March 2nd in Kampala is still March 1st in UTC.
    const [early] = await pay([{ bookingId, createdAt: at("2019-04-02", 0.5) }]);
    expect(await ids({ from: "2019-04-02", to: "2019-04-02" })).toEqual([early!.id]);
    expect(await ids({ from: "2019-04-01", to: "2019-04-01" })).toEqual([]);
    expect(await ids({ from: "2019-03-03", to: "2019-03-04" })).toEqual([flagged!.id, pending!.id]);
  });

  it("pages deep, and a page past the end shows the last one", async () => {
    const day = await paymentsOnOneDay("Deep Pager", "2018-06-10", 60, 60_000, (i) => 100 + i);
    const page3 = await listPaymentsForStaff(query({ ...day, page: 3 }));
    expect(page3).toMatchObject({ total: 60, page: 3, pageCount: 3 });
    expect(page3.items.map((r) => r.signedMinor)).toEqual(
      Array.from({ length: 10 }, (_, i) => 109 - i),
    );
    const past = await listPaymentsForStaff(query({ ...day, page: 9 }));
    expect(past.page).toBe(3);
    expect(past.items).toHaveLength(10);
  });

  it("counts up to 1,000 rows past the page's start, and says there are more", async () => {
    const day = await paymentsOnOneDay("Many Rows", "2017-01-10", 1_030, 1_000);
    expect(await listPaymentsForStaff(query(day))).toMatchObject({ total: 1_000, capped: true });
    // Page 2 counts to 1,025; from page 3 (rows 51 on) the count reaches every row.
    expect(await listPaymentsForStaff(query({ ...day, page: 2 }))).toMatchObject({
      total: 1_025,
      capped: true,
    });
    const page3 = await listPaymentsForStaff(query({ ...day, page: 3 }));
    expect(page3).toMatchObject({ total: 1_030, capped: false, pageCount: 42 });
  });
});

describe("the summary", () => {
  it("sums this month's receipts less refunds, by the Kampala day they completed", async () => {
    const before = await getPaymentsSummary();
    const [bookingId] = await insertBookings(t.db, [{ fullName: "Month Counter" }]);
    const today = todayInKampala();
    const monthStart = kampalaDayStart(`${today.slice(0, 7)}-01`);
    const justBefore = new Date(monthStart.getTime() - 60_000);
    const now = new Date();
    await pay([
      // Counted: completed this month (one of them made last month).
      { bookingId: bookingId!, amountMinor: 30_000, completedAt: now },
      { bookingId: bookingId!, amountMinor: 5_000, createdAt: justBefore, completedAt: monthStart },
      { bookingId: bookingId!, kind: "refund", amountMinor: 4_000, completedAt: now },
      // Not counted: last month's, pending, flagged, failed, reversed, another currency.
      {
        bookingId: bookingId!,
        amountMinor: 70_000,
        createdAt: justBefore,
        completedAt: justBefore,
      },
      { bookingId: bookingId!, amountMinor: 1_000, status: "pending" },
      {
        bookingId: bookingId!,
        amountMinor: 1_000,
        status: "pending",
        flaggedReason: "Wrong amount.",
      },
      { bookingId: bookingId!, amountMinor: 1_000, status: "failed" },
      { bookingId: bookingId!, amountMinor: 1_000, status: "reversed", completedAt: now },
      { bookingId: bookingId!, amountMinor: 1_000, currency: "UGX", completedAt: now },
    ]);
    const after = await getPaymentsSummary();
    expect(after.receivedThisMonthMinor - before.receivedThisMonthMinor).toBe(
      30_000 + 5_000 - 4_000,
    );
    expect(after.currency).toBe("USD");
  });

  it("sums what confirmed bookings and completed trips with a total still owe, and those past their balance day", async () => {
    const before = await getPaymentsSummary();
    const confirmed = { bookingStatus: "confirmed" as const, totalMinor: 100_000 };
    const [
      part,
      overdue,
      paid,
      overpaid,
      cancelled,
      unquoted,
      fresh,
      refunded,
      cancelledPay,
      done,
    ] = await insertBookings(t.db, [
      { ...confirmed, balanceDueOn: inDays(30) },
      { ...confirmed, balanceDueOn: inDays(-1) },
      { ...confirmed, balanceDueOn: inDays(-1) },
      { ...confirmed, balanceDueOn: inDays(-1) },
      { ...confirmed, bookingStatus: "cancelled", balanceDueOn: inDays(-1) },
      { bookingStatus: "confirmed", totalMinor: null },
      { bookingStatus: "new", totalMinor: 100_000, balanceDueOn: inDays(-1) },
      { ...confirmed, paymentStatus: "Refunded", balanceDueOn: inDays(-1) },
      { ...confirmed, paymentStatus: "Cancelled", balanceDueOn: inDays(-1) },
      // A trip that ran, its balance still unpaid: owed, and overdue.
      { ...confirmed, bookingStatus: "completed", balanceDueOn: inDays(-20) },
    ]);
    await pay([
      // $300 in, $50 of it refunded, a pending $700 that does not count: $750 owed, not yet due.
      { bookingId: part!, amountMinor: 30_000 },
      { bookingId: part!, kind: "refund", amountMinor: 5_000 },
      { bookingId: part!, amountMinor: 70_000, status: "pending" },
      // $200 in, due yesterday: $800 overdue.
      { bookingId: overdue!, amountMinor: 20_000 },
      { bookingId: paid!, kind: "full", amountMinor: 100_000 },
      { bookingId: overpaid!, kind: "full", amountMinor: 120_000 },
      { bookingId: cancelled!, amountMinor: 10_000 },
      { bookingId: unquoted!, amountMinor: 10_000 },
      { bookingId: fresh!, amountMinor: 10_000 },
      { bookingId: refunded!, amountMinor: 10_000 },
      { bookingId: refunded!, kind: "refund", amountMinor: 10_000 },
      { bookingId: cancelledPay!, amountMinor: 10_000 },
      { bookingId: done!, amountMinor: 90_000 },
    ]);
    const after = await getPaymentsSummary();
    expect({
      outstanding: after.outstandingMinor - before.outstandingMinor,
      outstandingBookings: after.outstandingBookings - before.outstandingBookings,
      overdue: after.overdueMinor - before.overdueMinor,
      overdueBookings: after.overdueBookings - before.overdueBookings,
    }).toEqual({
      outstanding: 75_000 + 80_000 + 10_000,
      outstandingBookings: 3,
      overdue: 80_000 + 10_000,
      overdueBookings: 2,
    });
  });

  it("counts a booking with no payment at all for its whole total", async () => {
    const before = await getPaymentsSummary();
    await insertBookings(t.db, [
      { bookingStatus: "confirmed", totalMinor: 45_000, balanceDueOn: todayInKampala() },
    ]);
    const after = await getPaymentsSummary();
    expect(after.outstandingMinor - before.outstandingMinor).toBe(45_000);
    // Due today is not overdue yet.
    expect(after.overdueMinor - before.overdueMinor).toBe(0);
  });
});
