import "server-only";

import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResult } from "drizzle-orm/query-builders/select.types";

import type { Db, Tx } from "@/db";
import { bookingEvents, bookings, departures, guides, tours } from "@/db/schema";
import { BOOKING_STATUS_OPTIONS } from "@/lib/bookings/list-query";
import { formatDay, formatDayTime } from "@/lib/dates";
import { normalizeEmail } from "@/lib/email-address";
import type { BookingMailSubject } from "@/lib/email/templates/layout";
import { DomainError } from "@/lib/errors";
import { bookingDepositPercent } from "@/lib/payments/deposit";
import { amountsDue, type AmountsDue, type LedgerRow } from "@/lib/payments/ledger";
import type { Customer, Staff } from "@/lib/session";

/**
 * The booking aggregate's row as every data module reaches it: whom a mail about it goes to, which
 * bookings a customer may see, its version, and the row lock a change takes before it reads what
 * it changes.
 * It imports no other data module, so the payments, departures and documents modules that use it
 * form no import circle through it.
 */

/** What every mail about a booking needs of it: its id (the reference), whom to and which trip. */
export const bookingMailColumns = {
  id: bookings.id,
  fullName: bookings.fullName,
  email: bookings.email,
  tourPackage: bookings.tourPackage,
};

/** What a booking asks to be paid: its total, the deposit's share it was told, its balance day. */
export const bookingDueColumns = {
  totalMinor: bookings.totalMinor,
  balanceDueOn: bookings.balanceDueOn,
  depositPercent: bookings.depositPercent,
};

type DueRow = {
  totalMinor: number | null;
  balanceDueOn: string | null;
  depositPercent: number | null;
};

/** What is paid and due of a booking read with bookingDueColumns, given its counted ledger rows. */
export function dueOf(b: DueRow, counted: readonly LedgerRow[], today?: string): AmountsDue {
  return amountsDue(
    b.totalMinor,
    bookingDepositPercent(b.depositPercent),
    counted,
    b.balanceDueOn,
    today,
  );
}

/** The booking as every mail about it names it: the departure day written out, or null. */
export function mailSubject(b: {
  id: string;
  fullName: string;
  tourPackage: string;
  departureDate: string | null;
}): BookingMailSubject {
  return {
    id: b.id,
    fullName: b.fullName,
    tourPackage: b.tourPackage,
    departureDate: b.departureDate ? formatDay(b.departureDate) : null,
  };
}

/** A trip that is off: cancelled by staff, or its payment cancelled or refunded. */
export const isCalledOff = (b: { bookingStatus: string | null; paymentStatus: string }) =>
  b.bookingStatus === "cancelled" || ["Cancelled", "Refunded"].includes(b.paymentStatus);

/**
 * The bookings the customer may see (docs/decisions/0004): linked to their account, or whose
 * email equals their verified email.
 */
export function ownBookings(customer: Customer): SQL {
  const linked = eq(bookings.userId, customer.userId);
  if (!customer.emailVerified) return linked;
  return or(linked, sql`lower(${bookings.email}) = ${normalizeEmail(customer.email)}`)!;
}

/** Rows read through fromBookings: the booking's columns as they are, its tour's, departure's and guide's nullable. */
type BookingRowOf<T extends SelectedFields> = SelectResult<
  T,
  "partial",
  { bookings: "not-null"; tours: "nullable"; departures: "nullable"; guides: "nullable" }
>;

/**
 * `columns` of the bookings matching `where`, with the booking's tour, departure and guide joined
 * for a column of theirs. Drizzle cannot type a join on a select of generic columns: the callers
 * type the rows (BookingRowOf).
 */
function fromBookings(db: Db, columns: SelectedFields, where: SQL | undefined) {
  return db
    .select(columns)
    .from(bookings)
    .leftJoin(tours, eq(tours.id, bookings.tourId))
    .leftJoin(departures, eq(departures.id, bookings.departureId))
    .leftJoin(guides, eq(guides.id, bookings.guideId))
    .where(where);
}

