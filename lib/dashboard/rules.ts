/**
 * The staff dashboard's first screen, pure: how long something has waited ('3 days', '5 hours'),
 * the Kampala week of departures it shows, and where each item opens.
 */
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";

/** How many days of departures 'This week' shows, today included. */
export const WEEK_DAYS = 7;

/** The last Kampala day of the week that starts `today` ('yyyy-MM-dd'). */
export function weekEnd(today: string): string {
  return format(addDays(parseISO(today), WEEK_DAYS - 1), "yyyy-MM-dd");
}

/** How long since `since`, in the largest whole unit: '3 days', '1 hour', '12 minutes'. */
export function waitingFor(since: Date | string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes >= 24 * 60) return plural(Math.floor(minutes / (24 * 60)), "day");
  if (minutes >= 60) return plural(Math.floor(minutes / 60), "hour");
  return plural(minutes, "minute");
}

/** A request waiting a day or more is late: the dashboard marks it. */
export const isLate = (since: Date | string, now: Date = new Date()) =>
  now.getTime() - new Date(since).getTime() >= 24 * 60 * 60_000;

export const bookingHref = (id: string) => `/admin/bookings?edit=${id}`;
export const threadHref = (id: string) => `/admin/messages?tab=customers&thread=${id}`;
export const departureHref = (id: string) => `/admin/departures/${id}`;
