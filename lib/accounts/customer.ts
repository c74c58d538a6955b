/**
 * Pure rules of the customer area (docs/decisions/0008 for the statuses), unit-tested in
 * tests/unit/customer.test.ts. Dates are compared as calendar days in Kampala (lib/dates.ts): the
 * operator's "today", whatever the server's time zone.
 */
import {
  bookingAgeDays,
  daysBetween,
  OPERATOR_TIME_ZONE,
  todayInKampala,
} from "@/lib/dates";
import type { BookingStatus } from "@/lib/domain";

export const BOOKINGS_PAGE_SIZE = 5;
export const DASHBOARD_UPCOMING_LIMIT = 3;

export type CustomerStatusLabel =
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
};

/**
 * My Bookings: no departure date Pending; departure in the past Completed;
 * otherwise by age since creation: same day New, up to 3 days Processing, older Confirmed.
 */
export function customerBookingStatus(
  booking: StatusInput,
  now: Date = new Date(),
): CustomerStatusLabel {
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
  return staffStatus(booking.bookingStatus) ?? statusByAge(bookingAgeDays(booking.createdAt, now));
}

function statusByAge(days: number): CustomerStatusLabel {
  if (days <= 0) return "New";
  if (days <= 3) return "Processing";
  return "Confirmed";
}

type Person = { name?: string | null; email?: string | null };

const trimmed = (value: string | null | undefined) => (value ?? "").trim();
const emailLocalPart = (email: string | null | undefined) =>
  trimmed(email).split("@")[0]?.trim() ?? "";

/** Dashboard greeting: the full name, else the part of the email before the @, else Traveler. */
export function greetingName(person: Person): string {
  return trimmed(person.name) || emailLocalPart(person.email) || "Traveler";
}

/** Customer layout header: 'Welcome back, {full name or Customer}'. */
export function layoutGreeting(name: string | null | undefined): string {
  return `Welcome back, ${trimmed(name) || "Customer"}`;
}

/** Profile display name: the full name, else the part of the email before @, else Customer. */
export function displayName(person: Person): string {
  return trimmed(person.name) || emailLocalPart(person.email) || "Customer";
}

/** First letters of up to two words, uppercase (at most 2 characters). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toLocaleUpperCase()
    .slice(0, 2);
}

/** 'Member since January 1, 2024', or 'Recently' when the date is unknown. */
export function memberSince(createdAt: Date | string | null | undefined): string {
  if (!createdAt) return "Recently";
  const date = typeof createdAt === "string" ? new Date(createdAt) : createdAt;
  if (Number.isNaN(date.getTime())) return "Recently";
  return date.toLocaleDateString("en-US", {
    timeZone: OPERATOR_TIME_ZONE,
    month: "long",
    day: "numeric",
    year: "numeric",
  });
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

/** Account ids are shown as their first 16 characters and an ellipsis. */
export function accountIdLabel(id: string): string {
  return `${id.slice(0, 16)}...`;
}
