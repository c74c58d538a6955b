import { env } from "@/lib/env";
import { PARK_FEE_LABELS } from "@/lib/parks/rules";
import { site } from "@/lib/site";
import { tourImageUrl } from "@/lib/storage";
import type { TourDetail } from "@/lib/tours/rules";

const permitName = (tour: TourDetail) =>
  tour.permitFee ? PARK_FEE_LABELS[tour.permitFee].toLowerCase() : "park permit";

function absolute(path: string): string {
  return new URL(path, env.SITE_URL).toString();
}

/**
 * schema.org TouristTrip of a tour, for search engines. A tour that needs a park permit offers
 * each package at a foreign non-resident's price: the package and `feeMinor`, that category's
 * permit at face value (US cents).
 */
export function tourJsonLd(tour: TourDetail, feeMinor: number | null = null) {
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
      price: feeMinor === null ? pkg.price : (pkg.price * 100 + feeMinor) / 100,
      priceCurrency: "USD",
      ...(feeMinor === null
        ? {}
        : {
            description: `Per person for a foreign non-resident, the ${permitName(tour)} included at face value.`,
          }),
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
export function TourJsonLd({
  tour,
  feeMinor = null,
}: {
  tour: TourDetail;
  feeMinor?: number | null;
}) {
  const json = JSON.stringify(tourJsonLd(tour, feeMinor)).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
