/** Ledger rows for tests, inserted straight into the payments table (the DAL's own tests go through it). */
import type { Db } from "@/db";
import { payments } from "@/db/schema";

export type NewPayment = Partial<typeof payments.$inferInsert> & { bookingId: string };

let n = 0;

/**
 * Inserts `rows`, each a completed cash deposit of $100.00 in USD with a fresh merchant
 * reference unless it says otherwise; returns their ids in order.
 */
export function insertPayments(db: Db, rows: NewPayment[]) {
  return db
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
}
