import { env } from "@/lib/env";
import { site } from "@/lib/site";
import { tourImageUrl } from "@/lib/storage";
import type { TourDetail } from "@/lib/tours/rules";

function absolute(path: string): string {
  return new URL(path, env.SITE_URL).toString();
}

/** schema.org TouristTrip of a tour, for search engines. */
export function tourJsonLd(tour: TourDetail) {
  const url = absolute(`/tour/${tour.slug}`);
  const imageUrl = tourImageUrl(tour);
  return {
    "@context": "https://schema.org",
    "@type": "TouristTrip",
    name: tour.title,
    description: tour.shortDescription ?? tour.overview ?? undefined,
    url,
    image: imageUrl ? absolute(imageUrl) : undefined,
    touristType: [tour.category],
    itinerary: {
      "@type": "ItemList",
      numberOfItems: tour.itinerary.length,
      itemListElement: tour.itinerary.map((day) => ({
        "@type": "ListItem",
        position: day.day,
        name: `Day ${day.day}: ${day.title}`,
        description: day.description,
      })),
    },
    offers: tour.packages.map((pkg) => ({
      "@type": "Offer",
      name: `${pkg.name} package`,
      price: pkg.price,
      priceCurrency: "USD",
      url,
      availability: "https://schema.org/InStock",
    })),
    provider: {
      "@type": "TravelAgency",
      name: site.name,
      url: absolute("/"),
      telephone: site.phone,
      email: site.email,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.replace(/, Kampala, Uganda$/, ""),
        addressLocality: "Kampala",
        addressCountry: "UG",
      },
    },
  };
}

/** The JSON-LD script; `<` is escaped so no text of the tour can close the script element. */
export function TourJsonLd({ tour }: { tour: TourDetail }) {
  const json = JSON.stringify(tourJsonLd(tour)).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
