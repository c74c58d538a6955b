import "server-only";

import { desc, eq, sql } from "drizzle-orm";

import type { Tx } from "@/db";
import { bookingEvents, bookings } from "@/db/schema";
import { formatDayTime } from "@/lib/dates";

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
