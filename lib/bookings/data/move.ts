import "server-only";

import { and, asc, eq, gte, ne, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { bookings, departures, guides, tours } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { bookingMailColumns, lockBookingAt, writeHistory } from "@/lib/bookings/data/booking-row";
import {
  departureCore,
  notCalledOff,
  lockDeparture,
  type LockedDeparture,
  refreshDepartures,
  requireSeats,
  takeSeats,
  seatsHeldOf,
  seatsTakenOf,
} from "@/lib/departures/data/seats";
import { requireStaff } from "@/lib/session";
import { offerReturnedSeats } from "@/lib/departures/data/waitlist";
import { todayInKampala } from "@/lib/dates";
import { departureRange } from "@/lib/departures/rules";
import type { DepartureStatus } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { bookingMoved, bookingRebooked } from "@/lib/email/templates/booking-moved";
import { DomainError } from "@/lib/errors";
import type { BookingMoveInput } from "@/lib/bookings/schemas/move";
import { canRebook } from "@/lib/bookings/refund-due";

/**
 * A booking's departure in the staff Edit dialog, and moving the booking to another departure of
 * the same tour. The move runs in one transaction: the booking row locked and its version
 * checked (like every save of the dialog), both departures locked in id order (two moves between
 * the same dates queue instead of deadlocking), the target's free seats counted after its lock,
 * the booking given the target's dates (and its guide), its history, the audit event, the
 * customer's mail, and the seats it gave back offered to the old departure's waitlist.
 */

/** Where the booking travels and where it could go instead. */
export type BookingDeparture = {
  id: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsTaken: number;
  status: DepartureStatus;
  /**
   * Open upcoming departures of the same tour with room for the booking's group: where it can
   * move, or for a cancelled booking (`rebook`), where it can be booked again (its own date too).
   */
  targets: { id: string; startDate: string; endDate: string; seatsLeft: number }[];
  /** The booking is cancelled: the targets are dates to book it again on, not to move it to. */
  rebook: boolean;
};

/** Upcoming dates offered in the Move select at most. */
const MOVE_TARGETS_MAX = 50;

/**
 * The booking's departure and its move targets, for getBookingForEdit (which checked the
 * caller). Takes the database handle, which only data modules open: not an entry point.
 */
export async function bookingDepartureOf(
  db: Db,
  booking: {
    departureId: string | null;
    groupSize: number;
    live: boolean;
    /** Called off, but can be booked again (cancelled, not refunded). */
    rebookable?: boolean;
  },
  today: string = todayInKampala(),
): Promise<BookingDeparture | null> {
  if (!booking.departureId) return null;
  const [current] = await db
    .select({
      ...departureCore,
      seatsTaken: seatsTakenOf(departures.id),
      status: departures.status,
    })
    .from(departures)
    // The join makes Drizzle qualify every column: in a one-table select it writes a bare "id",
    // which the seat subqueries would read as bookings.id.
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(departures.id, booking.departureId))
    .limit(1);
  if (!current) return null;
  const seatsLeft = sql<number>`${departures.capacity} - ${seatsTakenOf(departures.id)} - ${seatsHeldOf(departures.id)}`;
  // A live booking moves to another date; a cancelled one (whose seats are free again) may be
  // booked again on any open date of its tour, its own included.
  const rebook = !booking.live && Boolean(booking.rebookable);
  const targets =
    booking.live || rebook
      ? await db
          .select({
            id: departures.id,
            startDate: departures.startDate,
            endDate: departures.endDate,
            seatsLeft,
          })
          .from(departures)
          .innerJoin(tours, eq(tours.id, departures.tourId))
          .where(
            and(
              eq(departures.tourId, current.tourId),
              rebook ? undefined : ne(departures.id, current.id),
              eq(departures.status, "open"),
              gte(departures.startDate, today),
              sql`${seatsLeft} >= ${booking.groupSize}`,
            ),
          )
          .orderBy(asc(departures.startDate), asc(departures.id))
          .limit(MOVE_TARGETS_MAX)
      : [];
  const { tourId: _, ...departure } = current;
  return {
    ...departure,
    seatsTaken: Number(departure.seatsTaken),
    targets: targets.map((t) => ({ ...t, seatsLeft: Number(t.seatsLeft) })),
    rebook,
  };
}

