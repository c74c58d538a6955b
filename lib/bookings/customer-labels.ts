/**
 * How a customer's own bookings are told to them (My Bookings, the dashboard): the status label
 * (docs/decisions/0008) and the days to the next departure. Pure, unit-tested in
 * tests/unit/customer.test.ts. Dates are compared as calendar days in Kampala (lib/dates.ts): the
 * operator's "today", whatever the server's time zone.
 */
import { bookingAgeDays, daysBetween, todayInKampala } from "@/lib/dates";
import type { BookingStatus } from "@/lib/domain";
import { CHECKOUT_LABELS, type CheckoutState } from "@/lib/bookings/list-query";

export type CustomerStatusLabel =
  | "Awaiting Payment"
  | "Not Paid"
  | "New"
  | "Processing"
  | "Confirmed"
  | "Pending"
  | "Completed"
  | "Cancelled";

/**
 * A status set by staff (docs/decisions/0008): Confirmed, Completed and Cancelled are shown as is.
 * 'new' is what every wizard writes and means "not reviewed yet", so it falls through to the
 * derived labels like a booking without a status.
 */
function staffStatus(status: BookingStatus | null | undefined): CustomerStatusLabel | null {
  switch (status) {
    case "confirmed":
      return "Confirmed";
    case "completed":
      return "Completed";
    case "cancelled":
      return "Cancelled";
    default:
      return null;
  }
}

type StatusInput = {
  bookingStatus: BookingStatus | null | undefined;
  departureDate: string | null;
  createdAt: Date | string;
  /** A checkout not paid: never told as New, Processing or Confirmed by its age. */
  checkout?: CheckoutState;
};

/**
 * My Bookings: a checkout not paid Awaiting Payment (or Not Paid once its hold lapsed); no
 * departure date Pending; departure in the past Completed;
 * otherwise by age since creation: same day New, up to 3 days Processing, older Confirmed.
 */
export function customerBookingStatus(
  booking: StatusInput,
  now: Date = new Date(),
): CustomerStatusLabel {
  if (booking.checkout) return CHECKOUT_LABELS[booking.checkout];
  const set = staffStatus(booking.bookingStatus);
  if (set) return set;
  if (!booking.departureDate) return "Pending";
  if (booking.departureDate < todayInKampala(now)) return "Completed";
  return statusByAge(bookingAgeDays(booking.createdAt, now));
}

/** The dashboard uses age only: 0 days New, up to 3 Processing, else Confirmed. */
export function dashboardBookingStatus(
  booking: Omit<StatusInput, "departureDate">,
  now: Date = new Date(),
): CustomerStatusLabel {
  if (booking.checkout) return CHECKOUT_LABELS[booking.checkout];
  return staffStatus(booking.bookingStatus) ?? statusByAge(bookingAgeDays(booking.createdAt, now));
}

function statusByAge(days: number): CustomerStatusLabel {
  if (days <= 0) return "New";
  if (days <= 3) return "Processing";
  return "Confirmed";
}

/** Days until the first upcoming departure, or null when there is none. */
export function nextDepartureDays(
  departureDates: (string | null)[],
  now: Date = new Date(),
): number | null {
  const today = todayInKampala(now);
  const upcoming = departureDates.filter((d): d is string => !!d && d >= today).sort();
  return upcoming[0] ? daysBetween(today, upcoming[0]) : null;
}

/** The Next Departure card: the number of days, or a dash. */
export function nextDepartureLabel(days: number | null): string {
  return days === null ? "-" : String(days);
}
