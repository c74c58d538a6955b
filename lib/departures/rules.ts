/**
 * The rules of dated departures that both sides share, pure (no database): what a departure's
 * seats say to a visitor, whether it is still on sale, its end date, and when an unpaid
 * confirmed booking's option lapses. lib/departures/data/seats.ts applies them under the departure's
 * row lock; the tour page, the wizards and the staff screens show them.
 */
import type { DepartureStatus, TourBookingMode } from "@/lib/domain";
import { daysBetween, formatTripDates } from "@/lib/dates";

/** How many departures the tour page lists. */
export const TOUR_PAGE_DEPARTURES = 6;

/** A departure as the public pages and the wizards see it (plain JSON). */
export type PublicDeparture = {
  id: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsLeft: number;
  /** The lowest per-person price of the date (its own tier prices, else the tour's). */
  price: number | null;
  guaranteed: boolean;
};

/** The day after `day` plus `days` - 1: a trip of `days` days starting on `day` ends on it. */
export function tripEndDate(day: string, durationDays: number | null): string {
  return addDays(day, Math.max((durationDays ?? 1) - 1, 0));
}

/** `day` ('yyyy-MM-dd') moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The last day a departure can be booked: its start date less its cutoff. */
export function lastBookingDay(startDate: string, cutoffDays: number): string {
  return addDays(startDate, -cutoffDays);
}

/** A departure on sale today: open, and today is on or before its last booking day. */
export function isOnSale(
  departure: { status: DepartureStatus; startDate: string; cutoffDays: number },
  today: string,
): boolean {
  return (
    departure.status === "open" &&
    daysBetween(today, lastBookingDay(departure.startDate, departure.cutoffDays)) >= 0
  );
}

/** 'n seats left', '1 seat left' or 'Full', as the tour page and the wizards say it. */
export function seatsLeftText(seatsLeft: number): string {
  if (seatsLeft <= 0) return "Full";
  return `${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left`;
}

/** Seats a booking may not take: the message naming how many are left. */
export function seatsRefusedMessage(seatsLeft: number): string {
  if (seatsLeft <= 0) return "This departure is full. Join the waitlist or choose another date.";
  return `Only ${seatsLeftText(seatsLeft).replace(" left", "")} left on this departure. Choose a smaller group or another date.`;
}

/** Guaranteed to run: the minimum group is reached (a departure without one never says so). */
export function isGuaranteed(minGroup: number | null, seatsTaken: number): boolean {
  return minGroup !== null && seatsTaken >= minGroup;
}

/** The lowest of a departure's own tier prices, else the tour's lowest price. */
export function departurePrice(
  prices: Record<string, number>,
  tourPriceMin: number | null,
): number | null {
  const own = Object.values(prices).filter((p) => Number.isFinite(p) && p > 0);
  return own.length ? Math.min(...own) : tourPriceMin;
}

/** Whether the tour sells dated departures, private trips on request, or both. */
export function sellsDepartures(mode: TourBookingMode): boolean {
  return mode !== "request";
}
export function takesRequests(mode: TourBookingMode): boolean {
  return mode !== "departures";
}

/** A departure's dates as the operator writes them: 'Sat 12 - Fri 18 Jun 2027' (lib/dates.ts). */
export function departureRange(startDate: string, endDate: string): string {
  return formatTripDates(startDate, endDate);
}

/** 'yyyy-MM' of a departure's start: the month filter of /tours and of the staff screen. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

const MONTH_NAMES = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" });
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** 'March' of '2027-03' (the filter's chip), or 'March 2027' with the year. */
export function monthName(month: string, withYear = false): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return (withYear ? MONTH_YEAR : MONTH_NAMES).format(date);
}

/** A month value of the filter ('2027-03'), or undefined for anything else. */
export function parseMonth(value: string | string[] | undefined): string | undefined {
  const month = Array.isArray(value) ? value[0] : value;
  return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : undefined;
}

/**
 * The tour's 'Group size' fact as the tour page states it beside its departures: the largest
 * group its dates seat is the upper bound ('2-8 people' where the text says '2-6' and the
 * departures have 8 seats), so the facts never promise a smaller or larger group than the dates
 * sell. Without departures, the tour's own words.
 */
export function groupSizeFact(text: string | null, capacities: readonly number[]): string | null {
  const seats = capacities.filter((c) => Number.isInteger(c) && c > 0);
  if (seats.length === 0) return text;
  const most = Math.max(...seats);
  const least = Number(/^\s*(\d+)\s*[-–]/.exec(text ?? "")?.[1] ?? Number.NaN);
  return least >= 1 && least <= most ? `${least}-${most} people` : `Up to ${most} people`;
}
