import "server-only";

import { and, asc, eq, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { bookings, departures, permitAllocations, permitLots, tours } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { lockBooking } from "@/lib/bookings/data/booking-row";
import { formatDay, todayInKampala } from "@/lib/dates";
import { notCalledOff, takesSeats } from "@/lib/departures/data/seat-rules";
import { lockDeparture, refreshDepartures } from "@/lib/departures/data/seats";
import type { ParkFee } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import {
  type CancelledPermit,
  PERMIT_LOT_STATE_LABELS,
  permitCancellation,
  type PermitCancellation,
} from "@/lib/parks/rules";
import type { AllocatePermitsInput, PermitNumberInput } from "@/lib/parks/schemas";
import {
  allocateFromLot,
  lockTrekLots,
  lotsWithRoom,
  permitsHeld,
  type Trek,
  usableLot,
} from "@/lib/parks/data/stock";
import { acceptedTreksOf } from "@/lib/proposals/data/treks";
import { requireStaff } from "@/lib/session";

/**
 * A booking's permits as staff handle them in its Edit dialog: which trekker holds which lot's
 * permit and UWA's number for it, allocating the missing ones from a lot of the trek day (a
 * private trip, whose permits are never taken with seats; an older reseller's booking; a booking
 * whose lot UWA cancelled), and what UWA would keep if the booking were cancelled. A booking of a
 * permit tour makes one trek; a tailor-made trip makes one for each park and day its accepted
 * proposal treks, each trekker holding a permit of each. A private trip is confirmed only once
 * every trekker holds a permit of every trek (requirePermitsToConfirm).
 */

/** A trek of a booking: its park, the permit's fee and its day (null: no date yet). */
type BookingTrek = { park: string; permitFee: ParkFee | null; day: string | null };

/**
 * The treks a booking makes, or null when it makes none: its tour's (one, on the tour's trek day),
 * or for a tailor-made trip the accepted proposal's (one for each park and day of an activity
 * needing a permit, lib/proposals/data/treks.ts).
 */
async function bookingTreks(db: Db | Tx, bookingId: string) {
  const [b] = await db
    .select({
      groupSize: bookings.groupSize,
      departureId: bookings.departureId,
      tourId: bookings.tourId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!b) return null;
  if (b.tourId === null) {
    const treks = await acceptedTreksOf(db, bookingId);
    if (!treks?.length) return null;
    return {
      groupSize: b.groupSize,
      departureId: b.departureId,
      treks: treks.map((t): BookingTrek => ({ park: t.park, day: t.day, permitFee: t.permitFee })),
    };
  }
  const tour = await tourTrek(db, bookingId);
  if (!tour) return null;
  return {
    groupSize: tour.groupSize,
    departureId: tour.departureId,
    treks: [{ park: tour.park, day: tour.day, permitFee: tour.permitFee } satisfies BookingTrek],
  };
}

/** The trek of a booking of a permit tour, if it has one. */
const trekOf = (t: BookingTrek): Trek | null => (t.day ? { park: t.park, day: t.day } : null);

/** The park, permit and trek day of a booking's tour (null: no date yet), or null without one. */
async function tourTrek(db: Db | Tx, bookingId: string) {
  const [row] = await db
    .select({
      groupSize: bookings.groupSize,
      departureId: bookings.departureId,
      permitFee: tours.permitFee,
      park: tours.permitPark,
      day: sql<
        string | null
      >`(coalesce(${departures.startDate}, ${bookings.departureDate}) + (${tours.trekDay} - 1))::text`,
    })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .leftJoin(departures, eq(departures.id, bookings.departureId))
    .where(eq(bookings.id, bookingId));
  if (!row?.park || !row.permitFee) return null;
  return {
    groupSize: row.groupSize,
    departureId: row.departureId,
    permitFee: row.permitFee,
    park: row.park,
    day: row.day,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Refuses to confirm a private trip making a trek (no departure: its permits come with no seats;
 * a tailor-made trip makes one or more) until every trekker holds a permit for every trek:
 * `permits_missing`, saying how many are missing (and of which treks, when it makes more than
 * one). Called by the confirmations, in their transaction, with the booking locked.
 */
export async function requirePermitsToConfirm(tx: Tx, bookingId: string): Promise<void> {
  const b = await bookingTreks(tx, bookingId);
  if (!b || b.departureId) return;
  const today = todayInKampala();
  const short: { trek: BookingTrek; missing: number }[] = [];
  for (const t of b.treks) {
    const trek = trekOf(t);
    const held = trek
      ? await permitsHeld(tx, { bookingId, trek, trekkers: b.groupSize, today })
      : 0;
    if (held < b.groupSize) short.push({ trek: t, missing: b.groupSize - held });
  }
  const missing = short.reduce((n, s) => n + s.missing, 0);
  if (missing <= 0) return;
  const needed = b.groupSize * b.treks.length;
  const missingText = `${plural(missing, "permit", "permits")} of ${needed} ${missing === 1 ? "is" : "are"} missing${
    b.treks.length > 1
      ? ` (${short.map((s) => `${s.missing} for ${s.trek.park}${s.trek.day ? ` on ${formatDay(s.trek.day)}` : ""}`).join(", ")})`
      : ""
  }`;
  const dated = short.every((s) => s.trek.day);
  throw new DomainError("permits_missing", {
    reason: dated
      ? `${missingText}: every trekker needs a UWA permit before this trip is confirmed. Allocate ${missing === 1 ? "it" : "them"} from a lot under Permits.`
      : `${missingText}: the trip has no date yet, and every trekker needs a UWA permit for the trek day before it is confirmed.`,
  });
}

/** One trekker of the booking: the permit they hold (its lot and UWA's number), if any. */
export type TrekkerPermit = {
  position: number;
  allocationId: string | null;
  /** The lot as staff know it: 'Rushaga · UWA 2027-0415 · Paid'. */
  lot: string | null;
  permitNumber: string | null;
};

/** One trek of the booking and its trekkers' permits. */
export type TrekPermits = {
  /** The permit's fee (its label), null when the trip's line named none. */
  permitFee: ParkFee | null;
  park: string;
  /** The trek day ('yyyy-MM-dd'), or null while a private trip has no date. */
  trekDate: string | null;
  trekkers: TrekkerPermit[];
  missing: number;
  /** The trek day's usable lots with room for this booking, to allocate from. */
  lots: { id: string; label: string; room: number }[];
  /** What UWA would keep of this trek's permits if the booking were cancelled today. */
  cancellation: PermitCancellation | null;
};

/** A booking's permits: a trek for a tour's booking, one or more for a tailor-made trip. */
export type BookingPermits = {
  treks: TrekPermits[];
  /** A private trip: confirmed only once every trekker holds a permit of every trek. */
  confirmNeedsPermits: boolean;
};

const lotLabel = (lot: {
  sector: string | null;
  uwaReference: string | null;
  state: keyof typeof PERMIT_LOT_STATE_LABELS;
}) =>
  [
    lot.sector,
    lot.uwaReference ? `UWA ${lot.uwaReference}` : null,
    PERMIT_LOT_STATE_LABELS[lot.state],
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * The booking's permits for its Edit dialog, trek by trek, or null when it makes no trek. For
 * getBookingForEdit (which checked the caller): takes the database handle, not an entry point.
 */
export async function bookingPermitsOf(db: Db, bookingId: string): Promise<BookingPermits | null> {
  const b = await bookingTreks(db, bookingId);
  if (!b) return null;
  const today = todayInKampala();
  const treks = await Promise.all(
    b.treks.map((t) => trekPermitsOf(db, bookingId, b.groupSize, t, today)),
  );
  return { treks, confirmNeedsPermits: b.departureId === null };
}

async function trekPermitsOf(
  db: Db,
  bookingId: string,
  groupSize: number,
  t: BookingTrek,
  today: string,
): Promise<TrekPermits> {
  const trek = trekOf(t);
  const held = trek
    ? await db
        .select({
          id: permitAllocations.id,
          traveller: permitAllocations.traveller,
          permitNumber: permitAllocations.permitNumber,
          sector: permitLots.sector,
          uwaReference: permitLots.uwaReference,
          state: permitLots.state,
          faceValueMinor: permitLots.faceValueMinor,
          currency: permitLots.currency,
        })
        .from(permitAllocations)
        .innerJoin(permitLots, eq(permitLots.id, permitAllocations.lotId))
        .where(
          and(
            eq(permitAllocations.bookingId, bookingId),
            sql`${permitAllocations.traveller} <= ${groupSize}`,
            eq(permitLots.park, trek.park),
            eq(permitLots.trekDate, trek.day),
            usableLot("permit_lots", today),
          ),
        )
        .orderBy(asc(permitAllocations.traveller))
    : [];
  const byPosition = new Map(held.map((a) => [a.traveller, a]));
  const trekkers: TrekkerPermit[] = [];
  for (let position = 1; position <= groupSize; position++) {
    const a = byPosition.get(position);
    trekkers.push({
      position,
      allocationId: a?.id ?? null,
      lot: a ? lotLabel(a) : null,
      permitNumber: a?.permitNumber ?? null,
    });
  }
  const lots = trek ? await lotsWithRoom(db, trek, today, bookingId) : [];
  return {
    permitFee: t.permitFee,
    park: t.park,
    trekDate: t.day,
    trekkers,
    missing: groupSize - byPosition.size,
    lots: lots
      .filter((l) => l.room > 0)
      .map((l) => ({ id: l.id, label: `${lotLabel(l)} (${l.room} free)`, room: l.room })),
    cancellation: trek
      ? permitCancellation(held satisfies CancelledPermit[], trek.day, today)
      : null,
  };
}

/**
 * Staff allocate the permits a booking's trekkers are still missing from one lot of its trek
 * day, as many as the lot and the day can spare (lib/parks/data/stock.ts allocateFromLot), in one
 * transaction: the booking locked, then its departure (when it has one) and the day's lots, in
 * the order every taking of seats and permits locks them. Refused with `not_found`, or
 * `permits_unavailable` saying why (a booking called off or holding no seats, a tour without
 * permits, a trip without a date, a lot of another day or full).
 */
export async function allocateBookingPermits(
  input: AllocatePermitsInput,
): Promise<{ allocated: number; missing: number }> {
  const staff = await requireStaff();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId, {
      id: bookings.id,
      departureId: bookings.departureId,
      holds: sql<boolean>`(case when ${bookings.departureId} is null then ${notCalledOff} else ${takesSeats} end)`,
    });
    if (!booking) throw new DomainError("not_found");
    const b = await bookingTreks(tx, booking.id);
    if (!b) throw new DomainError("permits_unavailable", { reason: "This tour needs no permit." });
    if (!booking.holds)
      throw new DomainError("permits_unavailable", {
        reason: booking.departureId
          ? "This booking holds no seats: its permits come back with them."
          : "This booking is cancelled.",
      });
    // The trek the lot is for (a tailor-made trip makes several); a lot of none of them is
    // refused by allocateFromLot as not one of the trek day's lots.
    const [lot] = await tx
      .select({ park: permitLots.park, day: sql<string>`${permitLots.trekDate}::text` })
      .from(permitLots)
      .where(eq(permitLots.id, input.lotId));
    const treks = b.treks.map(trekOf).filter((t): t is Trek => t !== null);
    const trek = treks.find((t) => t.park === lot?.park && t.day === lot?.day) ?? treks[0];
    if (!trek)
      throw new DomainError("permits_unavailable", {
        reason: "The trip has no date yet: permits are for a trek day.",
      });
    if (b.departureId) await lockDeparture(tx, b.departureId);
    await lockTrekLots(tx, trek);
    const done = await allocateFromLot(tx, {
      bookingId: booking.id,
      trek,
      lotId: input.lotId,
      trekkers: b.groupSize,
      today: todayInKampala(),
      otherTreks: treks.filter((t) => t !== trek),
    });
    if (done.allocated > 0)
      await recordStaffChange(
        tx,
        staff,
        "permit.allocate",
        { type: "booking", id: booking.id },
        { lotId: input.lotId, allocated: done.allocated, missing: done.missing },
      );
    return done;
  });
  if (result.allocated > 0) refreshDepartures();
  return result;
}

/**
 * UWA's number of an allocated permit, as staff type it (blank clears it). Audited with the
 * number before and after. `not_found` for an unknown allocation.
 */
export async function setPermitNumber(
  input: PermitNumberInput,
): Promise<{ bookingId: string; traveller: number; permitNumber: string | null }> {
  const staff = await requireStaff();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        bookingId: permitAllocations.bookingId,
        traveller: permitAllocations.traveller,
        permitNumber: permitAllocations.permitNumber,
      })
      .from(permitAllocations)
      .where(eq(permitAllocations.id, input.allocationId))
      .for("update");
    if (!before) throw new DomainError("not_found");
    await tx
      .update(permitAllocations)
      .set({ permitNumber: input.permitNumber, updatedAt: new Date() })
      .where(eq(permitAllocations.id, input.allocationId));
    await recordStaffChange(
      tx,
      staff,
      "permit.number",
      { type: "booking", id: before.bookingId },
      {
        traveller: before.traveller,
        permitNumber: { from: before.permitNumber, to: input.permitNumber },
      },
    );
    return { ...before, permitNumber: input.permitNumber };
  });
}

