import { Suspense } from "react";

import { pageMetadata } from "@/components/site/page-metadata";
import { PageHero } from "@/components/site/section-heading";
import type { TourCategory } from "@/lib/domain";

import { CustomTripCta } from "./custom-trip-cta";
import { TourGridSkeleton } from "./tour-card-skeleton";
import { TourFilters } from "./tour-filters";
import { TourResults } from "./tour-results";

export const toursMetadata = pageMetadata({
  title: "Tour Packages",
  description:
    "Browse our Uganda tour packages: gorilla trekking, wildlife safaris, Nile adventures, crater lakes, cultural tours and birding, with prices per person.",
  path: "/tours",
});

/**
 * The /tours page body. Without a search it is served from the full-route cache
 * (app/(site)/cached/[page], `cached`): the results are then awaited, as a loading skeleton in a
 * cached page would only flash before them (React reveals streamed content no sooner than 300 ms
 * after the first paint). A search or category renders per request (app/(site)/tours) and streams
 * its results behind the skeleton, which also shows while a filter change loads.
 */
export function ToursView({
  query,
  category,
  month,
  cached = false,
}: {
  query: string;
  category?: TourCategory;
  /** Departure month ('2027-03'): the tours with a date on sale that month. */
  month?: string;
  cached?: boolean;
}) {
  const results = <TourResults query={query} category={category} month={month} />;
  return (
    <>
      <PageHero eyebrow="Explore Uganda" title="Our Tour Packages">
        Gorilla treks, savanna safaris, white-water rafting and village walks. Search our tours or
        filter by the kind of journey you are dreaming of.
      </PageHero>

      <div className="relative z-10 container-page -mt-10 pb-20 sm:pb-24">
        <TourFilters query={query} category={category} month={month} />

        <div className="mt-10">
          {cached ? (
            results
          ) : (
            <Suspense
              key={`${category ?? "all"}:${month ?? "any"}:${query}`}
              fallback={<TourGridSkeleton count={3} />}
            >
              {results}
            </Suspense>
          )}
        </div>

        <div className="mt-20">
          <CustomTripCta />
        </div>
      </div>
    </>
  );
}
