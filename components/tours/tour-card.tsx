import Link from "next/link";

import { ArrowRight, Check, Clock, Users } from "@/components/icons";
import {
  CARD_HIGHLIGHTS,
  durationText,
  fromPrice,
  type TourCard as TourCardData,
} from "@/lib/tours";

import { TourImage } from "./tour-image";
import { TourLocation } from "./tour-location";

// The badge and the two links styled as a Badge and Buttons by one short class each
// (app/globals.css), not <Badge>/<Button asChild> with their class lists: /tours shows 12 cards,
// and every prop and class list is sent twice, in the HTML and in the RSC payload.

/** One tour in a grid: picture, facts, up to three highlights, price and the two actions. */
export function TourCard({
  tour,
  headingLevel = 3,
  eagerImage = false,
}: {
  tour: TourCardData;
  headingLevel?: 2 | 3;
  /** For the first cards of a list, which are above the fold. */
  eagerImage?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const highlights = tour.highlights.slice(0, CARD_HIGHLIGHTS);

  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm transition-all duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-forest-deep/10">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <TourImage
          src={tour.imageUrl}
          picture={tour.thumbnail}
          alt={`${tour.title}${tour.location ? `, ${tour.location}` : ""}`}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          eager={eagerImage}
          className="transition-transform duration-500 group-hover:scale-105"
        />
        <span className="tour-card-badge">{tour.category}</span>
      </div>

      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="space-y-2">
          <Heading className="font-display text-xl leading-snug font-bold text-forest-deep">
            <Link
              href={`/tour/${tour.slug}`}
              className="hover:text-primary focus-visible:underline focus-visible:outline-none"
            >
              {tour.title}
            </Link>
          </Heading>
          <TourLocation
            location={tour.location}
            className="flex items-center gap-1.5 text-sm text-muted-foreground"
            iconClassName="size-4 shrink-0 text-terracotta"
          />
        </div>

        <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-foreground/80">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Duration</dt>
            <Clock className="size-4 text-primary" aria-hidden="true" />
            <dd>{durationText(tour.durationLabel, tour.durationDays)}</dd>
          </div>
          {tour.groupSize ? (
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Group size</dt>
              <Users className="size-4 text-primary" aria-hidden="true" />
              <dd>{tour.groupSize}</dd>
            </div>
          ) : null}
        </dl>

        {tour.shortDescription ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            {tour.shortDescription}
          </p>
        ) : null}

        {highlights.length > 0 ? (
          <ul className="space-y-1.5 text-sm" aria-label={`Highlights of ${tour.title}`}>
            {/* Index keys: the list never changes in the browser, and a key is sent in the RSC
                payload, where the highlight's text as key would be the card's largest repeat
                (0.2 kB of gzip on /tours). */}
            {highlights.map((highlight, index) => (
              <li key={index} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{highlight}</span>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-auto flex flex-col gap-4 border-t border-border/70 pt-5">
          <p className="text-sm text-muted-foreground">
            <span className="font-display text-2xl font-bold text-forest-deep">
              {fromPrice(tour.priceMin)}
            </span>
            {tour.priceMin !== null ? <span> per person</span> : null}
          </p>
          <div className="grid grid-cols-2 gap-3">
            <Link
              href={`/tour/${tour.slug}`}
              aria-label={`View Details: ${tour.title}`}
              className="tour-card-details"
            >
              View Details
            </Link>
            <Link
              href={`/booking?tour=${encodeURIComponent(tour.slug)}`}
              aria-label={`Book Now: ${tour.title}`}
              className="tour-card-book"
            >
              Book Now
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
