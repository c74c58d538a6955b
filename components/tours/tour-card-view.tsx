"use client";

import Link from "next/link";

import { ArrowRight, Check, Clock, Users } from "@/components/icons";

import { TourLocation } from "./tour-location";

/** A tour card's content, ready to show: texts formatted and the picture's <img> attributes. */
export type TourCardContent = {
  slug: string;
  title: string;
  category: string;
  location: string | null;
  duration: string;
  groupSize: string | null;
  description: string | null;
  /** At most CARD_HIGHLIGHTS. */
  highlights: string[];
  /** "From $850", or "Custom quote" when the tour has no price. */
  price: string;
  perPerson: boolean;
  /** Whose price it is, for a tour whose price includes a park permit by residency. */
  priceNote?: string;
  /** The picture's <img> attributes but its class (components/tours/tour-image.tsx). */
  image: React.ComponentProps<"img">;
};

/**
 * The markup of a tour card (components/tours/tour-card.tsx gathers its content on the server).
 * A client component for its payload only: the RSC payload of a server component carries its
 * whole element tree, class lists included, a second time after the HTML; a client component's
 * carries its props. Nothing here runs after hydration, and it imports nothing the pages do not
 * already load but this file: a little more script for much less HTML on a page of cards.
 */
export function TourCardView({
  card,
  headingLevel,
}: {
  card: TourCardContent;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/tour/${card.slug}`;

  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm transition-all duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-forest-deep/10">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's or the stored widths' <img> attributes, alt included (tour-image.tsx) */}
        <img
          {...card.image}
          className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        <span className="tour-card-badge">{card.category}</span>
      </div>

      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="space-y-2">
          <Heading className="font-display text-xl leading-snug font-bold text-forest-deep">
            <Link
              href={href}
              className="hover:text-primary focus-visible:underline focus-visible:outline-none"
            >
              {card.title}
            </Link>
          </Heading>
          <TourLocation
            location={card.location}
            className="flex items-center gap-1.5 text-sm text-muted-foreground"
            iconClassName="size-4 shrink-0 text-terracotta"
          />
        </div>

        <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-foreground/80">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Duration</dt>
            <Clock className="size-4 text-primary" aria-hidden="true" />
            <dd>{card.duration}</dd>
          </div>
          {card.groupSize ? (
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Group size</dt>
              <Users className="size-4 text-primary" aria-hidden="true" />
              <dd>{card.groupSize}</dd>
            </div>
          ) : null}
        </dl>

        {card.description ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            {card.description}
          </p>
        ) : null}

        {card.highlights.length > 0 ? (
          <ul className="space-y-1.5 text-sm" aria-label={`Highlights of ${card.title}`}>
            {card.highlights.map((highlight, index) => (
              // The list never changes in the browser.
              <li key={index} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{highlight}</span>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-auto flex flex-col gap-4 border-t border-border/70 pt-5">
          <p className="text-sm text-muted-foreground">
            <span className="font-display text-2xl font-bold text-forest-deep">{card.price}</span>
            {card.perPerson ? <span> per person</span> : null}
            {card.priceNote ? <span className="block text-xs">{card.priceNote}</span> : null}
          </p>
          <div className="grid grid-cols-2 gap-3">
            <Link
              href={href}
              aria-label={`View Details: ${card.title}`}
              className="tour-card-details"
            >
              View Details
            </Link>
            <Link
              href={`/booking?tour=${encodeURIComponent(card.slug)}`}
              aria-label={`Book Now: ${card.title}`}
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
