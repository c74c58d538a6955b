import "server-only";

import { eq, inArray } from "drizzle-orm";

import { getDb } from "@/db";
import { departures, tours } from "@/db/schema";
import type { DateChoicesBySlug } from "@/lib/bookings/packages";
import type { TourPricingFacts, WizardPricing } from "@/lib/bookings/price";
import { env } from "@/lib/env";
import { feePricingFacts } from "@/lib/parks/data/fees";
import { tourPermit } from "@/lib/parks/fees";

/**
 * What the booking wizards need to show the price the server will charge (lib/bookings/price.ts):
 * each active tour's tiers and balance days, the own tier prices of the departures on offer, the
 * permit tours' tariff rows and today's shilling rate, and today's deposit share. Read with the
 * page, so the client carries figures, not settings.
 */
export async function getWizardPricing(dateChoices: DateChoicesBySlug): Promise<WizardPricing> {
  const db = await getDb();
  const departureIds = Object.values(dateChoices).flatMap((c) => c.departures.map((d) => d.id));
  const [tourRows, departureRows] = await Promise.all([
    db
      .select({
        id: tours.id,
        slug: tours.slug,
        pricing: tours.pricing,
        balanceDueDays: tours.balanceDueDays,
        permitFee: tours.permitFee,
        permitPark: tours.permitPark,
        trekDay: tours.trekDay,
      })
      .from(tours)
      .where(eq(tours.isActive, true)),
    departureIds.length
      ? db
          .select({ id: departures.id, tourId: departures.tourId, prices: departures.prices })
          .from(departures)
          .where(inArray(departures.id, departureIds))
      : Promise.resolve([]),
  ]);
  const bySlug: Record<string, TourPricingFacts> = {};
  const byId: Record<string, TourPricingFacts> = {};
  for (const row of tourRows) {
    const packages = Array.isArray(row.pricing?.packages) ? row.pricing.packages : [];
    const facts: TourPricingFacts = {
      packages: packages.map((p) => ({ name: p.name, price: p.price })),
      balanceDueDays: row.balanceDueDays,
      departurePrices: {},
      permit: tourPermit(row),
    };
    bySlug[row.slug] = facts;
    byId[row.id] = facts;
  }
  for (const row of departureRows) {
    const facts = byId[row.tourId];
    if (facts && row.prices && Object.keys(row.prices).length) {
      facts.departurePrices[row.id] = row.prices;
    }
  }
  const { tariffs, rate } = await feePricingFacts(
    Object.values(bySlug).flatMap((facts) => (facts.permit ? [facts.permit.fee] : [])),
  );
  return { depositPercent: env.DEPOSIT_PERCENT, tours: bySlug, tariffs, rate };
}
