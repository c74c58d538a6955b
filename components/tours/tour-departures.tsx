"use client";

import Link from "next/link";

import { WaitlistAction } from "@/components/booking/waitlist-action";
import { GuaranteedBadge } from "@/components/departures/guaranteed-badge";
import { CalendarDays } from "@/components/icons";
import { IconHeading } from "@/components/shared/icon-heading";
import { departureRange, type PublicDeparture, seatsLeftText } from "@/lib/departures/rules";
import { formatUsd } from "@/lib/tours/rules";

/**
 * 'Upcoming departures' of the tour page: the next dated departures with their seats left,
 * Guaranteed once enough seats are paid for, the price per person and 'Book and pay a deposit'
 * (the wizard opens on that date and ends at the checkout), or the waitlist for a full one; a
 * tour also run privately offers 'Request' (a request staff confirm). The seats are at most a minute old (the page's
 * revalidate). A client component drawn from its props, like the tour cards: the page's RSC
 * payload then carries the dates as data rather than their whole element tree a second time,
 * which keeps the cached page's HTML within its budget; it needs no state or effect.
 */
export function TourDepartures({
  slug,
  tourTitle,
  departures,
  privateTrips,
}: {
  slug: string;
  tourTitle: string;
  departures: readonly PublicDeparture[];
  /** The tour also runs privately on request. */
  privateTrips: boolean;
}) {
  return (
    <section
      id="departures"
      aria-labelledby="departures-heading"
      className="mb-10 scroll-mt-28 rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
    >
      <IconHeading
        id="departures-heading"
        icon={CalendarDays}
        iconClassName="size-6 text-primary"
        className="font-display text-2xl font-bold text-forest-deep"
      >
        Upcoming departures
      </IconHeading>
      {departures.length ? (
        <ul className="mt-4 divide-y divide-border/70">
          {departures.map((d) => (
            // Keyed by the date (one departure a tour and day): keys go into the RSC payload,
            // where a UUID is text nothing compresses.
            <DepartureRow key={d.startDate} slug={slug} tourTitle={tourTitle} departure={d} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-muted-foreground">No scheduled departures right now.</p>
      )}
      {privateTrips ? (
        <p className="mt-4 flex flex-col gap-3 rounded-xl bg-secondary/70 px-4 py-3 text-sm text-secondary-foreground sm:flex-row sm:items-center sm:justify-between">
          <span>Choose your own dates: we run this trip privately on request.</span>
          <Link
            href={`/booking?tour=${encodeURIComponent(slug)}`}
            prefetch={false}
            className="inline-flex h-10 shrink-0 items-center justify-center rounded-full border border-primary/40 bg-card px-6 font-semibold text-forest-deep transition-colors hover:bg-card/80"
          >
            Request
            <span className="sr-only"> a private trip</span>
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function DepartureRow({
  slug,
  tourTitle,
  departure: d,
}: {
  slug: string;
  tourTitle: string;
  departure: PublicDeparture;
}) {
  const range = departureRange(d.startDate, d.endDate);
  const full = d.seatsLeft <= 0;
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-3 py-4 sm:grid-cols-[1fr_auto_auto]">
      <div className="min-w-0">
        <p className="font-semibold text-forest-deep">{range}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <span
            // A plain string, not cn(): tailwind-merge would join the tour page's first load.
            className={`font-medium ${full ? "text-destructive" : d.seatsLeft <= 3 ? "text-amber-800" : "text-primary"}`}
          >
            {seatsLeftText(d.seatsLeft)}
          </span>
          {d.guaranteed ? <GuaranteedBadge /> : null}
        </p>
      </div>
      <p className="text-right">
        <span className="block font-display text-lg font-bold text-forest-deep">
          {/* The date's own price per person, not a 'From' over all dates. */}
          {d.price === null ? "Custom quote" : formatUsd(d.price)}
        </span>
        {d.price !== null ? (
          <span className="text-xs text-muted-foreground">per person</span>
        ) : null}
      </p>
      <div className="col-span-2 sm:col-span-1 sm:justify-self-end">
        {full ? (
          <WaitlistAction departureId={d.id} tourTitle={tourTitle} dateText={range} />
        ) : (
          <Link
            href={`/booking?tour=${encodeURIComponent(slug)}&departure=${d.id}`}
            // The wizard is rendered per request with the seats of that moment: a prefetch of
            // each date's wizard would only cost the phone requests while the page loads.
            prefetch={false}
            className="inline-flex h-10 w-full items-center justify-center rounded-full bg-savanna px-6 text-sm font-semibold text-forest-deep transition-colors hover:bg-savanna/90 sm:w-auto"
          >
            Book and pay a deposit
            <span className="sr-only">{` ${range}`}</span>
          </Link>
        )}
      </div>
    </li>
  );
}
