/**
 * Dates in Kampala (East Africa Time), the operator's time zone: calendar days, "today", and the
 * day and clock texts every screen shows, whatever the server's or the browser's time zone. Pure,
 * so the client and the server share it.
 */

/** The operator's time zone: 'today' for date rules is the date in Kampala. */
export const OPERATOR_TIME_ZONE = "Africa/Kampala";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: OPERATOR_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day of an instant in Kampala, as 'yyyy-MM-dd'. */
export function kampalaDay(instant: Date | string): string {
  return dayFormat.format(typeof instant === "string" ? new Date(instant) : instant);
}

/** Today's date in Kampala as 'yyyy-MM-dd'. */
export function todayInKampala(now: Date = new Date()): string {
  return kampalaDay(now);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant of a Kampala calendar day ('yyyy-MM-dd'), `plusDays` later when given (a
 * range's end is the start of the day after its last). East Africa Time is three hours ahead of
 * UTC all year, with no daylight saving, so a day starts at 21:00 UTC the evening before.
 */
export function kampalaDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00+03:00`) + plusDays * DAY_MS);
}

/** Whole days from day `from` to day `to` ('yyyy-MM-dd'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Calendar days since the booking was created (0 on the same day). */
export function bookingAgeDays(createdAt: Date | string, now: Date = new Date()): number {
  return daysBetween(kampalaDay(createdAt), todayInKampala(now));
}

const dateOnly = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "2-digit",
  year: "numeric",
});
const instantFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: OPERATOR_TIME_ZONE,
  month: "short",
  day: "2-digit",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: OPERATOR_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
const longDate = new Intl.DateTimeFormat("en-US", {
  timeZone: OPERATOR_TIME_ZONE,
  month: "long",
  day: "2-digit",
  year: "numeric",
});

const asDate = (value: Date | string) => (typeof value === "string" ? new Date(value) : value);

/** 'MMM dd, yyyy' of a calendar date ('2027-06-12' is 'Jun 12, 2027'), or of an instant in Kampala. */
export function formatDay(value: string | Date): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dateOnly.format(new Date(`${value}T00:00:00Z`));
  }
  return instantFormat.format(asDate(value));
}

/** 'MMM dd, yyyy HH:mm' in Kampala. */
export function formatDayTime(value: string | Date): string {
  const date = asDate(value);
  return `${instantFormat.format(date)} ${timeFormat.format(date)}`;
}

/** 'HH:mm' in Kampala. */
export function formatTime(value: string | Date): string {
  return timeFormat.format(asDate(value));
}

/** 'MMMM dd, yyyy at HH:mm' in Kampala. */
export function formatDayTimeLong(value: Date | string): string {
  const date = asDate(value);
  return `${longDate.format(date)} at ${timeFormat.format(date)}`;
}

// The parts only, put in the operator's order below (en-GB would write September 'Sept').
const dayParts = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** The weekday, day, month and year of a calendar date ('yyyy-MM-dd'). */
function partsOf(day: string) {
  const parts = dayParts.formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return { weekday: part("weekday"), day: part("day"), month: part("month"), year: part("year") };
}

/** A calendar date as the operator writes it, with its weekday: 'Wed 9 Dec 2026'. */
export function formatTripDay(day: string): string {
  const d = partsOf(day);
  return `${d.weekday} ${d.day} ${d.month} ${d.year}`;
}

/**
 * A trip's dates as the operator writes them, with weekdays, naming the month and year once where
 * they are shared: 'Wed 9 - Sun 13 Dec 2026', 'Mon 30 Nov - Fri 4 Dec 2026',
 * 'Mon 28 Dec 2026 - Sat 2 Jan 2027'; one day alone is 'Wed 9 Dec 2026'. Calendar dates
 * ('yyyy-MM-dd'), so every screen, mail and time zone shows the same days.
 */
export function formatTripDates(startDate: string, endDate: string): string {
  if (!endDate || endDate === startDate) return formatTripDay(startDate);
  const a = partsOf(startDate);
  const b = partsOf(endDate);
  const end = formatTripDay(endDate);
  if (a.year !== b.year) return `${formatTripDay(startDate)} - ${end}`;
  if (a.month !== b.month) return `${a.weekday} ${a.day} ${a.month} - ${end}`;
  return `${a.weekday} ${a.day} - ${end}`;
}
