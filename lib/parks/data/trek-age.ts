import "server-only";

import { eq, sql } from "drizzle-orm";

import type { Tx } from "@/db";
import { departures, tours } from "@/db/schema";
import type { ParkFee } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import { firstTooYoung } from "@/lib/parks/rules";

/**
 * Refuses travellers too young for the permit of the departure's tour on its trek day
 * (`trekker_too_young`, its reason naming who and the day): UWA turns them away at the gate, so the
 * site never sells them the trek. Travellers without a date of birth are checked when it is given.
 */
export async function requireTrekAge(
  tx: Tx,
  departureId: string,
  travellers: readonly { fullName: string; dateOfBirth?: string | null }[],
): Promise<void> {
  if (!travellers.some((t) => t.dateOfBirth)) return;
  const [trek] = await tx
    .select({
      permitFee: tours.permitFee,
      day: sql<string>`(${departures.startDate} + (${tours.trekDay} - 1))::text`,
    })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(departures.id, departureId));
  refuseTooYoung(trek, travellers);
}

/**
 * The same refusal for a private trip of a tour starting on `startDate` (its trek day the tour's
 * day of the trek): a request, or its travellers given later. A trip without a date is checked
 * once it has one.
 */
export async function requireTripTrekAge(
  tx: Tx,
  trip: { tourId: string | null; startDate: string | null },
  travellers: readonly { fullName: string; dateOfBirth?: string | null }[],
): Promise<void> {
  if (!trip.tourId || !trip.startDate || !travellers.some((t) => t.dateOfBirth)) return;
  const [trek] = await tx
    .select({
      permitFee: tours.permitFee,
      day: sql<string>`(${trip.startDate}::date + (${tours.trekDay} - 1))::text`,
    })
    .from(tours)
    .where(eq(tours.id, trip.tourId));
  refuseTooYoung(trek, travellers);
}

function refuseTooYoung(
  trek: { permitFee: ParkFee | null; day: string } | undefined,
  travellers: readonly { fullName: string; dateOfBirth?: string | null }[],
) {
  if (!trek) return;
  const reason = firstTooYoung(
    travellers.map((t) => ({ fullName: t.fullName, dateOfBirth: t.dateOfBirth ?? null })),
    trek.permitFee,
    trek.day,
  );
  if (reason) throw new DomainError("trekker_too_young", { reason });
}
