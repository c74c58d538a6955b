/**
 * The demo's money (`npm run demo`): confirmed bookings with totals, and paid, part-paid,
 * overdue and refunded bookings whose payment status agrees with their ledger; the demo
 * customer's gorilla trek part-paid with its balance due. Seeding again adds nothing.
 */
import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { expect, it } from "vitest";

import { bookings, payments } from "@/db/schema";
import { seed } from "@/db/seed";
import { todayInKampala } from "@/lib/dates";
import { env } from "@/lib/env";
import { amountsDue, derivePaymentStatus, ledgerSums } from "@/lib/payments/ledger";
import { useTestDb } from "@/tests/helpers/db";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

it("seeds totals and ledgers that agree with every payment status, once", async () => {
  await seed(t.db, { demo: true });
  const [first] = await t.db.select({ n: count() }).from(payments);
  const before = await t.db
    .select({ id: bookings.id, total: bookings.totalMinor, status: bookings.paymentStatus })
    .from(bookings);
  await seed(t.db, { demo: true });
  const [again] = await t.db.select({ n: count() }).from(payments);
  expect(again!.n).toBe(first!.n);
  expect(first!.n).toBeGreaterThan(10);
  const after = await t.db
    .select({ id: bookings.id, total: bookings.totalMinor, status: bookings.paymentStatus })
    .from(bookings);
  expect(after).toEqual(expect.arrayContaining(before));

  const rows = await t.db
    .select({
      bookingId: payments.bookingId,
      kind: payments.kind,
      amountMinor: payments.amountMinor,
      status: payments.status,
      currency: payments.currency,
    })
    .from(payments);
  const priced = await t.db
    .select({
      id: bookings.id,
      email: bookings.email,
      tourPackage: bookings.tourPackage,
      bookingStatus: bookings.bookingStatus,
      paymentStatus: bookings.paymentStatus,
      totalMinor: bookings.totalMinor,
      balanceDueOn: bookings.balanceDueOn,
      depositPercent: bookings.depositPercent,
    })
    .from(bookings)
    .where(isNotNull(bookings.totalMinor));
  expect(priced.length).toBeGreaterThan(10);
  const today = todayInKampala();
  const seen = new Set<string>();
  let overdue = 0;
  for (const b of priced) {
    const ledger = rows.filter((r) => r.bookingId === b.id && r.currency === "USD");
    // The status is the ledger's, for every booking given a total.
    expect([b.id, b.paymentStatus]).toEqual([b.id, derivePaymentStatus(b.totalMinor, ledger)]);
    seen.add(b.paymentStatus);
    // Each keeps the deposit share of the day it was seeded.
    expect([b.id, b.depositPercent]).toEqual([b.id, env.DEPOSIT_PERCENT]);
    const due = amountsDue(b.totalMinor, b.depositPercent!, ledger, b.balanceDueOn, today);
    if (b.paymentStatus === "Deposit Made" && b.balanceDueOn && b.balanceDueOn < today) {
      expect(due.balanceMinor).toBeGreaterThan(0);
      overdue += 1;
    }
  }
  expect([...seen].sort()).toEqual(["Deposit Made", "Paid", "Pending", "Refunded"]);
  expect(overdue).toBeGreaterThanOrEqual(1);
  // Every booking with a ledger, quoted or not, has the status its ledger says.
  const ledgerBookings = [...new Set(rows.map((r) => r.bookingId))];
  const withLedger = await t.db
    .select({
      id: bookings.id,
      total: bookings.totalMinor,
      status: bookings.paymentStatus,
      paid: bookings.paidMinor,
    })
    .from(bookings)
    .where(inArray(bookings.id, ledgerBookings));
  expect(withLedger).toHaveLength(ledgerBookings.length);
  for (const b of withLedger) {
    const ledger = rows.filter((r) => r.bookingId === b.id);
    expect([b.id, b.status]).toEqual([b.id, derivePaymentStatus(b.total, ledger)]);
    // And the net paid the money screens sum.
    expect([b.id, b.paid]).toEqual([b.id, ledgerSums(ledger).paidMinor]);
  }
  // Every confirmed demo booking has its total.
  const [unpriced] = await t.db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.bookingStatus, "confirmed"), eq(bookings.paymentStatus, "Pending")));
  expect(
    priced.filter((b) => b.bookingStatus === "confirmed" && b.paymentStatus === "Pending").length,
  ).toBe(unpriced!.n);

  // The demo customer's confirmed gorilla trek: part-paid, the balance due (a Pay link).
  const mine = priced.find(
    (b) =>
      b.email === "traveller@demo.breatheuganda.com" &&
      b.bookingStatus === "confirmed" &&
      b.tourPackage.startsWith("Gorilla"),
  );
  expect(mine).toBeDefined();
  expect(mine!.paymentStatus).toBe("Deposit Made");
  const due = amountsDue(
    mine!.totalMinor,
    mine!.depositPercent!,
    rows.filter((r) => r.bookingId === mine!.id),
    mine!.balanceDueOn,
    today,
  );
  expect(due.depositDue).toBe(0);
  expect(due.balanceMinor).toBeGreaterThan(0);
  expect(due.nextDue).toBe("balance");
});
