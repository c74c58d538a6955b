/**
 * Departures for tests: a tour that sells them and a departure on it, made straight in the
 * database (the staff screen's own tests make them through its actions).
 */
import { eq } from "drizzle-orm";

import type { Db } from "@/db";
import { departures, tours } from "@/db/schema";
import { tripEndDate } from "@/lib/departures";
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
