import type { TourCard } from "@/lib/tours";
import { formatUsd, packageDisplayName } from "@/lib/tours";
import { CUSTOM_PACKAGE_LABEL, CUSTOM_PACKAGE_VALUE } from "@/lib/validations/booking";

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
