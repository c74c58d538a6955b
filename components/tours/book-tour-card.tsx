import {
  CalendarDays,
  Clock,
  Compass,
  Gauge,
  MapPin,
  MessageCircle,
  ShieldCheck,
  Users,
} from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import type { TourFeePrices } from "@/lib/parks/data/fees";
import { durationText, fromPrice, publicDifficulty, type TourDetail } from "@/lib/tours/rules";

import { type Fact, FactList } from "./fact-list";
import { ResidencyPrices, ResidencySwitch } from "./residency-prices";

/**
 * The 'Book This Tour' side card of the tour page. A tour that needs a park permit quotes the tour
 * and the permit together, by residency category (a foreign non-resident's first).
 */
export function BookTourCard({
  tour,
  datesOnPage = false,
  privateTrips = true,
  fees = null,
}: {
  tour: TourDetail;
  /** The page lists the tour's upcoming departures (#departures): the card points to them. */
  datesOnPage?: boolean;
  /** The tour also runs privately, on a request staff confirm. */
  privateTrips?: boolean;
  /** A permit tour's prices by residency (lib/parks/data/fees.ts tourFeePrices). */
  fees?: TourFeePrices | null;
}) {
  const facts: Fact[] = [
    { icon: Clock, label: "Duration", value: durationText(tour.durationLabel, tour.durationDays) },
    { icon: Users, label: "Group size", value: tour.groupSize ?? "Private or small group" },
    { icon: Gauge, label: "Difficulty", value: publicDifficulty(tour.difficulty) },
    { icon: MapPin, label: "Location", value: tour.location ?? "Uganda" },
    ...(tour.meetingPoint
      ? [{ icon: Compass, label: "Meeting point", value: tour.meetingPoint }]
      : []),
  ];

  return (
    <section
      aria-labelledby="book-tour-heading"
      // residency-prices: the stylesheet shows the checked category's price (no script).
      className="residency-prices overflow-hidden rounded-2xl border border-border/70 bg-card shadow-xl shadow-forest-deep/10"
    >
      <div className="bg-forest-deep px-6 py-6 text-white">
        <h2 id="book-tour-heading" className="font-display text-2xl font-bold">
          Book This Tour
        </h2>
        {fees && tour.priceMin !== null ? (
          <ResidencyPrices fees={fees} landFrom={tour.priceMin} />
        ) : (
          <p className="mt-3">
            <span className="font-display text-3xl font-bold text-savanna">
              {fromPrice(tour.priceMin)}
            </span>
            {tour.priceMin !== null ? (
              <span className="ml-1 text-sm text-white/80">per person</span>
            ) : null}
          </p>
        )}
      </div>

      <div className="space-y-6 p-6">
        {fees ? <ResidencySwitch fees={fees} /> : null}
        <FactList facts={facts} variant="card" className="space-y-4" />

        <div className="grid gap-3">
          {datesOnPage ? (
            <a
              href="#departures"
              className="text-center text-sm font-semibold text-primary underline-offset-4 hover:underline"
            >
              See upcoming departures
            </a>
          ) : null}
          <LinkButton
            href={`/booking?tour=${encodeURIComponent(tour.slug)}`}
            icon={CalendarDays}
            size="lg"
            variant="accent"
            className="h-12 rounded-full text-base font-semibold"
          >
            Book Now
          </LinkButton>
          <LinkButton
            href="/contact"
            icon={MessageCircle}
            size="lg"
            variant="outline"
            className="h-12 rounded-full border-primary/40 text-base text-primary"
          >
            Ask Questions
          </LinkButton>
        </div>

        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {!datesOnPage
            ? "No payment now: we confirm availability and reply within 24 hours."
            : // A dated departure is sold in one sitting; only a private trip waits for us.
              privateTrips
              ? "A date's deposit confirms your seats at once. A private trip: no payment until we confirm it, within 24 hours."
              : "A date's deposit confirms your seats at once."}
        </p>
      </div>
    </section>
  );
}
