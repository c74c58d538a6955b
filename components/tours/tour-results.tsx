import Link from "next/link";

import { SearchX } from "@/components/icons";
import { Button } from "@/components/ui/button";
import type { TourCategory } from "@/lib/domain";
import { getActiveTourCards } from "@/lib/dal/tours";
import { filterTours, resultsLine } from "@/lib/tours";

import { TourCard } from "./tour-card";

/** The filtered catalogue: count line, then the grid or the empty state. */
export async function TourResults({ query, category }: { query: string; category?: TourCategory }) {
  const tours = filterTours(await getActiveTourCards(), { query, category });

  return (
    <div>
      <p role="status" className="mb-8 text-base font-medium text-muted-foreground">
        {resultsLine(tours.length, category, query)}
      </p>

      {tours.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-16 text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <SearchX className="size-8" aria-hidden="true" />
          </span>
          <h2 className="mt-6 font-display text-2xl font-bold text-forest-deep">No tours found</h2>
          <p className="mt-2 max-w-md text-muted-foreground">
            Try adjusting your search criteria or browse all tours.
          </p>
          <Button asChild className="mt-8 rounded-full px-6">
            <Link href="/tours">Clear Filters</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {tours.map((tour, i) => (
            // The slug, not the id: keys go into the page's RSC payload, and a slug is already there
            // (a UUID is text that nothing else on the page repeats, so it compresses badly).
            <TourCard key={tour.slug} tour={tour} headingLevel={2} eagerImage={i < 3} />
          ))}
        </div>
      )}
    </div>
  );
}
