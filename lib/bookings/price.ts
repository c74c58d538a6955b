import type { PricingPackage } from "@/lib/domain";
import { balanceDueOn, computeQuote } from "@/lib/payments/quote";

/**
 * The price a booking wizard shows before the traveller commits, worked out the way the server
 * prices the booking: the chosen tier (the accommodation naming one of the tour's packages, else
 * its cheapest) at the departure's own price when it has one, times the group (computeQuote); the
 * deposit share of today's setting, rounded up to the cent as the ledger asks it; the balance due
 * the tour's balance days before departure, or today inside that window (balanceDueOn). Pure,
 * with plain JSON in and out, so the wizards' pages can hand the figures to the client.
 */

/** What a wizard needs to price one tour: its tiers, balance days and its departures' prices. */
export type TourPricingFacts = {
  packages: Pick<PricingPackage, "name" | "price">[];
  balanceDueDays: number;
  /** A departure's own per-person prices by tier name, by departure id (only those that have some). */
  departurePrices: Record<string, Record<string, number>>;
};

/** The pricing facts of the tours a wizard offers, by slug, with today's deposit share. */
export type WizardPricing = {
  depositPercent: number;
  tours: Record<string, TourPricingFacts>;
};

export type WizardPrice = {
  tier: string;
  /** Whole US dollars per person. */
  unitPrice: number;
  groupSize: number;
  /** US cents. */
  totalMinor: number;
  depositPercent: number;
  depositMinor: number;
  balanceMinor: number;
  /** 'yyyy-MM-dd', or null while no date is chosen. */
  balanceDueOn: string | null;
  /** The trip is inside its balance window: the balance is owed at once, with the deposit. */
  balanceDueNow: boolean;
};

/** The deposit asked of a total: `percent` of it, rounded up to a whole cent. */
export function depositOf(totalMinor: number, percent: number): number {
  return Math.ceil((totalMinor * percent) / 100);
}

/** The tour's tier ('Standard') that an accommodation value names ('standard'), if any. */
export function tierValue<V extends string>(
  tierName: string | null | undefined,
  options: readonly { value: V; label: string }[],
): V | "" {
  if (!tierName) return "";
  const wanted = tierName.trim().toLowerCase();
  return (
    options.find(
      (o) => o.value === wanted.replace(/[\s_]+/g, "-") || o.label.toLowerCase() === wanted,
    )?.value ?? ""
  );
}

/**
 * The wizard's price for a tour, a departure or a start date of the traveller's own, the
 * accommodation chosen and the group; null while no tour or group is chosen, or for a tour
 * without a price (staff quote it).
 */
export function wizardPrice(
  pricing: WizardPricing | undefined,
  input: {
    tour: string | undefined;
    departureId?: string | null;
    startDate?: string | null;
    accommodation?: string | null;
    groupSize: string | number | null | undefined;
    today: string;
  },
): WizardPrice | null {
  const facts = input.tour ? pricing?.tours[input.tour] : undefined;
  if (!pricing || !facts) return null;
  const groupSize = Number.parseInt(String(input.groupSize ?? ""), 10);
  if (!Number.isInteger(groupSize) || groupSize < 1) return null;
  const quote = computeQuote({
    packages: facts.packages.map((p) => ({ per: "person", ...p })),
    departurePrices: input.departureId ? facts.departurePrices[input.departureId] : null,
    accommodation: input.accommodation || null,
    groupSize,
  });
  if (!quote) return null;
  const depositMinor = depositOf(quote.totalMinor, pricing.depositPercent);
  const dueOn = balanceDueOn(input.startDate || null, facts.balanceDueDays, input.today);
  return {
    tier: quote.tier,
    unitPrice: quote.unitPrice,
    groupSize,
    totalMinor: quote.totalMinor,
    depositPercent: pricing.depositPercent,
    depositMinor,
    balanceMinor: quote.totalMinor - depositMinor,
    balanceDueOn: dueOn,
    balanceDueNow: dueOn !== null && dueOn <= input.today,
  };
}
