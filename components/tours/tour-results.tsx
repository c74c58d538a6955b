import Link from "next/link";

import { SearchX } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { todayInKampala } from "@/lib/dates";
import { getDepartureMonths } from "@/lib/departures/data/seats";
import { getNonResidentFromPrices } from "@/lib/parks/data/fees";
import { getActiveTourCards } from "@/lib/tours/data/catalogue";
import {
  departureMonths,
  filterByMonth,
  filterTours,
  monthLabel,
  resultsLine,
} from "@/lib/tours/rules";

import { TourCard } from "./tour-card";
import { MonthFilter, type TourSearch } from "./tour-filters";
import { TOUR_GRID } from "./tour-grid";

/**
 * The filtered catalogue: the departure month chips, the count line, then the grid or the empty
 * state. `month` keeps the tours with a departure on sale that month.
 */
export async function TourResults({ query, category, month }: TourSearch) {
  const today = todayInKampala();
  const [cards, monthsByTour, fromPrices] = await Promise.all([
    getActiveTourCards(),
    getDepartureMonths(today),
    getNonResidentFromPrices(today),
  ]);
  const tours = filterByMonth(filterTours(cards, { query, category }), monthsByTour, month);
  const months = departureMonths(monthsByTour).map((value) => ({
    value,
    label: monthLabel(value, today),
  }));
  const monthText = month ? monthLabel(month, today) : undefined;

  return (
    <div>
      <MonthFilter query={query} category={category} month={month} months={months} />
      {monthText ? (
        <h2 className="mb-2 font-display text-2xl font-bold text-forest-deep">
          Departures in {monthText}
        </h2>
      ) : null}
      <p role="status" className="mb-8 text-base font-medium text-muted-foreground">
        {resultsLine(tours.length, category, query, monthText)}
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
        <div className={TOUR_GRID}>
          {tours.map((tour, i) => (
            // The slug, not the id: keys go into the page's RSC payload, and a slug is already there
            // (a UUID is text that nothing else on the page repeats, so it compresses badly).
            <TourCard
              key={tour.slug}
              tour={tour}
              headingLevel={2}
              eagerImage={i < 3}
              nonResidentFrom={fromPrices[tour.id]}
            />
          ))}
        </div>
      )}
    </div>
  );
}
