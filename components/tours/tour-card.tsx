import {
  CARD_HIGHLIGHTS,
  durationText,
  fromPrice,
  type TourCard as TourCardData,
} from "@/lib/tours/rules";
import { PARK_FEE_LABELS } from "@/lib/parks/rules";

import { tourImageAttributes } from "./tour-image";
import { TourCardView } from "./tour-card-view";

/**
 * One tour in a grid: picture, facts, up to three highlights, price and the two actions. Its
 * content is gathered here, on the server; TourCardView draws it (and says why it is a client
 * component).
 */
export function TourCard({
  tour,
  headingLevel = 3,
  eagerImage = false,
  nonResidentFrom,
}: {
  tour: TourCardData;
  /**
   * A permit tour's from-price for a foreign non-resident, the permit included (US cents;
   * lib/parks/data/fees.ts getNonResidentFromPrices): the card quotes it instead of the land's.
   */
  nonResidentFrom?: number;
  headingLevel?: 2 | 3;
  /** For the first cards of a list, which are above the fold. */
  eagerImage?: boolean;
}) {
  const image = tourImageAttributes({
    src: tour.imageUrl,
    picture: tour.thumbnail,
    alt: `${tour.title}${tour.location ? `, ${tour.location}` : ""}`,
    sizes: "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
    eager: eagerImage,
  });
  return (
    <TourCardView
      headingLevel={headingLevel}
      card={{
        slug: tour.slug,
        title: tour.title,
        category: tour.category,
        location: tour.location,
        duration: durationText(tour.durationLabel, tour.durationDays),
        groupSize: tour.groupSize,
        description: tour.shortDescription,
        highlights: tour.highlights.slice(0, CARD_HIGHLIGHTS),
        price: fromPrice(nonResidentFrom !== undefined ? nonResidentFrom / 100 : tour.priceMin),
        perPerson: tour.priceMin !== null,
        ...(nonResidentFrom !== undefined && tour.permitFee
          ? {
              priceNote: `Foreign non-resident, ${PARK_FEE_LABELS[tour.permitFee].toLowerCase()} included`,
            }
          : {}),
        image,
      }}
    />
  );
}