async function lockMoved(tx: Tx, input: BookingMoveInput) {
  const row = await lockBookingAt(tx, input.bookingId, input.version, {
    ...bookingMailColumns,
    tourId: bookings.tourId,
    departureId: bookings.departureId,
    guideId: bookings.guideId,
    groupSize: bookings.groupSize,
    live: notCalledOff,
  });
  return { ...row, live: Boolean(row.live) };
}

/** Both departures locked, the lower id first (every mover takes them in the same order). */
async function lockBoth(tx: Tx, a: string, b: string) {
  const [first, second] = a < b ? [a, b] : [b, a];
  const locked = new Map<string, LockedDeparture | null>();
  locked.set(first, await lockDeparture(tx, first));
  locked.set(second, await lockDeparture(tx, second));
  return { from: locked.get(a) ?? null, to: locked.get(b) ?? null };
}

const guideNameOf = async (tx: Tx, id: string | null) => {
  if (!id) return null;
  const [g] = await tx.select({ name: guides.fullName }).from(guides).where(eq(guides.id, id));
  return g?.name ?? null;
};

export type MoveResult = { from: string; to: string; guideName: string | null };

/**
 * Moves a live departure booking to another open upcoming departure of its tour with room for its
 * group. Refused with `not_found` (booking or departure unknown), `stale_booking` (saved by someone
 * else since the dialog opened), `departure_unavailable` (not a live departure booking, the same
 * departure, another tour's, closed, cancelled or past) or `seats_unavailable` naming the seats
 * left. The booking takes the target's dates, and its guide when the target has one (a guide
 * that was the old departure's leaves with it).
 */
