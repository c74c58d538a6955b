/**
 * Pure rules of the customer area (docs/decisions/0008 for the statuses), unit-tested in
 * tests/unit/customer.test.ts. Dates are compared as calendar days in Kampala (East Africa Time):
 * the operator's "today", whatever the server's time zone.
 */
import type { BookingStatus } from "@/lib/domain";
import { OPERATOR_TIME_ZONE, todayInKampala } from "@/lib/validations/fields";

export const BOOKINGS_PAGE_SIZE = 5;
export const DASHBOARD_UPCOMING_LIMIT = 3;

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

/** Today in Kampala, as 'yyyy-MM-dd'. */
export const todayIso = todayInKampala;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from day `from` to day `to` ('yyyy-MM-dd'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Calendar days since the booking was created (0 on the same day). */
export function bookingAgeDays(createdAt: Date | string, now: Date = new Date()): number {
  return daysBetween(kampalaDay(createdAt), todayIso(now));
}

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
  if (booking.departureDate < todayIso(now)) return "Completed";
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
  const today = todayIso(now);
  const upcoming = departureDates.filter((d): d is string => !!d && d >= today).sort();
  return upcoming[0] ? daysBetween(today, upcoming[0]) : null;
}

/** The Next Departure card: the number of days, or a dash. */
export function nextDepartureLabel(days: number | null): string {
  return days === null ? "-" : String(days);
}

/** '1 person', '4 people'. */
export function groupSizeLabel(size: number): string {
  return `${size} ${size === 1 ? "person" : "people"}`;
}

/** Booking ids are shown as their first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** Account ids are shown as their first 16 characters and an ellipsis. */
export function accountIdLabel(id: string): string {
  return `${id.slice(0, 16)}...`;
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

/** 'MMM dd, yyyy' of a calendar date ('2027-06-12' is 'Jun 12, 2027'), or of an instant in Kampala. */
export function formatDay(value: string | Date): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dateOnly.format(new Date(`${value}T00:00:00Z`));
  }
  return instantFormat.format(typeof value === "string" ? new Date(value) : value);
}

/** 'MMM dd, yyyy HH:mm' in Kampala (messages). */
export function formatDayTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return `${instantFormat.format(date)} ${timeFormat.format(date)}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Messages                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export type MessageView = {
  id: string;
  threadId: string;
  subject: string;
  message: string;
  isFromAdmin: boolean;
  isRead: boolean;
  createdAt: string;
};

export type ThreadView = {
  threadId: string;
  /** The newest message. */
  summary: MessageView;
  /** Oldest first. */
  messages: MessageView[];
  /** Replies from support not read yet. */
  unread: number;
};

/** Threads by thread_id, newest activity first; each with its newest message as summary. */
export function groupThreads(messages: MessageView[]): ThreadView[] {
  const byThread = new Map<string, MessageView[]>();
  for (const m of messages) {
    const list = byThread.get(m.threadId);
    if (list) list.push(m);
    else byThread.set(m.threadId, [m]);
  }
  const threads = [...byThread.entries()].map(([threadId, list]) => {
    const ordered = [...list].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    );
    return {
      threadId,
      summary: ordered[ordered.length - 1]!,
      messages: ordered,
      unread: ordered.filter((m) => m.isFromAdmin && !m.isRead).length,
    };
  });
  return threads.sort((a, b) => b.summary.createdAt.localeCompare(a.summary.createdAt));
}

export function messageStats(messages: Pick<MessageView, "isFromAdmin">[]) {
  const fromSupport = messages.filter((m) => m.isFromAdmin).length;
  return { total: messages.length, fromSupport, mine: messages.length - fromSupport };
}

/** How support replies are signed in the customer's view. */
export const SUPPORT_AUTHOR = "Support Team";

/* ------------------------------------------------------------------------------------------ */
/* Sign-in                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * Where to go after signing in: a path of this site, else the fallback. What is returned is what
 * is checked: the URL parser normalises '/.//evil.com', '/%2e//evil.com' and '/\t/evil.com' to
 * '//evil.com' (another host to a browser), so the normalised result must itself be a plain path.
 * Backslashes (browsers read them as '/'), control characters and encoded slashes or backslashes
 * are refused outright: no real link of this site has them.
 */
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const ENCODED_SEPARATOR = /%(2f|5c)/i;

const isPlainPath = (path: string) =>
  path.startsWith("/") &&
  !path.startsWith("//") &&
  !CONTROL_OR_BACKSLASH.test(path) &&
  !ENCODED_SEPARATOR.test(path);

export function safeCallbackUrl(
  value: string | string[] | null | undefined,
  fallback = "/customer",
): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || v.length > 500 || !isPlainPath(v)) return fallback;
  try {
    const url = new URL(v, "http://localhost");
    if (url.origin !== "http://localhost") return fallback;
    if (url.pathname === "/customer/auth" || url.pathname.startsWith("/api/")) return fallback;
    const result = `${url.pathname}${url.search}${url.hash}`;
    if (!isPlainPath(result) || !isPlainPath(decodeURIComponent(url.pathname))) return fallback;
    if (new URL(result, "http://localhost").origin !== "http://localhost") return fallback;
    return result;
  } catch {
    return fallback;
  }
}
