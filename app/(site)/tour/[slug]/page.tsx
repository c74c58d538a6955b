import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { pageMetadata } from "@/components/site/page-metadata";
import { BookTourCard } from "@/components/tours/book-tour-card";
import { TourDetailHero } from "@/components/tours/tour-detail-hero";
import { TourDetailTabs } from "@/components/tours/tour-detail-tabs";
import { TourJsonLd } from "@/components/tours/tour-json-ld";
import { getActiveTourBySlug } from "@/lib/dal/tours";
import { tourImageUrl } from "@/lib/storage";

// Rendered on the first request for each tour and cached for an hour (and refreshed at once
// when the catalogue's cache tag is revalidated): never at build time.
export const revalidate = 3600;

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

  return (
    <>
      <TourJsonLd tour={tour} />
      <TourDetailHero tour={tour} />
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-12">
        <div className="min-w-0">
          <TourDetailTabs tour={tour} />
        </div>
        <aside className="lg:sticky lg:top-28 lg:self-start" aria-label="Booking">
          <BookTourCard tour={tour} />
        </aside>
      </div>
    </>
  );
}
