import { TourCard } from "@/components/tours/tour-card";
import { TOUR_GRID } from "@/components/tours/tour-grid";
import { todayInKampala } from "@/lib/dates";
import { getNonResidentFromPrices } from "@/lib/parks/data/fees";
import { getFeaturedTours } from "@/lib/tours/data/catalogue";

/** The three featured tours (from the cached catalogue; never rendered at build time). */
export async function FeaturedTours() {
  const [tours, fromPrices] = await Promise.all([
    getFeaturedTours(3),
    getNonResidentFromPrices(todayInKampala()),
  ]);

  if (tours.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed p-10 text-center text-muted-foreground">
        Our tours are being updated. Please check back soon or contact us to plan your trip.
      </p>
    );
  }

  return (
    <div className={TOUR_GRID}>
      {tours.map((tour) => (
        // The slug, not the id: keys are sent in the RSC payload, where the slug already is.
        <TourCard key={tour.slug} tour={tour} nonResidentFrom={fromPrices[tour.id]} />
      ))}
    </div>
  );
}
