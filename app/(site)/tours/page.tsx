import { Suspense } from "react";

import { pageMetadata } from "@/components/site/page-metadata";
import { PageHero } from "@/components/site/section-heading";
import { CustomTripCta } from "@/components/tours/custom-trip-cta";
import { TourGridSkeleton } from "@/components/tours/tour-card-skeleton";
import { TourFilters } from "@/components/tours/tour-filters";
import { TourResults } from "@/components/tours/tour-results";
import { parseCategory, parseQuery } from "@/lib/tours";

export const metadata = pageMetadata({
  title: "Tour Packages",
  description:
    "Browse our Uganda tour packages: gorilla trekking, wildlife safaris, Nile adventures, crater lakes, cultural tours and birding, with prices per person.",
  path: "/tours",
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ToursPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const query = parseQuery(params.q);
  const category = parseCategory(params.category);

  return (
    <>
      <PageHero eyebrow="Explore Uganda" title="Our Tour Packages">
        Gorilla treks, savanna safaris, white-water rafting and village walks. Search our tours or
        filter by the kind of journey you are dreaming of.
      </PageHero>

      <div className="relative z-10 container-page -mt-10 pb-20 sm:pb-24">
        <TourFilters query={query} category={category} />

        <div className="mt-10">
          <Suspense key={`${category ?? "all"}:${query}`} fallback={<TourGridSkeleton count={3} />}>
            <TourResults query={query} category={category} />
          </Suspense>
        </div>

        <div className="mt-20">
          <CustomTripCta />
        </div>
      </div>
    </>
  );
}
