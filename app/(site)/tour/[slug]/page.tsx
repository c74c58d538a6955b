import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { pageMetadata } from "@/components/site/page-metadata";
import { BookTourCard } from "@/components/tours/book-tour-card";
import { TourDetailHero } from "@/components/tours/tour-detail-hero";
import { TourDetailTabs } from "@/components/tours/tour-detail-tabs";
import { TourDepartures } from "@/components/tours/tour-departures";
import { TourJsonLd } from "@/components/tours/tour-json-ld";
import { todayInKampala } from "@/lib/dates";
import { getTourDepartures } from "@/lib/departures/data/seats";
import { tourFeePrices } from "@/lib/parks/data/fees";
import { getActiveTourBySlug } from "@/lib/tours/data/catalogue";
import { groupSizeFact, sellsDepartures, takesRequests } from "@/lib/departures/rules";
import { tourImageUrl } from "@/lib/storage";

// Rendered on the first request for each tour and cached (refreshed at once when the
// catalogue's cache tag is revalidated): never at build time. Regenerated at most a minute
// after its departures' seats change: their read is cached under the 'departures' tag, which
// every booking revalidates, and the page itself is revalidated every 60 seconds (the tour's
// own data stays cached for an hour, so a regeneration reads only the seats).
export const revalidate = 60;

export async function generateStaticParams(): Promise<{ slug: string }[]> {
  return [];
}

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const tour = await getActiveTourBySlug(slug);
  if (!tour) return { title: "Tour Not Found", robots: { index: false } };
  return pageMetadata({
    title: tour.title,
    description:
      tour.shortDescription ??
      `${tour.title}: a ${tour.category.toLowerCase()} tour in ${tour.location ?? "Uganda"} with Breathe Uganda.`,
    path: `/tour/${tour.slug}`,
    image: tourImageUrl(tour) ?? undefined,
    imageAlt: `${tour.title}${tour.location ? `, ${tour.location}` : ""}`,
    type: "article",
  });
}

export default async function TourPage({ params }: { params: Params }) {
  const { slug } = await params;
  const tour = await getActiveTourBySlug(slug);
  if (!tour) notFound();
  const [departures, fees] = await Promise.all([
    sellsDepartures(tour.bookingMode) ? getTourDepartures(tour.id, todayInKampala()) : null,
    tourFeePrices(tour),
  ]);
  // What search engines are told a place costs: a foreign non-resident's permit with the tour.
  const nonResidentFee = fees?.prices.find((p) => p.residency === "foreign_non_resident");
  // The facts agree with the dates on sale: the group size their seats allow.
  const facts = {
    ...tour,
    groupSize: groupSizeFact(tour.groupSize, departures?.map((d) => d.capacity) ?? []),
  };

  return (
    <>
      <TourJsonLd
        tour={tour}
        feeMinor={
          nonResidentFee?.totalMinor != null && tour.priceMin !== null
            ? nonResidentFee.totalMinor - tour.priceMin * 100
            : null
        }
      />
      <TourDetailHero tour={facts} />
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-12">
        <div className="min-w-0">
          {departures ? (
            <TourDepartures
              slug={tour.slug}
              tourTitle={tour.title}
              departures={departures}
              privateTrips={takesRequests(tour.bookingMode)}
            />
          ) : null}
          <TourDetailTabs tour={tour} />
        </div>
        <aside className="lg:sticky lg:top-28 lg:self-start" aria-label="Booking">
          <BookTourCard
            tour={facts}
            datesOnPage={departures !== null && departures.length > 0}
            privateTrips={takesRequests(tour.bookingMode)}
            fees={fees}
          />
        </aside>
      </div>
    </>
  );
}
