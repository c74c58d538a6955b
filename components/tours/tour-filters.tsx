import Link from "next/link";

import { Search } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { TOUR_CATEGORIES, type TourCategory } from "@/lib/domain";
import { cn } from "@/lib/utils";

/** The /tours URL for a search and a category; empty values are left out. */
export function toursHref(query: string, category?: TourCategory): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (category) params.set("category", category);
  const qs = params.toString();
  return qs ? `/tours?${qs}` : "/tours";
}

/**
 * Search and category filter of the catalogue. A plain GET form and links: the state lives in
 * the URL, results are rendered on the server and every view can be shared.
 */
export function TourFilters({ query, category }: { query: string; category?: TourCategory }) {
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
                  href={toursHref(query, chip.value)}
                  aria-current={active ? "true" : undefined}
                  scroll={false}
                  // Not prefetched: each chip is a page rendered per request, and prefetching
                  // the other four as soon as the row shows cost a phone eight requests and most
                  // of the main-thread work the page did after its load (the bench's Lighthouse).
                  prefetch={false}
                  className={cn(
                    "inline-flex h-10 items-center rounded-full border px-5 text-sm font-medium transition-colors",
                    active
                      ? "border-primary bg-primary text-primary-foreground shadow-sm"
                      : "border-border bg-background text-foreground/80 hover:border-primary/50 hover:bg-secondary hover:text-forest-deep",
                  )}
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
