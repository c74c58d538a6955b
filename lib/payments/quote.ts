import type { PricingPackage } from "@/lib/domain";

/**
 * The quote staff confirm a booking with (the Edit dialog's Price section): pure, so the dialog
 * shows the same total the server checks. Prices in the catalogue are whole US dollars per person;
 * totals are US cents (bookings.total_minor).
 *
 * The tier is the booking's accommodation when it names one of the tour's pricing packages
 * ('standard' names 'Standard'), else the lowest-priced package. A departure's own price for that
 * tier replaces the tour's. The total is that price times the group size.
 */

export type QuoteInput = {
  /** The tour's pricing packages (tours.pricing.packages). */
  packages: readonly PricingPackage[];
  /** The departure's own per-person prices by tier name (departures.prices); empty: the tour's. */
  departurePrices?: Readonly<Record<string, number>> | null;
  /** What the traveller chose ('budget', 'standard', 'mid-range'...), or null. */
  accommodation: string | null;
  groupSize: number;
};

export type Quote = {
  /** The tier priced: a package's name. */
  tier: string;
  /** Whole US dollars per person. */
  unitPrice: number;
  /** Where the unit price came from. */
  source: "departure" | "tour";
  groupSize: number;
  /** US cents. */
  totalMinor: number;
};

const normal = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
const validPrice = (p: unknown): p is number =>
  typeof p === "number" && Number.isFinite(p) && p > 0;

/** The tier a booking is priced at: its accommodation's package, else the cheapest. */
export function quoteTier(
  packages: readonly PricingPackage[],
  accommodation: string | null,
): PricingPackage | null {
  const priced = packages.filter((p) => validPrice(p.price));
  if (priced.length === 0) return null;
  if (accommodation) {
    const named = priced.find((p) => normal(p.name) === normal(accommodation));
    if (named) return named;
  }
  return priced.reduce((low, p) => (p.price < low.price ? p : low));
}

/** The computed quote, or null when the tour has no price (a custom package: staff type one). */
export function computeQuote(input: QuoteInput): Quote | null {
  if (!Number.isInteger(input.groupSize) || input.groupSize < 1) return null;
  const tier = quoteTier(input.packages, input.accommodation);
  if (!tier) return null;
  const own = Object.entries(input.departurePrices ?? {}).find(
    ([name, price]) => normal(name) === normal(tier.name) && validPrice(price),
  )?.[1];
  const unitPrice = own ?? tier.price;
  return {
    tier: tier.name,
    unitPrice,
    source: own === undefined ? "tour" : "departure",
    groupSize: input.groupSize,
    totalMinor: Math.round(unitPrice * 100) * input.groupSize,
  };
}

/** US dollars as typed ('1,250.50', '$900') to cents; null for anything else. */
export function dollarsToMinor(text: string): number | null {
  const clean = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, cents = ""] = clean.split(".");
  return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
}

/** Cents as the dialog's input shows them: '3600.00'. */
export function minorToDollars(minor: number): string {
  return (minor / 100).toFixed(2);
}

/**
 * The balance's due day ('yyyy-MM-dd'): the tour's balance days before departure, or `quotedOn`
 * (the day the total is set) when that day has already passed. A trip quoted inside its balance
 * window owes the balance at once, on the day it is quoted, rather than from a day before the
 * booking existed, which would make it overdue the moment it is confirmed.
 */
export function balanceDueOn(
  departureDate: string | null,
  days: number,
  quotedOn: string,
): string | null {
  if (!departureDate) return null;
  const [y, m, d] = departureDate.split("-").map(Number) as [number, number, number];
  const beforeDeparture = new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
  return beforeDeparture < quotedOn ? quotedOn : beforeDeparture;
}
