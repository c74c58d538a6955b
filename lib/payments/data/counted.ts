import "server-only";

import { and, eq, inArray } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { payments } from "@/db/schema";

/**
 * The ledger rows that count toward what a booking has paid: completed, in the booking's
 * currency (`currency`: each caller names its own, all USD). One query for any number of
 * bookings; inside a transaction pass its `tx`, so the rows are read under the booking's lock.
 */
export function countedPayments(db: Db | Tx, bookingIds: readonly string[], currency: string) {
  return db
    .select({
      bookingId: payments.bookingId,
      kind: payments.kind,
      amountMinor: payments.amountMinor,
      status: payments.status,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.bookingId, [...bookingIds]),
        eq(payments.status, "completed"),
        eq(payments.currency, currency),
      ),
    );
}