export async function moveBookingToDeparture(input: BookingMoveInput): Promise<MoveResult> {
  const staff = await requireStaff();
  const db = await getDb();
  const today = todayInKampala();
  const result = await db.transaction(async (tx) => {
    const b = await lockMoved(tx, input);
    if (!b.departureId || !b.live || b.departureId === input.departureId) {
      throw new DomainError("departure_unavailable");
    }
    const { from, to } = await lockBoth(tx, b.departureId, input.departureId);
    if (!to || !from) throw new DomainError("not_found");
    if (to.tourId !== from.tourId || to.status !== "open" || to.startDate < today) {
      throw new DomainError("departure_unavailable");
    }
    // The group's permits move with it: those of the old trek day give way to the new one's.
    await requireSeats(tx, to, b.groupSize, { bookingId: b.id });

    const guideId = to.guideId ?? (b.guideId === from.guideId ? null : b.guideId);
    await tx
      .update(bookings)
      .set({
        departureId: to.id,
        departureDate: to.startDate,
        endDate: to.endDate,
        guideId,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(bookings.id, b.id));

    const fromText = departureRange(from.startDate, from.endDate);
    const toText = departureRange(to.startDate, to.endDate);
    const [oldGuide, newGuide] = await Promise.all([
      guideNameOf(tx, b.guideId),
      guideNameOf(tx, guideId),
    ]);
    await writeHistory(tx, staff, [
      { bookingId: b.id, field: "departure", from: fromText, to: toText },
      ...(guideId !== b.guideId
        ? [{ bookingId: b.id, field: "guide", from: oldGuide, to: newGuide }]
        : []),
    ]);
    await recordStaffChange(
      tx,
      staff,
      "booking.move",
      { type: "booking", id: b.id },
      {
        departureId: { from: from.id, to: to.id },
        dates: { from: fromText, to: toText },
        groupSize: b.groupSize,
        ...(guideId !== b.guideId ? { guideId: { from: b.guideId, to: guideId } } : {}),
      },
    );
    const mail = bookingMoved({
      id: b.id,
      fullName: b.fullName,
      tourPackage: b.tourPackage,
      from: fromText,
      to: toText,
      guideName: newGuide,
    });
    await queueEmail({ ...mail, to: b.email }, tx);
    // The seats the booking left are free again on the old departure: its waitlist's turn.
    await offerReturnedSeats(tx, from.id);
    return { from: fromText, to: toText, guideName: newGuide };
  });
  refreshDepartures();
  return result;
}

/**
 * Books a cancelled booking again on an open upcoming date of its tour (its own date too) when
 * the group fits: the booking locked at its version, the seats taken with takeSeats under the
 * departure's lock in the same transaction (so a rebooking never oversells, like a new booking),
 * the booking Confirmed on the date with its guide, its history, the audit event and the
 * customer's mail. Refused with `departure_unavailable` (not a cancelled departure booking, a
 * refunded one, another tour's date, closed or past), `seats_unavailable` naming the seats left,
 * `stale_booking` or `not_found`.
 */
export async function rebookCancelledBooking(input: BookingMoveInput): Promise<MoveResult> {
  const staff = await requireStaff();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const b = await lockBookingAt(tx, input.bookingId, input.version, {
      ...bookingMailColumns,
      tourId: bookings.tourId,
      departureId: bookings.departureId,
      departureDate: bookings.departureDate,
      endDate: bookings.endDate,
      guideId: bookings.guideId,
      groupSize: bookings.groupSize,
      bookingStatus: bookings.bookingStatus,
      paymentStatus: bookings.paymentStatus,
    });
    if (!b.departureId || !b.tourId || !canRebook(b)) {
      throw new DomainError("departure_unavailable");
    }
    const to = await takeSeats(tx, {
      departureId: input.departureId,
      tourId: b.tourId,
      groupSize: b.groupSize,
      bookingId: b.id,
    });
    const guideId = to.guideId ?? null;
    await tx
      .update(bookings)
      .set({
        departureId: to.id,
        departureDate: to.startDate,
        endDate: to.endDate,
        bookingStatus: "confirmed",
        confirmedAt: sql`clock_timestamp()`,
        statusReason: null,
        holdExpiresAt: null,
        guideId,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(bookings.id, b.id));

    const fromText =
      b.departureDate && b.endDate ? departureRange(b.departureDate, b.endDate) : "none";
    const toText = departureRange(to.startDate, to.endDate);
    const [oldGuide, newGuide] = await Promise.all([
      guideNameOf(tx, b.guideId),
      guideNameOf(tx, guideId),
    ]);
    await writeHistory(tx, staff, [
      { bookingId: b.id, field: "booking_status", from: "Cancelled", to: "Confirmed" },
      ...(fromText !== toText
        ? [{ bookingId: b.id, field: "departure", from: fromText, to: toText }]
        : []),
      ...(guideId !== b.guideId
        ? [{ bookingId: b.id, field: "guide", from: oldGuide, to: newGuide }]
        : []),
    ]);
    await recordStaffChange(
      tx,
      staff,
      "booking.rebook",
      { type: "booking", id: b.id },
      {
        departureId: { from: b.departureId, to: to.id },
        dates: { from: fromText, to: toText },
        bookingStatus: { from: "cancelled", to: "confirmed" },
        groupSize: b.groupSize,
      },
    );
    const mail = bookingRebooked({
      id: b.id,
      fullName: b.fullName,
      tourPackage: b.tourPackage,
      from: fromText,
      to: toText,
      guideName: newGuide,
    });
    await queueEmail({ ...mail, to: b.email }, tx);
    return { from: fromText, to: toText, guideName: newGuide };
  });
  refreshDepartures();
  return result;
}
