import "server-only";

import { and, eq } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { proposalLines, proposals, proposalVersions } from "@/db/schema";
import type { ParkFee } from "@/lib/domain";
import type { Trek } from "@/lib/parks/data/stock";
import { tripDay } from "@/lib/proposals/pricing";

/**
 * The treks a tailor-made trip makes: a park and day for each line of an activity needing a
 * permit from the stock, each trekker holding a permit of that park and day's lots. Read when the
 * proposal is accepted (the permits taken) and where staff handle the booking's permits.
 */

export type ProposalTrek = Trek & { permitFee: ParkFee | null };

type TrekLine = { day: number; park: string | null; parkFee: ParkFee | null; needsPermit: boolean };

/**
 * One trek per park and day among the lines, earliest first (then by park): the order their
 * lots are locked in, the same for every acceptance, so two of them never wait on each other.
 */
export function treksOfLines(startDate: string, lines: readonly TrekLine[]): ProposalTrek[] {
  const byKey = new Map<string, ProposalTrek>();
  for (const l of lines) {
    if (!l.needsPermit || !l.park) continue;
    const day = tripDay(startDate, l.day);
    const key = `${day}|${l.park}`;
    if (!byKey.has(key)) byKey.set(key, { park: l.park, day, permitFee: l.parkFee });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, t]) => t);
}

/**
 * The treks of the accepted version whose booking is `bookingId`, or null for a booking that
 * came from no accepted proposal. Takes the handle: its callers checked the caller's rights.
 */
export async function acceptedTreksOf(
  db: Db | Tx,
  bookingId: string,
): Promise<ProposalTrek[] | null> {
  const [version] = await db
    .select({ id: proposalVersions.id, startDate: proposalVersions.startDate })
    .from(proposals)
    .innerJoin(
      proposalVersions,
      and(eq(proposalVersions.proposalId, proposals.id), eq(proposalVersions.state, "accepted")),
    )
    .where(eq(proposals.bookingId, bookingId));
  if (!version) return null;
  const lines = await db
    .select({
      day: proposalLines.day,
      park: proposalLines.park,
      parkFee: proposalLines.parkFee,
      needsPermit: proposalLines.needsPermit,
    })
    .from(proposalLines)
    .where(eq(proposalLines.versionId, version.id));
  return treksOfLines(version.startDate, lines);
}