/** One booking as fromBookings reads it through `db` (inside a transaction: as it left it), if it matches `where`. */
export async function readBooking<T extends SelectedFields>(
  db: Db,
  id: string,
  columns: T,
  where?: SQL,
): Promise<BookingRowOf<T> | undefined> {
  const [row] = await fromBookings(db, columns, and(eq(bookings.id, id), where)).limit(1);
  return row as BookingRowOf<T> | undefined;
}

/**
 * Locks the bookings matching `where` for this transaction, in id order (two lockers of the same
 * rows queue instead of deadlocking), and reads `columns` of them as fromBookings does; only the
 * booking rows are locked.
 */
export async function lockBookings<T extends SelectedFields>(
  tx: Tx,
  columns: T,
  where: SQL | undefined,
): Promise<BookingRowOf<T>[]> {
  const rows = await fromBookings(tx, columns, where)
    .orderBy(asc(bookings.id))
    .for("update", { of: bookings });
  return rows as BookingRowOf<T>[];
}

/** One booking locked as lockBookings does, if it exists and matches `where`. */
export async function lockBooking<T extends SelectedFields>(
  tx: Tx,
  id: string,
  columns: T,
  where?: SQL,
) {
  const [row] = await lockBookings(tx, columns, and(eq(bookings.id, id), where));
  return row;
}

/**
 * The booking's version: updated_at in microseconds (a JS Date would drop them), as the Edit
 * dialog read it; a save that brings another version was made over someone else's change.
 */
export const bookingVersion = sql<string>`(extract(epoch from ${bookings.updatedAt}) * 1000000)::bigint::text`;

/** Who changed the booking last and when ('staff@… at Jun 12, 2027 09:30'), for a stale save's refusal. */
export async function lastChange(tx: Tx, id: string): Promise<string> {
  const [last] = await tx
    .select({ actor: bookingEvents.actorLabel, at: bookingEvents.createdAt })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, id))
    .orderBy(desc(bookingEvents.createdAt))
    .limit(1);
  return last ? `${last.actor} at ${formatDayTime(last.at)}` : "someone else";
}

/**
 * One booking locked with its version checked against the one the dialog was opened at:
 * `not_found`, or `stale_booking` naming the last change. A null version is not checked (a change
 * that does not overwrite what the dialog showed).
 */
export async function lockBookingAt<T extends SelectedFields>(
  tx: Tx,
  id: string,
  version: string | null,
  columns: T,
) {
  const row = await lockBooking(tx, id, { ...columns, version: bookingVersion });
  if (!row) throw new DomainError("not_found");
  if (version !== null && row.version !== version)
    throw new DomainError("stale_booking", { reason: await lastChange(tx, id) });
  return row;
}

/** A line of a booking's history: what changed (`field`), from and to what, and why. */
export type HistoryLine = {
  bookingId: string;
  field: string;
  from: string | null;
  to: string | null;
  note?: string | null;
};

/** How a booking's history and mails name a staff member: their name, else their email. */
export const staffName = (staff: Pick<Staff, "name" | "email">) =>
  staff.name?.trim() || staff.email;

/** A booking status as its history writes it ('Confirmed'), or null for none. */
export const statusLabel = (status: string | null) =>
  status ? (BOOKING_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status) : null;

/**
 * Writes lines to bookings' history by `actor` (a staff member, or the system's timers), each at
 * the statement's clock, so the lines of one transaction read back in the order written.
 */
export async function writeHistory(tx: Tx, actor: Staff | "system", lines: HistoryLine[]) {
  if (lines.length === 0) return;
  await tx.insert(bookingEvents).values(
    lines.map((line) => ({
      bookingId: line.bookingId,
      actorUserId: actor === "system" ? null : actor.userId,
      actorLabel: actor === "system" ? "system" : staffName(actor),
      field: line.field,
      fromValue: line.from,
      toValue: line.to,
      note: line.note ?? null,
      createdAt: sql`clock_timestamp()`,
    })),
  );
}