/**
 * The permits held by the trekkers of a departure's bookings (position and UWA's number, null
 * until typed), by booking: for its manifest and day sheet (which checked the caller), through
 * `db`. Only permits that count: in a usable lot of the departure's trek day, inside the group.
 */
export async function departurePermitsOf(
  db: Db,
  departureId: string,
): Promise<Map<string, Map<number, string | null>>> {
  const today = todayInKampala();
  const rows = await db
    .select({
      bookingId: permitAllocations.bookingId,
      traveller: permitAllocations.traveller,
      permitNumber: permitAllocations.permitNumber,
    })
    .from(permitAllocations)
    .innerJoin(bookings, eq(bookings.id, permitAllocations.bookingId))
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .innerJoin(permitLots, eq(permitLots.id, permitAllocations.lotId))
    .where(
      and(
        eq(bookings.departureId, departureId),
        sql`${permitAllocations.traveller} <= ${bookings.groupSize}`,
        eq(permitLots.park, tours.permitPark),
        sql`${permitLots.trekDate} = ${departures.startDate} + (${tours.trekDay} - 1)`,
        usableLot("permit_lots", today),
      ),
    );
  const byBooking = new Map<string, Map<number, string | null>>();
  for (const r of rows) {
    const held = byBooking.get(r.bookingId) ?? new Map<number, string | null>();
    held.set(r.traveller, r.permitNumber);
    byBooking.set(r.bookingId, held);
  }
  return byBooking;
}
