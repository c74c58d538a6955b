import "server-only";

import { and, inArray, isNotNull, type SQL, sql } from "drizzle-orm";

import { bookings } from "@/db/schema";

/**
 * Which bookings owe money, and which of them are late: one definition for the Payments screen's
 * cards, the dashboard's tiles and the bookings list's Balance filter, so a count on a card is the
 * count of the list it leads to.
 *
 * A booking owes while it is confirmed (or its trip completed) with a total, its payment status
 * is Pending or Deposit Made and its total is more than its net paid (bookings.paid_minor, kept
 * with every change of its ledger or total). Paid is the ledger's own verdict (paid at least the
 * total); Cancelled and Refunded owe nothing. The condition is bookings_owing_idx's, word for word,
 * so the planner may use that index.
 */

/** What is left to pay of a booking: its total less its net paid. */
export const balanceLeft = sql<number>`(${bookings.totalMinor} - ${bookings.paidMinor})`;

export const owesMoney: SQL = and(
  isNotNull(bookings.totalMinor),
  inArray(bookings.bookingStatus, ["confirmed", "completed"]),
  inArray(bookings.paymentStatus, ["Pending", "Deposit Made"]),
  sql`${balanceLeft} > 0`,
)!;

/** Past its balance day on `today` ('yyyy-MM-dd', Kampala): the due day itself is still on time. */
export const pastBalanceDay = (today: string): SQL => sql`${bookings.balanceDueOn} < ${today}`;
