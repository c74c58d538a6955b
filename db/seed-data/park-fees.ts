import { count } from "drizzle-orm";

import type { AgeBand, ParkFee, Residency } from "@/lib/domain";

import { parkFeeTariffs } from "../schema";
import type { Db } from "../types";

/**
 * UWA's published park fees of the July 2024 - June 2026 tariff, as operators reproduce it: gorilla
 * tracking, gorilla habituation and chimpanzee tracking, by residency category. From 1 July 2026
 * the same amounts are carried on with no end date, marked as carried over, until UWA publishes a
 * successor and an admin enters it on the Tariffs screen. Only the figures published are seeded:
 * where a category's price is not given, it has no row (a trek for it cannot be priced until an
 * admin adds one).
 */

type Published = { fee: ParkFee; residency: Residency; currency: "USD" | "UGX"; amount: number };

const PUBLISHED: Published[] = [
  { fee: "gorilla_tracking", residency: "foreign_non_resident", currency: "USD", amount: 800 },
  { fee: "gorilla_tracking", residency: "foreign_resident", currency: "USD", amount: 700 },
  { fee: "gorilla_tracking", residency: "rest_of_africa", currency: "USD", amount: 500 },
  { fee: "gorilla_tracking", residency: "east_african_citizen", currency: "UGX", amount: 300_000 },
  { fee: "gorilla_habituation", residency: "foreign_non_resident", currency: "USD", amount: 1_500 },
  { fee: "gorilla_habituation", residency: "foreign_resident", currency: "USD", amount: 1_000 },
  {
    fee: "gorilla_habituation",
    residency: "east_african_citizen",
    currency: "UGX",
    amount: 750_000,
  },
  { fee: "chimpanzee_tracking", residency: "foreign_non_resident", currency: "USD", amount: 250 },
];

const TARIFF = { from: "2024-07-01", to: "2026-06-30" };
const CARRIED_FROM = "2026-07-01";

const minor = (p: Published) => (p.currency === "USD" ? p.amount * 100 : p.amount);

/** The rows, once: a database that already has tariffs (an admin's) is left as it is. */
export async function seedParkFees(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(parkFeeTariffs);
  if ((row?.n ?? 0) > 0) return;
  const adult: AgeBand = "adult";
  await db.insert(parkFeeTariffs).values(
    PUBLISHED.flatMap((p) => [
      {
        fee: p.fee,
        residency: p.residency,
        ageBand: adult,
        currency: p.currency,
        amountMinor: minor(p),
        effectiveFrom: TARIFF.from,
        effectiveTo: TARIFF.to,
        note: "UWA tariff July 2024 - June 2026",
      },
      {
        fee: p.fee,
        residency: p.residency,
        ageBand: adult,
        currency: p.currency,
        amountMinor: minor(p),
        effectiveFrom: CARRIED_FROM,
        effectiveTo: null,
        carriedOver: true,
        note: "Carried over from the July 2024 - June 2026 tariff until UWA publishes a successor",
      },
    ]),
  );
}
