import {
  type PricingPackage,
  TOUR_CATEGORIES,
  type TourCategory,
  type TourDifficulty,
} from "@/lib/domain";
import type { TourCard } from "@/lib/tours/data/catalogue";
import { monthName } from "@/lib/departures/rules";

// The public tour shapes are inferred from the tours table where they are read (the DAL): a
// new column needs no type written here.
export type { TourCard, TourDetail } from "@/lib/tours/data/catalogue";

export const CARD_HIGHLIGHTS = 3;

export function isTourCategory(value: unknown): value is TourCategory {
  return typeof value === "string" && (TOUR_CATEGORIES as readonly string[]).includes(value);
}

/** Category from a URL parameter: a known category, or undefined for 'All' and anything unknown. */
export function parseCategory(value: string | string[] | undefined): TourCategory | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  const match = TOUR_CATEGORIES.find((c) => c.toLowerCase() === v.toLowerCase());
  return match;
}

/** Search text from a URL parameter: trimmed, at most 100 characters. */
export function parseQuery(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return (v ?? "").trim().slice(0, 100);
}

/**
 * The /tours filter: case-insensitive substring match on title, description and location,
 * combined with the category. Plain text matching: metacharacters have no meaning.
 */
export function filterTours<
  T extends Pick<TourCard, "title" | "shortDescription" | "location" | "category">,
>(tours: readonly T[], { query, category }: { query?: string; category?: TourCategory }): T[] {
  const needle = (query ?? "").trim().toLocaleLowerCase();
  return tours.filter((t) => {
    if (category && t.category !== category) return false;
    if (!needle) return true;
    return [t.title, t.shortDescription, t.location].some((field) =>
      (field ?? "").toLocaleLowerCase().includes(needle),
    );
  });
}

/**
 * The /tours month filter: the tours with a departure on sale in `month` ('2027-03'), from each
 * tour's months by id. Without a month, every tour.
 */
export function filterByMonth<T extends Pick<TourCard, "id">>(
  tours: readonly T[],
  monthsByTour: Readonly<Record<string, readonly string[]>>,
  month?: string,
): T[] {
  if (!month) return [...tours];
  return tours.filter((t) => monthsByTour[t.id]?.includes(month) ?? false);
}

/**
 * The months with a departure on sale, soonest first, at most `limit` (the filter's chips: the
 * next six keep the cached /tours page within its HTML budget).
 */
export function departureMonths(
  monthsByTour: Readonly<Record<string, readonly string[]>>,
  limit = 6,
): string[] {
  return [...new Set(Object.values(monthsByTour).flat())].sort().slice(0, limit);
}

/** A month as the filter says it: 'March' in the current year, 'January 2028' in another. */
export function monthLabel(month: string, today: string): string {
  return monthName(month, month.slice(0, 4) !== today.slice(0, 4));
}

/** 'Showing N tours in Category matching query with departures in March' */
export function resultsLine(
  count: number,
  category?: TourCategory,
  query?: string,
  monthText?: string,
): string {
  let line = `Showing ${count} ${count === 1 ? "tour" : "tours"}`;
  if (category) line += ` in ${category}`;
  if (query) line += ` matching ${query}`;
  if (monthText) line += ` with departures in ${monthText}`;
  return line;
}

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** 'From $1,200' for cards; 'Custom quote' when a tour has no price. */
export function fromPrice(priceMin: number | null): string {
  return priceMin === null ? "Custom quote" : `From ${formatUsd(priceMin)}`;
}

/** The admin record's price label, derived from the first package: '$450 per person'. */
export function priceLabel(packages: readonly PricingPackage[]): string | null {
  const first = packages[0];
  if (!first) return null;
  return `$${first.price} per ${first.per}`;
}

/** 'N Days / M Nights' from the duration in days (the label wins when an admin typed one). */
export function durationText(durationLabel: string | null, durationDays: number | null): string {
  if (durationLabel) return durationLabel;
  if (!durationDays) return "Flexible";
  const nights = Math.max(durationDays - 1, 0);
  return `${durationDays} ${durationDays === 1 ? "Day" : "Days"} / ${nights} ${nights === 1 ? "Night" : "Nights"}`;
}

/** The public pages say Moderate where the admin form says Medium. */
export function publicDifficulty(difficulty: TourDifficulty): "Easy" | "Moderate" | "High" {
  return difficulty === "Medium" ? "Moderate" : difficulty;
}

/** Booking wizards: 'Gorilla Trek & Safari Escape (5 Days)'. */
export function packageDisplayName(title: string, durationDays: number | null): string {
  return durationDays ? `${title} (${durationDays} ${durationDays === 1 ? "Day" : "Days"})` : title;
}

/** Slug from a title: lowercased, non-alphanumerics removed, spaces to hyphens, hyphens collapsed. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
