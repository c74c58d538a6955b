/**
 * The rules of the staff Departures screen (/admin/departures), pure: its URL state (tour, month,
 * status, page), how a row's seats and status read, the dates of a weekly series (rrule), and the
 * texts the DAL hands on (a cancelled departure's reason, the capacity refusal). The page parses
 * with these, lib/departures/data/manage.ts queries and writes, the toolbar and pager write the URL.
 */
import { RRule, type Weekday } from "rrule";
import { z } from "zod";

import { monthName, parseMonth } from "@/lib/departures/rules";
import { formatDay } from "@/lib/dates";
import { DEPARTURE_STATUSES, type DepartureStatus } from "@/lib/domain";
import { choiceParam, idParam, listUrl, pageParam, type RawParams } from "@/lib/list-query";

export const DEPARTURES_PAGE_SIZE = 20;
export const DEPARTURES_PATH = "/admin/departures";

/** The most dates one series may add. */
export const MAX_SERIES_DATES = 200;

/* ------------------------------------------------------------------------------------------ */
/* The list's URL state                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** The month filter: '' upcoming (from today, the default), 'all' every date, or 'yyyy-MM'. */
export const ALL_DATES = "all";

const monthParam = z
  .string()
  .catch("")
  .transform((s) => (s === ALL_DATES ? ALL_DATES : (parseMonth(s.trim()) ?? "")));

export type DeparturesQuery = {
  /** The tour's id, or null for every tour. */
  tour: string | null;
  month: string;
  /** '' for every status. */
  status: "" | DepartureStatus;
  page: number;
};

const departuresUrl = listUrl(DEPARTURES_PATH, {
  tour: idParam,
  month: monthParam,
  status: choiceParam(["", ...DEPARTURE_STATUSES], ""),
  page: pageParam,
});

/** The screen's state from URL parameters; anything malformed falls back to its default. */
export const parseDeparturesQuery: (params: RawParams) => DeparturesQuery = departuresUrl.parse;

/** The URL of a view of the list (defaults left out). */
export const departuresHref = departuresUrl.href;

export const isFiltered = (q: DeparturesQuery) =>
  q.tour !== null || q.month !== "" || q.status !== "";

export const STATUS_LABELS: Record<DepartureStatus, string> = {
  open: "Open",
  closed: "Closed",
  cancelled: "Cancelled",
};

export const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...DEPARTURE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

/** The month select: upcoming (default), every date, then each month that has departures. */
export function monthOptions(months: readonly string[]): { value: string; label: string }[] {
  return [
    { value: "", label: "Upcoming" },
    { value: ALL_DATES, label: "All dates" },
    ...months.map((m) => ({ value: m, label: monthName(m, true) })),
  ];
}

/** The first day (inclusive) and the day after the last of a month filter, or null for none. */
export function monthRange(month: string): { from: string; until: string } | null {
  if (!parseMonth(month)) return null;
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, until: `${next}-01` };
}

/* ------------------------------------------------------------------------------------------ */
/* How a row reads                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** Seats of a departure: sold (live bookings), held (waitlist offers), free, of its capacity. */
export function seatsOf(capacity: number, sold: number, held: number) {
  return { sold, held, free: Math.max(capacity - sold - held, 0), capacity };
}

/** '8 sold · 2 held · 2 free of 12' */
export function seatsText(s: { sold: number; held: number; free: number; capacity: number }) {
  return `${s.sold} sold · ${s.held} held · ${s.free} free of ${s.capacity}`;
}

/** '3 bookings', '1 booking', 'No bookings'. */
export function bookingsText(count: number): string {
  if (count === 0) return "No bookings";
  return `${count} ${count === 1 ? "booking" : "bookings"}`;
}

/* ------------------------------------------------------------------------------------------ */
/* A series of dates                                                                           */
/* ------------------------------------------------------------------------------------------ */

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<WeekdayCode, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};

const RRULE_DAYS: Record<WeekdayCode, Weekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

/** The weekday of a day ('yyyy-MM-dd'), as the series names it. */
export function weekdayOf(day: string): WeekdayCode {
  // getUTCDay: Sunday 0 ... Saturday 6.
  const index = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return WEEKDAYS[index]!;
}

export type Repeat = "none" | "weekly" | "weeks";

export type Series = {
  startDate: string;
  repeat: Repeat;
  /** Weekdays of the series; none: the first date's weekday. */
  weekdays: readonly WeekdayCode[];
  /** Every N weeks ('weeks'); 'weekly' is every week. */
  intervalWeeks: number;
  /** The last day a date of the series may fall on ('none': unused). */
  until: string | null;
};

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The dates of a series, in order: the first date, then (repeating) each chosen weekday every
 * week or every N weeks, up to the end date. Stops after `limit` dates (one more than allowed is
 * enough to refuse a series).
 */
export function seriesDates(series: Series, limit = MAX_SERIES_DATES + 1): string[] {
  if (series.repeat === "none" || !series.until || series.until < series.startDate) {
    return [series.startDate];
  }
  const weekdays = series.weekdays.length ? series.weekdays : [weekdayOf(series.startDate)];
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: series.repeat === "weeks" ? Math.max(1, series.intervalWeeks) : 1,
    byweekday: weekdays.map((d) => RRULE_DAYS[d]),
    // Weeks start on Monday, so 'every 2 weeks' counts the first date's week as week one.
    wkst: RRule.MO,
    dtstart: utc(series.startDate),
    until: utc(series.until),
  });
  const dates = new Set([series.startDate]);
  rule.all((date) => {
    dates.add(date.toISOString().slice(0, 10));
    return dates.size < limit;
  });
  return [...dates].sort();
}

/** The toast after adding: what was added, what was skipped, and a tour switched to 'Both'. */
export function addedMessage(result: {
  added: number;
  skipped: number;
  switchedToBoth: boolean;
  tourTitle: string;
}): string {
  const added = `Added ${result.added} ${result.added === 1 ? "departure" : "departures"}`;
  const skipped =
    result.skipped === 0
      ? "."
      : `; skipped ${result.skipped} ${result.skipped === 1 ? "date that already had one" : "dates that already had one"}.`;
  const switched = result.switchedToBoth
    ? ` ${result.tourTitle} is now sold both as private trips on request and on scheduled departures.`
    : "";
  return `${added}${skipped}${switched}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Texts the DAL hands on                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** A cancelled departure's reason, as its bookings keep it and the travellers read it. */
export function cancelledReason(startDate: string, reason: string): string {
  const said = reason.trim();
  const ended = /[.!?]$/.test(said) ? said : `${said}.`;
  return `The departure of ${formatDay(startDate)} was cancelled: ${ended}`;
}

/** The refusal of a capacity below the seats taken. */
export function capacityBelowTakenMessage(taken: number): string {
  return `At least ${taken} ${taken === 1 ? "seat is" : "seats are"} taken: capacity cannot go below ${taken}.`;
}
