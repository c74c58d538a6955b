import {
  type PublicDeparture,
  seatsLeftText,
  sellsDepartures,
  takesRequests,
} from "@/lib/departures/rules";
import type { TourBookingMode } from "@/lib/domain";
import type { TourCard } from "@/lib/tours/rules";
import { formatUsd, packageDisplayName } from "@/lib/tours/rules";
import { CUSTOM_PACKAGE_LABEL, CUSTOM_PACKAGE_VALUE } from "@/lib/bookings/schemas/request";

/** A package in a wizard's Tour Package list: a tour slug (or 'custom'), its display name and price. */
export type BookingTourOption = { value: string; label: string; price: string | null };

/**
 * The Tour Package list of both wizards (docs/decisions/0001): the active tours ('Title (N Days)',
 * 'from $price') and the custom package.
 */
export function bookingTourOptions(
  tours: Pick<TourCard, "slug" | "title" | "durationDays" | "priceMin">[],
): BookingTourOption[] {
  return [
    ...tours.map((tour) => ({
      value: tour.slug,
      label: packageDisplayName(tour.title, tour.durationDays),
      price: tour.priceMin === null ? null : `from ${formatUsd(tour.priceMin)}`,
    })),
    { value: CUSTOM_PACKAGE_VALUE, label: CUSTOM_PACKAGE_LABEL, price: null },
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Dated departures in the wizards                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * What a wizard's date step offers for one tour: its departures on sale (soonest first) and
 * whether it also runs privately on a date of the traveller's choosing. Tours sold on request
 * only have no entry: the wizard asks for a date as before.
 */
export type TourDateChoices = { departures: PublicDeparture[]; privateTrips: boolean };

/** The date choices of each tour that sells departures, by slug (the wizards post slugs). */
export type DateChoicesBySlug = Record<string, TourDateChoices>;

/**
 * Builds the wizards' date choices from the active tours, each tour's booking mode by slug and
 * the departures on sale by tour id.
 */
export function dateChoicesBySlug(
  tours: readonly Pick<TourCard, "id" | "slug">[],
  modes: Readonly<Record<string, TourBookingMode>>,
  departuresByTourId: Readonly<Record<string, PublicDeparture[]>>,
): DateChoicesBySlug {
  const choices: DateChoicesBySlug = {};
  for (const tour of tours) {
    const mode = modes[tour.slug];
    if (!mode || !sellsDepartures(mode)) continue;
    choices[tour.slug] = {
      departures: departuresByTourId[tour.id] ?? [],
      privateTrips: takesRequests(mode),
    };
  }
  return choices;
}

/**
 * The group sizes a departure with `seatsLeft` seats can take, out of a wizard's list ('1' …,
 * '9+' counted as 9). `null` (no departure, or seats held for this visitor): the whole list.
 */
export function groupSizesForSeats<O extends { value: string }>(
  options: readonly O[],
  seatsLeft: number | null,
): O[] {
  if (seatsLeft === null) return [...options];
  return options.filter((o) => Number.parseInt(o.value, 10) <= seatsLeft);
}

/** Whether a chosen group size (a select's value) fits `seatsLeft`; an empty one always does. */
export function groupFits(value: string | number | null | undefined, seatsLeft: number | null) {
  if (seatsLeft === null || value === null || value === undefined || value === "") return true;
  const size = Number.parseInt(String(value), 10);
  return Number.isNaN(size) || size <= seatsLeft;
}

/** The note under the group size while a departure is chosen: '3 seats left on this date'. */
export function seatsOnDateNote(seatsLeft: number): string {
  return seatsLeft <= 0 ? "This date is full" : `${seatsLeftText(seatsLeft)} on this date`;
}

/**
 * The departure a wizard opens on (`?departure=<id>`): on sale for one of the tours offered,
 * else nothing. Returns the tour's slug with it.
 */
export function preselectedDeparture(
  choices: Readonly<DateChoicesBySlug>,
  departureId: string | undefined,
): { slug: string; departure: PublicDeparture } | null {
  if (!departureId) return null;
  for (const [slug, { departures }] of Object.entries(choices)) {
    const departure = departures.find((d) => d.id === departureId);
    if (departure) return { slug, departure };
  }
  return null;
}

/**
 * The seats a wizard's group size is limited to: the chosen departure's seats left, or `null`
 * (no limit) when no departure is chosen or when it is the one a waitlist offer holds seats on
 * for this visitor (the server counts the held seats as theirs).
 */
export function seatCap(
  choices: TourDateChoices | undefined,
  departureId: string | null | undefined,
  heldDepartureId?: string,
): number | null {
  if (!choices || !departureId || departureId === heldDepartureId) return null;
  return choices.departures.find((d) => d.id === departureId)?.seatsLeft ?? null;
}
