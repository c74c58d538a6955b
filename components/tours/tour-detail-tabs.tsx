import Link from "next/link";

import { Check, X } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { formatUsd, type TourDetail } from "@/lib/tours/rules";
import { cn } from "@/lib/utils";

import { TourImage } from "./tour-image";
import { LazyTourTabs } from "./lazy-tour-tabs";

/** The tabs in their order: value -> label. */
const TABS = {
  overview: "Overview",
  itinerary: "Itinerary",
  inclusions: "Inclusions",
  pricing: "Pricing",
} as const;

function paragraphs(text: string | null): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** What's (not) included: a ticked or crossed list in a card. */
function InclusionsCard({
  title,
  items,
  included,
}: {
  title: string;
  items: string[];
  included: boolean;
}) {
  const Mark = included ? Check : X;
  return (
    <div className="rounded-2xl border border-border/70 bg-card p-6 shadow-sm">
      <h3 className="font-display text-xl font-bold text-forest-deep">{title}</h3>
      <ul className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <span
              className={cn(
                "mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full",
                included ? "bg-primary/10" : "bg-terracotta/10",
              )}
            >
              <Mark
                className={cn("size-3.5", included ? "text-primary" : "text-terracotta-text")}
                aria-hidden="true"
              />
            </span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The tour page's tabs: Overview (default), Itinerary, Inclusions, Pricing. */
export function TourDetailTabs({ tour }: { tour: TourDetail }) {
  const overview = paragraphs(tour.overview);
  const bookHref = `/booking?tour=${encodeURIComponent(tour.slug)}`;

  return (
    <LazyTourTabs
      tabs={TABS}
      panels={{
        overview: (
          <>
            <h2 className="font-display text-2xl font-bold text-forest-deep sm:text-3xl">
              Tour Overview
            </h2>
            <div className="mt-5 space-y-4 text-base leading-relaxed text-foreground/85 sm:text-lg">
              {overview.length > 0 ? (
                overview.map((p, i) => <p key={i}>{p}</p>)
              ) : (
                <p>{tour.shortDescription}</p>
              )}
            </div>

            {tour.highlights.length > 0 ? (
              <>
                <h3 className="mt-10 font-display text-xl font-bold text-forest-deep">
                  Highlights
                </h3>
                <ul className="mt-5 grid gap-3 sm:grid-cols-2">
                  {tour.highlights.map((h) => (
                    <li key={h} className="flex gap-3 rounded-xl bg-secondary/60 p-4">
                      <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                      <span>{h}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}

            {tour.media.length > 0 ? (
              <>
                <h3 className="mt-10 font-display text-xl font-bold text-forest-deep">Gallery</h3>
                <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {tour.media.map((picture, i) => (
                    <li
                      key={picture.key}
                      className="relative aspect-[4/3] overflow-hidden rounded-xl bg-muted"
                    >
                      <TourImage
                        src={null}
                        picture={picture}
                        alt={`${tour.title}: photo ${i + 1} of ${tour.media.length}`}
                        sizes="(min-width: 1024px) 260px, 50vw"
                      />
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ),

        itinerary: (
          <>
            <h2 className="font-display text-2xl font-bold text-forest-deep sm:text-3xl">
              Day-by-Day Itinerary
            </h2>
            {tour.itinerary.length > 0 ? (
              <ol className="mt-8 space-y-0">
                {tour.itinerary.map((day, i) => (
                  <li key={day.day} className="relative flex gap-5 pb-8 last:pb-0">
                    {i < tour.itinerary.length - 1 ? (
                      <span
                        aria-hidden="true"
                        className="absolute top-12 bottom-0 left-6 w-px bg-border"
                      />
                    ) : null}
                    <span
                      aria-hidden="true"
                      className="relative z-10 inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-forest-deep font-display text-lg font-bold text-savanna"
                    >
                      {day.day}
                    </span>
                    <div className="flex-1 rounded-2xl border border-border/70 bg-card p-5 shadow-sm">
                      <h3 className="font-display text-lg font-bold text-forest-deep">
                        Day {day.day}: {day.title}
                      </h3>
                      <p className="mt-2 leading-relaxed text-muted-foreground">
                        {day.description}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-5 text-muted-foreground">
                The detailed itinerary is tailored with you when you book. Contact us for a sample
                plan.
              </p>
            )}
          </>
        ),

        inclusions: (
          <>
            <h2 className="sr-only">Inclusions and exclusions</h2>
            <div className="grid gap-6 md:grid-cols-2">
              <InclusionsCard title="What's Included" items={tour.inclusions} included />
              <InclusionsCard
                title="What's Not Included"
                items={tour.exclusions}
                included={false}
              />
            </div>
          </>
        ),

        pricing: (
          <>
            <h2 className="font-display text-2xl font-bold text-forest-deep sm:text-3xl">
              Packages &amp; Pricing
            </h2>
            <p className="mt-2 text-muted-foreground">All prices are in US dollars per person.</p>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {tour.packages.map((pkg, i) => {
                const popular = tour.packages.length === 3 && i === 1;
                return (
                  <li
                    key={pkg.name}
                    className={cn(
                      "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-all hover:-translate-y-1 hover:shadow-lg",
                      popular ? "border-primary ring-2 ring-primary/20" : "border-border/70",
                    )}
                  >
                    {popular ? (
                      <span className="absolute -top-3 left-6 rounded-full bg-savanna px-3 py-1 text-xs font-semibold text-forest-deep">
                        Most Popular
                      </span>
                    ) : null}
                    <h3 className="font-display text-xl font-bold text-forest-deep">{pkg.name}</h3>
                    <p className="mt-4">
                      <span className="font-display text-4xl font-bold text-primary">
                        {formatUsd(pkg.price)}
                      </span>
                      <span className="ml-1 text-sm text-muted-foreground">per {pkg.per}</span>
                    </p>
                    {pkg.description ? (
                      <p className="mt-4 flex-1 text-sm leading-relaxed text-muted-foreground">
                        {pkg.description}
                      </p>
                    ) : (
                      <div className="flex-1" />
                    )}
                    <Button
                      asChild
                      variant={popular ? "default" : "outline"}
                      className="mt-6 h-11 rounded-full"
                    >
                      <Link
                        // The tier goes with the link: the wizard opens with it chosen.
                        href={`${bookHref}&package=${encodeURIComponent(pkg.name.toLowerCase())}`}
                        aria-label={`Select Package: ${pkg.name}`}
                      >
                        Select Package
                      </Link>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        ),
      }}
    />
  );
}
