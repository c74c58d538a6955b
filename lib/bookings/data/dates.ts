import "server-only";

import { getDb } from "@/db";
import { type DateChoicesBySlug, dateChoicesBySlug } from "@/lib/bookings/packages";
import { todayInKampala } from "@/lib/dates";
import { isUuid } from "@/lib/ids";
import type { TourCard } from "@/lib/tours/rules";

import { bookingModesBySlug, getDepartureOnSale, queryDeparturesOnSale } from "@/lib/departures/data/seats";

/** How many dates of each tour a wizard offers (a departure linked to directly is added). */
const WIZARD_DEPARTURES = 12;

/**
 * The date choices of both booking wizards, read fresh on each request (the wizards' pages are
 * rendered per request): each departure-selling tour's departures on sale with their seats left
 * now, and whether it also runs privately. `departureId` (a Book link's `?departure=`) is
 * included even past the first dates, when it is still on sale.
 */
export async function getWizardDateChoices(
  tours: readonly Pick<TourCard, "id" | "slug">[],
  departureId?: string,
): Promise<DateChoicesBySlug> {
  const db = await getDb();
  const today = todayInKampala();
  const [modes, byTour, linked] = await Promise.all([
    bookingModesBySlug(db),
    queryDeparturesOnSale(db, { perTour: WIZARD_DEPARTURES, today }),
    departureId && isUuid(departureId)
      ? getDepartureOnSale(departureId, today)
      : Promise.resolve(null),
  ]);
  if (linked) {
    const { tourId, ...departure } = linked;
    const list = byTour[tourId] ?? [];
    if (!list.some((d) => d.id === departure.id)) {
      byTour[tourId] = [...list, departure].sort((a, b) => a.startDate.localeCompare(b.startDate));
    }
  }
  return dateChoicesBySlug(tours, modes, byTour);
}
