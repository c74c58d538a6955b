import "server-only";

import { and, asc, eq, inArray } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { proposalDays, proposalLines, proposals, proposalVersions } from "@/db/schema";
import { tripDay } from "@/lib/proposals/pricing";

/**
 * The day-by-day plan of a booking a traveller made by accepting a proposal: the accepted
 * version's days with their lines' words, read where the booking is shown (My Bookings, the
 * invoice, the staff's booking sheet) instead of being copied into the booking. No cost, price
 * or staff note is read. These take the database handle, which only data modules open: their
 * callers have already scoped the bookings to the caller's rights (a customer's own, staff's).
 */

export type PlanDay = {
  day: number;
  /** 'yyyy-MM-dd'. */
  date: string;
  title: string;
  place: string;
  notes: string | null;
  /** The day's lines as written: 'Forest Suite, full board', 'Gorilla trekking in Rushaga'. */
  lines: string[];
};

export type TripPlan = {
  reference: string;
  version: number;
  title: string;
  days: PlanDay[];
};

/** The plans of the bookings that came from an accepted proposal, by booking id. */
export async function plansOf(
  db: Db | Tx,
  bookingIds: readonly string[],
): Promise<Map<string, TripPlan>> {
  const plans = new Map<string, TripPlan>();
  if (bookingIds.length === 0) return plans;
  const versions = await db
    .select({
      bookingId: proposals.bookingId,
      reference: proposals.reference,
      versionId: proposalVersions.id,
      number: proposalVersions.number,
      title: proposalVersions.title,
      startDate: proposalVersions.startDate,
    })
    .from(proposals)
    .innerJoin(proposalVersions, eq(proposalVersions.proposalId, proposals.id))
    .where(
      and(inArray(proposals.bookingId, [...bookingIds]), eq(proposalVersions.state, "accepted")),
    );
  if (versions.length === 0) return plans;
  const ids = versions.map((v) => v.versionId);
  const [days, lines] = await Promise.all([
    db
      .select({
        versionId: proposalDays.versionId,
        day: proposalDays.day,
        title: proposalDays.title,
        place: proposalDays.place,
        notes: proposalDays.notes,
      })
      .from(proposalDays)
      .where(inArray(proposalDays.versionId, ids))
      .orderBy(asc(proposalDays.day)),
    db
      .select({
        versionId: proposalLines.versionId,
        day: proposalLines.day,
        description: proposalLines.description,
      })
      .from(proposalLines)
      .where(inArray(proposalLines.versionId, ids))
      .orderBy(asc(proposalLines.day), asc(proposalLines.position), asc(proposalLines.id)),
  ]);
  for (const v of versions) {
    if (!v.bookingId) continue;
    plans.set(v.bookingId, {
      reference: v.reference,
      version: v.number,
      title: v.title,
      days: days
        .filter((d) => d.versionId === v.versionId)
        .map(({ versionId: _v, ...d }) => ({
          ...d,
          date: tripDay(v.startDate, d.day),
          lines: lines
            .filter((l) => l.versionId === v.versionId && l.day === d.day)
            .map((l) => l.description),
        })),
    });
  }
  return plans;
}

/** The plan of one booking (see plansOf), or null for a booking not made from a proposal. */
export async function planOfBooking(db: Db | Tx, bookingId: string): Promise<TripPlan | null> {
  return (await plansOf(db, [bookingId])).get(bookingId) ?? null;
}
