import Link from "next/link";

import { Search } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { TOUR_CATEGORIES, type TourCategory } from "@/lib/domain";
import { cn } from "@/lib/utils";

/** A view of the catalogue, as its URL gives it. */
export type TourSearch = {
  query: string;
  category?: TourCategory;
  /** The chosen departure month ('2027-03'), kept by the search and the category chips. */
  month?: string;
};

/** The /tours URL for a search, a category and a departure month; empty values are left out. */
export function toursHref(query: string, category?: TourCategory, month?: string): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (category) params.set("category", category);
  if (month) params.set("month", month);
  const qs = params.toString();
  return qs ? `/tours?${qs}` : "/tours";
}

const chipClass = (active: boolean) =>
  cn(
    "inline-flex h-10 items-center rounded-full border px-5 text-sm font-medium transition-colors",
    active
      ? "border-primary bg-primary text-primary-foreground shadow-sm"
      : "border-border bg-background text-foreground/80 hover:border-primary/50 hover:bg-secondary hover:text-forest-deep",
  );

/**
 * Search and category filter of the catalogue. A plain GET form and links: the state lives in
 * the URL, results are rendered on the server and every view can be shared.
 */
export function TourFilters({ query, category, month }: TourSearch) {
  const chips: { label: string; value?: TourCategory }[] = [
    { label: "All" },
    ...TOUR_CATEGORIES.map((c) => ({ label: c, value: c })),
  ];

  return (
    <div className="rounded-2xl border border-border/70 bg-card p-4 shadow-lg shadow-forest-deep/5 sm:p-6">
      <form action="/tours" method="get" role="search" className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <input
            type="search"
            name="q"
            defaultValue={query}
            maxLength={100}
            aria-label="Search tours"
            placeholder="Search tours, destinations..."
            className="h-12 w-full rounded-full border border-input bg-background pr-4 pl-12 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
          />
        </div>
        {category ? <input type="hidden" name="category" value={category} /> : null}
        {month ? <input type="hidden" name="month" value={month} /> : null}
        <Button type="submit" size="lg" className="h-12 rounded-full px-8">
          Search
        </Button>
      </form>

      <nav aria-label="Tour categories" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {chips.map((chip) => {
            const active = chip.value === category;
            return (
              <li key={chip.label}>
                <Link
                  href={toursHref(query, chip.value, month)}
                  aria-current={active ? "true" : undefined}
                  scroll={false}
                  // Not prefetched: each chip is a page rendered per request, and prefetching
                  // the other four as soon as the row shows cost a phone eight requests and most
                  // of the main-thread work the page did after its load (the bench's Lighthouse).
                  prefetch={false}
                  className={chipClass(active)}
                >
                  {chip.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

/**
 * The departure month filter ('Departures in': Any month, March, April ...): links, like the
 * category chips, keeping the search and the category. Shown when some tour has dates on sale.
 */
export function MonthFilter({
  query,
  category,
  month,
  months,
}: {
  query: string;
  category?: TourCategory;
  month?: string;
  /** The months with departures on sale: value ('2027-03') and label ('March'). */
  months: readonly { value: string; label: string }[];
}) {
  if (!months.length) return null;
  return (
    <nav aria-labelledby="month-filter-label" className="mb-6 flex flex-wrap items-center gap-2">
      <span id="month-filter-label" className="mr-1 text-sm font-semibold text-forest-deep">
        Departures in
      </span>
      <ul className="flex flex-wrap gap-2">
        {[{ value: undefined, label: "Any month" }, ...months].map((chip) => {
          const active = chip.value === month;
          return (
            <li key={chip.label}>
              <Link
                href={toursHref(query, category, chip.value)}
                aria-current={active ? "true" : undefined}
                scroll={false}
                prefetch={false}
                className={cn(chipClass(active), "h-9 px-4")}
              >
                {chip.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
