import type { PricingPackage, Residency } from "@/lib/domain";
import {
  type FeeLineGroup,
  type FeeRate,
  groupFeeLines,
  type ParkFeeLine,
  priceParkFees,
  type TourPermit,
  type UnpricedFee,
  visitDay,
} from "@/lib/parks/fees";
import type { TariffRow } from "@/lib/parks/rules";
import { balanceDueOn, computeQuote, type Quote } from "@/lib/payments/quote";

/**
 * The price a booking wizard shows before the traveller commits, worked out the way the server
 * prices the booking: the land part, the chosen tier (the accommodation naming one of the tour's
 * packages, else its cheapest) at the departure's own price when it has one, times the group
 * (computeQuote); on a tour that needs a park permit, each traveller's fee by their residency and
 * age band at the tariff in force on the trek's day, a fee in shillings at today's rate
 * (lib/parks/fees.ts); the deposit share of today's setting, rounded up to the cent as the ledger
 * asks it; the balance due the tour's balance days before departure, or today inside that window
 * (balanceDueOn). Pure, with plain JSON in and out, so the wizards' pages can hand the figures to
 * the client.
 */

/** What a wizard needs to price one tour: its tiers, balance days and its departures' prices. */
export type TourPricingFacts = {
  packages: Pick<PricingPackage, "name" | "price">[];
  balanceDueDays: number;
  /** A departure's own per-person prices by tier name, by departure id (only those that have some). */
  departurePrices: Record<string, Record<string, number>>;
  /** The permit its trekkers need (their park fees are part of the price), or null. */
  permit: TourPermit | null;
};

/** The pricing facts of the tours a wizard offers, by slug, with today's deposit share. */
export type WizardPricing = {
  depositPercent: number;
  tours: Record<string, TourPricingFacts>;
  /** The tariff rows of the permits those tours need. */
  tariffs: TariffRow[];
  /** The shilling rate in force (a fee in shillings is converted at it), or null while none is set. */
  rate: FeeRate | null;
};

/** A traveller as the wizard's form holds them (a residency not chosen is ''). */
export type WizardTraveller = {
  fullName?: string | null;
  residency?: Residency | "" | null;
  dateOfBirth?: string | null;
};

export type WizardPrice = {
  tier: string;
  /** Whole US dollars per person. */
  unitPrice: number;
  groupSize: number;
  /** The land part (the tier's price times the group), US cents. */
  landMinor: number;
  /** The park fees itemised (none for a tour without a permit). */
  fees: FeeLineGroup[];
  feesMinor: number;
  /** Travellers whose fee cannot be priced online. */
  unpricedFees: UnpricedFee[];
  /** A permit tour without a date yet: its fees are priced for the trek's day once there is one. */
  feesAwaitDate: boolean;
  /** US cents: the land part and the fees. */
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
    /** The travellers' rows (their residency and date of birth price their park fees). */
    travellers?: readonly WizardTraveller[];
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
  const startDate =
    input.startDate && /^\d{4}-\d{2}-\d{2}$/.test(input.startDate) ? input.startDate : null;
  // The travellers the server keeps: the named rows, in order (lib/bookings/schemas/travellers.ts).
  const travellers = (input.travellers ?? [])
    .filter((t) => t.fullName?.trim())
    .map((t) => ({ residency: t.residency || null, dateOfBirth: t.dateOfBirth || null }));
  const fees =
    facts.permit && startDate
      ? priceParkFees(pricing.tariffs, {
          permit: facts.permit,
          visitDate: visitDay(startDate, facts.permit.trekDay),
          groupSize,
          travellers,
          rate: pricing.rate,
        })
      : null;
  const feesMinor = fees?.usdMinor ?? 0;
  const totalMinor = quote.totalMinor + feesMinor;
  const depositMinor = depositOf(totalMinor, pricing.depositPercent);
  const dueOn = balanceDueOn(startDate, facts.balanceDueDays, input.today);
  return {
    tier: quote.tier,
    unitPrice: quote.unitPrice,
    groupSize,
    landMinor: quote.totalMinor,
    fees: fees ? groupFeeLines(fees.lines) : [],
    feesMinor,
    unpricedFees: fees?.unpriced ?? [],
    feesAwaitDate: facts.permit !== null && !startDate,
    totalMinor,
    depositPercent: pricing.depositPercent,
    depositMinor,
    balanceMinor: totalMinor - depositMinor,
    balanceDueOn: dueOn,
    balanceDueNow: dueOn !== null && dueOn <= input.today,
  };
}

/** A quote with the park fees a booking was sold with: what staff confirm by default. */
export type QuoteWithFees = Quote & {
  /** The land part (the quote's own total), US cents. */
  landMinor: number;
  feesMinor: number;
  fees: FeeLineGroup[];
};

/** The quote (land) and the booking's stored fee lines together; null without a quote. */
export function withParkFees(
  quote: Quote | null,
  lines: readonly ParkFeeLine[],
): QuoteWithFees | null {
  if (!quote) return null;
  const feesMinor = lines.reduce((sum, line) => sum + line.usdMinor, 0);
  return {
    ...quote,
    landMinor: quote.totalMinor,
    feesMinor,
    fees: groupFeeLines(lines),
    totalMinor: quote.totalMinor + feesMinor,
  };
}
