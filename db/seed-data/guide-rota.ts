import { sql } from "drizzle-orm";

import type { Db } from "../types";
import { bookings } from "../schema";

type Trip = { start: string; end: string };

/**
 * The demo's guides with the trips they already lead, so that each trip seeded after gets a guide
 * who leads no other trip at the same time. Returns the pick: the first guide of `team` free from
 * `start` to `end` ('yyyy-MM-dd'), booked for that trip from then on; null when none is free.
 */
export async function guideRota(db: Db, team: readonly { id: string }[]) {
  const busy = new Map<string, Trip[]>();
  const taken = await db
    .select({
      guideId: bookings.guideId,
      start: bookings.departureDate,
      end: sql<string>`coalesce(${bookings.endDate}, ${bookings.departureDate} + 2)::text`,
    })
    .from(bookings)
    .where(sql`${bookings.guideId} is not null and ${bookings.departureDate} is not null`);
  const book = (guideId: string, trip: Trip) =>
    busy.set(guideId, [...(busy.get(guideId) ?? []), trip]);
  for (const t of taken) book(t.guideId!, { start: t.start!, end: t.end });
  return (start: string, end: string): string | null => {
    const guide = team.find((g) =>
      (busy.get(g.id) ?? []).every((t) => t.end < start || end < t.start),
    );
    if (guide) book(guide.id, { start, end });
    return guide?.id ?? null;
  };
}
