import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, tours } from "@/db/schema";
import type { PricingPackage } from "@/lib/domain";
import { depositOf, withParkFees } from "@/lib/bookings/price";
import { env } from "@/lib/env";
import { feeLinesOf } from "@/lib/parks/data/fees";
import type { FeeLineGroup } from "@/lib/parks/fees";
import { computeQuote } from "@/lib/payments/quote";

/**
 * A private trip's request as its confirmation page shows it (/booking/requested/<token>). The
 * caller is authorized by the signed token of that address (lib/bookings/request-link.ts),
 * verified by the page, so this returns what the sender wrote of the trip and nothing of anyone
 * else: no phone, address or notes.
 */
export type RequestedBooking = {
  id: string;
  firstName: string;
  email: string;
  tourPackage: string;
  departureDate: string | null;
  endDate: string | null;
  groupSize: number;
  accommodation: string | null;
  createdAt: Date;
  /** Sent from a customer account (Book New Trip): it is in that account's My Bookings already. */
  fromAccount: boolean;
  /**
   * What it comes to at the tier asked for and, on a permit tour, with the park fees stored with
   * it, as staff confirm it by default; null: no price.
   */
  estimate: {
    tier: string;
    unitPrice: number;
    /** The land part, US cents. */
    landMinor: number;
    fees: FeeLineGroup[];
    totalMinor: number;
    depositPercent: number;
    depositMinor: number;
  } | null;
  /** A permit tour whose fees are not in the estimate (no date yet, or not priced online). */
  feesToQuote: boolean;
  balanceDueDays: number | null;
};

export async function getRequestedBooking(id: string): Promise<RequestedBooking | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: bookings.id,
      fullName: bookings.fullName,
      email: bookings.email,
      tourPackage: bookings.tourPackage,
      departureId: bookings.departureId,
      departureDate: bookings.departureDate,
      endDate: bookings.endDate,
      groupSize: bookings.groupSize,
      accommodation: bookings.accommodationPreference,
      createdAt: bookings.createdAt,
      userId: bookings.userId,
      packages: sql<unknown>`${tours.pricing} -> 'packages'`,
      balanceDueDays: tours.balanceDueDays,
      permitFee: tours.permitFee,
    })
    .from(bookings)
    .leftJoin(tours, eq(tours.id, bookings.tourId))
    .where(eq(bookings.id, id));
  // A booking on a departure is sold at its pay page, not confirmed here.
  if (!row || row.departureId) return null;
  const fees = await feeLinesOf(db, [row.id]);
  const quote = withParkFees(
    computeQuote({
      packages: Array.isArray(row.packages) ? (row.packages as PricingPackage[]) : [],
      accommodation: row.accommodation,
      groupSize: row.groupSize,
    }),
    fees.get(row.id) ?? [],
  );
  return {
    id: row.id,
    firstName: row.fullName.trim().split(/\s+/)[0] ?? row.fullName,
    email: row.email,
    tourPackage: row.tourPackage,
    departureDate: row.departureDate,
    endDate: row.endDate,
    groupSize: row.groupSize,
    accommodation: row.accommodation,
    createdAt: row.createdAt,
    fromAccount: row.userId !== null,
    estimate: quote
      ? {
          tier: quote.tier,
          unitPrice: quote.unitPrice,
          landMinor: quote.landMinor,
          fees: quote.fees,
          totalMinor: quote.totalMinor,
          depositPercent: env.DEPOSIT_PERCENT,
          depositMinor: depositOf(quote.totalMinor, env.DEPOSIT_PERCENT),
        }
      : null,
    balanceDueDays: row.balanceDueDays,
    feesToQuote: row.permitFee !== null && (fees.get(row.id) ?? []).length === 0,
  };
}
