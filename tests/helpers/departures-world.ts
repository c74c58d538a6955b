/**
 * Departures for tests: a tour that sells them and a departure on it, made straight in the
 * database (the staff screen's own tests make them through its actions), and the bookings that
 * take its seats.
 */
import { eq } from "drizzle-orm";

import type { Db } from "@/db";
import { departures, tours } from "@/db/schema";
import type { BookingRequest } from "@/lib/bookings/request";
import { createBooking } from "@/lib/bookings/data/requests";
import { tripEndDate } from "@/lib/departures/rules";
import type { DepartureStatus, TourBookingMode } from "@/lib/domain";

import { inDays } from "./payloads";

/** A seeded tour by slug, switched to `mode`; returns its id and duration. */
export async function sellingTour(db: Db, slug: string, mode: TourBookingMode = "both") {
  const [tour] = await db
    .update(tours)
    .set({ bookingMode: mode })
    .where(eq(tours.slug, slug))
    .returning({ id: tours.id, slug: tours.slug, durationDays: tours.durationDays });
  if (!tour) throw new Error(`no seeded tour ${slug}`);
  return tour;
}

export async function makeDeparture(
  db: Db,
  tour: { id: string; durationDays: number | null },
  options: {
    inDays?: number;
    capacity?: number;
    cutoffDays?: number;
    minGroup?: number | null;
    status?: DepartureStatus;
    prices?: Record<string, number>;
  } = {},
) {
  const startDate = inDays(options.inDays ?? 30);
  const [row] = await db
    .insert(departures)
    .values({
      tourId: tour.id,
      startDate,
      endDate: tripEndDate(startDate, tour.durationDays),
      capacity: options.capacity ?? 12,
      cutoffDays: options.cutoffDays ?? 0,
      minGroup: options.minGroup ?? null,
      status: options.status ?? "open",
      prices: options.prices ?? {},
    })
    .returning();
  return row!;
}

/** A valid booking request for the gorilla safari (a fresh email and key each), with `overrides`. */
export function newRequest(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    fullName: "Amina Nakato",
    email: `amina-${crypto.randomUUID()}@example.com`,
    phone: "+256 700 123 456",
    address: "Uganda",
    tour: "gorilla-safari",
    departureId: null,
    departureDate: null,
    endDate: null,
    groupSize: 2,
    accommodationPreference: null,
    dietaryRestrictions: null,
    specialRequests: null,
    termsAccepted: true,
    newsletter: false,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

/** A public booking of `groupSize` seats on the departure; returns its id. */
export async function book(departureId: string, groupSize: number, email?: string) {
  const result = await createBooking(
    newRequest({ departureId, groupSize, ...(email ? { email } : {}) }),
    { source: "public" },
  );
  if (result.status !== "created") throw new Error("booking not created");
  return result.id;
}
