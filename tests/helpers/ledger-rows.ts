/** Ledger rows for tests, inserted straight into the payments table (the DAL's own tests go through it). */
import { eq } from "drizzle-orm";

import type { Db } from "@/db";
import { bookings, payments } from "@/db/schema";
import { countedPayments } from "@/lib/payments/data/counted";
import { ledgerSums } from "@/lib/payments/ledger";

import { inDays } from "./payloads";

export type NewPayment = Partial<typeof payments.$inferInsert> & { bookingId: string };

let n = 0;

/**
 * Inserts `rows`, each a completed cash deposit of $100.00 in USD with a fresh merchant
 * reference unless it says otherwise, and writes their bookings' net paid from the ledger as the
 * app does with every change of it; returns their ids in order. The payment status is left as
 * the test set it.
 */
export async function insertPayments(db: Db, rows: NewPayment[]) {
  const inserted = await db
    .insert(payments)
    .values(
      rows.map((row) => ({
        kind: "deposit" as const,
        amountMinor: 10_000,
        currency: "USD",
        provider: "cash" as const,
        merchantReference: `BU-TEST-${++n}-${crypto.randomUUID().slice(0, 8)}`,
        status: "completed" as const,
        ...row,
      })),
    )
    .returning({ id: payments.id });
  const bookingIds = [...new Set(rows.map((row) => row.bookingId))];
  const counted = await countedPayments(db, bookingIds, "USD");
  for (const bookingId of bookingIds)
    await db
      .update(bookings)
      .set({ paidMinor: ledgerSums(counted.filter((r) => r.bookingId === bookingId)).paidMinor })
      .where(eq(bookings.id, bookingId));
  return inserted;
}

/**
 * The booking confirmed at $3,000.00 (its balance due in 20 days) with a completed $900.00 cash
 * deposit and a pending $2,100.00 online balance: a receipt to download and a payment that has
 * none. Returns the two payments' ids and the deposit's receipt number (its merchant reference).
 */
export async function confirmedWithDeposit(db: Db, bookingId: string) {
  await db
    .update(bookings)
    .set({ bookingStatus: "confirmed", totalMinor: 300000, balanceDueOn: inDays(20) })
    .where(eq(bookings.id, bookingId));
  const receiptNumber = `BU-DOCS-${crypto.randomUUID().slice(0, 8)}`;
  const [paid, pending] = await insertPayments(db, [
    {
      bookingId,
      amountMinor: 90000,
      merchantReference: receiptNumber,
      method: "Cash",
      confirmationCode: "CASH-001",
      completedAt: new Date(),
    },
    { bookingId, kind: "balance", amountMinor: 210000, provider: "pesapal", status: "pending" },
  ]);
  return { paid: paid!.id, pending: pending!.id, receiptNumber };
}
