/**
 * How a customer's own bookings are told to them (My Bookings, the dashboard): the status label
 * (docs/decisions/0008) and the days to the next departure. Pure, unit-tested in
 * tests/unit/customer.test.ts. Dates are compared as calendar days in Kampala (lib/dates.ts): the
 * operator's "today", whatever the server's time zone.
 */
import { daysBetween, todayInKampala } from "@/lib/dates";
import type { BookingStatus } from "@/lib/domain";
import {
  bookingStatusLabel,
  type BookingStatusLabel,
  type CheckoutState,
} from "@/lib/bookings/list-query";

/** A customer's booking status: the same words staff see (bookingStatusLabel). */
export type CustomerStatusLabel = BookingStatusLabel;

type StatusInput = {
  bookingStatus: BookingStatus | null | undefined;
  departureDate: string | null;
  /** Not read: a status is never guessed from the booking's age. */
  createdAt?: Date | string;
  /** A checkout not paid: Awaiting Payment, or Not Paid once its hold lapsed. */
  checkout?: CheckoutState;
};

/** My Bookings: the booking's status in the words staff see too. */
export function customerBookingStatus(
  booking: StatusInput,
  now: Date = new Date(),
): CustomerStatusLabel {
  return bookingStatusLabel(booking, todayInKampala(now));
}

/** The customer dashboard (no dates at hand): the same words, a trip's end not known there. */
export function dashboardBookingStatus(
  booking: Omit<StatusInput, "departureDate">,
  now: Date = new Date(),
): CustomerStatusLabel {
  return bookingStatusLabel({ ...booking, departureDate: null }, todayInKampala(now));
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
