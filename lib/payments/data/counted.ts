import "server-only";

import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { payments } from "@/db/schema";

/**
 * The ledger rows that count toward what a booking has paid: completed, in the booking's
 * currency (`currency`: each caller names its own, all USD). A payment made in another currency
 * (shillings at the staff rate) counts by the booking-currency amount it was priced for
 * (payments.usd_minor), so `amountMinor` here is always in `currency`. One query for any number
 * of bookings; inside a transaction pass its `tx`, so the rows are read under the booking's lock.
 */
export function countedPayments(db: Db | Tx, bookingIds: readonly string[], currency: string) {
  // Only US dollars have an equivalent kept on the row (usd_minor).
  const converted = currency === "USD" ? isNotNull(payments.usdMinor) : sql`false`;
  return db
    .select({
      bookingId: payments.bookingId,
      kind: payments.kind,
      amountMinor:
        sql<number>`case when ${payments.currency} = ${currency} then ${payments.amountMinor} else ${payments.usdMinor} end`.mapWith(
          Number,
        ),
      status: payments.status,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.bookingId, [...bookingIds]),
        eq(payments.status, "completed"),
        or(eq(payments.currency, currency), converted),
      ),
    );
}
