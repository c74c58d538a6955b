import "server-only";

import { asc, eq, inArray } from "drizzle-orm";

import { type Db, getDb } from "@/db";
import { bookings, bookingTravellers } from "@/db/schema";
import { lockBooking, ownBookings } from "@/lib/bookings/data/booking-row";
import { notCalledOff } from "@/lib/departures/data/seats";
import { requireCustomer } from "@/lib/session";
import { todayInKampala } from "@/lib/dates";
import { DomainError } from "@/lib/errors";
import { travellersEditable } from "@/lib/departures/manifest";
import type { TravellersInput } from "@/lib/bookings/schemas/travellers";
import type { Residency, ResidencyProof } from "@/lib/domain";
import { requireTrekAge, requireTripTrekAge } from "@/lib/parks/data/trek-age";

/**
 * The travellers of a customer's booking (names as on passports, nationality, dietary and medical
 * notes), given in My Bookings until the trip starts; staff read them in the departure's manifest
 * (lib/departures/data/manifest.ts). Scoped like every customer read (ownBookings): another customer's
 * booking is not found.
 */

export type TravellerDetails = {
  position: number;
  fullName: string;
  nationality: string | null;
  dietary: string | null;
  medical: string | null;
  residency?: Residency | null;
  dateOfBirth?: string | null;
  proof?: ResidencyProof | null;
};

/**
 * The travellers of bookings the caller has already scoped (My Bookings' page), by booking id.
 * Takes the database handle, which only data modules open: not an entry point.
 */
export async function travellersOfBookings(
  db: Db,
  bookingIds: string[],
): Promise<Map<string, TravellerDetails[]>> {
  const byBooking = new Map<string, TravellerDetails[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      bookingId: bookingTravellers.bookingId,
      position: bookingTravellers.position,
      fullName: bookingTravellers.fullName,
      nationality: bookingTravellers.nationality,
      dietary: bookingTravellers.dietary,
      medical: bookingTravellers.medical,
      residency: bookingTravellers.residency,
      dateOfBirth: bookingTravellers.dateOfBirth,
      proof: bookingTravellers.proof,
    })
    .from(bookingTravellers)
    .where(inArray(bookingTravellers.bookingId, bookingIds))
    .orderBy(asc(bookingTravellers.bookingId), asc(bookingTravellers.position));
  for (const { bookingId, ...t } of rows) {
    const list = byBooking.get(bookingId) ?? [];
    list.push(t);
    byBooking.set(bookingId, list);
  }
  return byBooking;
}

/**
 * Replaces the travellers of one of the caller's bookings in one transaction (the booking row
 * locked, so two saves queue). A row left empty is not stored: that traveller's details are not
 * given yet. Refused with `not_found` for another customer's booking, and with
 * `departure_unavailable` once the trip has started or the booking was cancelled.
 */
export async function saveMyTravellers(input: TravellersInput): Promise<{ saved: number }> {
  const me = await requireCustomer();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockBooking(
      tx,
      input.bookingId,
      {
        id: bookings.id,
        departureId: bookings.departureId,
        departureDate: bookings.departureDate,
        tourId: bookings.tourId,
        groupSize: bookings.groupSize,
        live: notCalledOff,
      },
      ownBookings(me),
    );
    if (!booking) throw new DomainError("not_found");
    if (!travellersEditable({ ...booking, live: Boolean(booking.live) }, todayInKampala())) {
      throw new DomainError("departure_unavailable");
    }
    if (input.travellers.length > booking.groupSize) {
      throw new Error("more travellers than the booking's group");
    }
    const rows = input.travellers.flatMap((t, index) =>
      t.fullName
        ? [
            {
              bookingId: booking.id,
              position: index + 1,
              fullName: t.fullName,
              nationality: t.nationality,
              dietary: t.dietary,
              medical: t.medical,
              residency: t.residency ?? null,
              dateOfBirth: t.dateOfBirth ?? null,
              proof: t.proof ?? null,
            },
          ]
        : [],
    );
    if (booking.departureId) await requireTrekAge(tx, booking.departureId, rows);
    else
      await requireTripTrekAge(
        tx,
        { tourId: booking.tourId, startDate: booking.departureDate },
        rows,
      );
    await tx.delete(bookingTravellers).where(eq(bookingTravellers.bookingId, booking.id));
    if (rows.length > 0) await tx.insert(bookingTravellers).values(rows);
    return { saved: rows.length };
  });
}
