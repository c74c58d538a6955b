import "server-only";

import { getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { bookings } from "@/db/schema";

/**
 * Which bookings take seats, as SQL conditions, in a module that imports no other: the seat count
 * (./seats.ts) and the park permits counted beside it (lib/parks/data/stock.ts) read the same rule
 * without importing each other. Written once for the bookings table and, for subqueries that name
 * their bookings row by an alias, once more through `bookingRowAs`.
 */

type SeatColumns = {
  bookingStatus: AnyPgColumn | SQL;
  paymentStatus: AnyPgColumn | SQL;
  holdExpiresAt: AnyPgColumn | SQL;
};

const notCalledOffOf = (b: SeatColumns) =>
  sql`(coalesce(${b.bookingStatus}, '') <> 'cancelled' and ${b.paymentStatus} not in ('Cancelled', 'Refunded'))`;

const takesSeatsOf = (b: SeatColumns) =>
  sql`(${notCalledOffOf(b)} and (${b.bookingStatus} in ('confirmed', 'completed') or ${b.holdExpiresAt} > now()))`;

/**
 * A booking not called off: not cancelled (by staff, a cancelled departure or a lapsed option)
 * and not cancelled or refunded by payment. Whether it takes seats is `takesSeats`.
 */
export const notCalledOff = notCalledOffOf(bookings);

/**
 * A booking that takes seats: not called off, and either confirmed (paid, or held by staff until
 * its option date) or inside its checkout hold. A request nobody paid for or confirmed takes none.
 */
export const takesSeats = takesSeatsOf(bookings);

/**
 * The same rules on a bookings row a query names `alias` (a fixed identifier of the caller's
 * SQL, never input).
 */
export function bookingRowAs(alias: string) {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const row = {
    bookingStatus: column("booking_status"),
    paymentStatus: column("payment_status"),
    holdExpiresAt: column("hold_expires_at"),
  };
  return { notCalledOff: notCalledOffOf(row), takesSeats: takesSeatsOf(row), column };
}

/**
 * The outer query's column, always with its table's name: in a select from one table Drizzle
 * writes a bare `"id"`, which inside the subqueries below would name the subquery's own `id`.
 */
export function outer(id: AnyPgColumn | string): SQL | string {
  if (typeof id === "string") return id;
  return sql`${sql.identifier(getTableName(id.table))}.${sql.identifier(id.name)}`;
}
