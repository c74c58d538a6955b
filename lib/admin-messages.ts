/**
 * Pure rules of the admin Messages and Newsletter screens (spec sections 2, 4, 7 and 9;
 * admin-checklist A68-A91), unit-tested in tests/unit/admin-messages.test.ts. Dates are calendar
 * days and clock times in Kampala, whatever the server's or the browser's time zone.
 */
import { daysBetween, kampalaDay, todayIso } from "@/lib/customer";
import { OPERATOR_TIME_ZONE } from "@/lib/validations/fields";

export const CONTACTS_PAGE_SIZE = 10;
export const THREADS_PAGE_SIZE = 10;
export const SUBSCRIBERS_PAGE_SIZE = 15;

/**
 * A search's matches are counted up to this many ("1,000+"): counting every match of a term that
 * is in most rows would read the whole table, and no one pages through a thousand results.
 */
export const SEARCH_COUNT_CAP = 1000;

/** A count for people: '1,000+' when a search's count reached the cap. */
export function countLabel(count: number, capped: boolean): string {
  return `${count.toLocaleString("en-US")}${capped ? "+" : ""}`;
}

/** How long a search may be (longer input is cut, never refused: it comes from a URL). */
export const SEARCH_MAX = 100;

/* ------------------------------------------------------------------------------------------ */
/* List state from the URL                                                                     */
/* ------------------------------------------------------------------------------------------ */

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

function pageOf(value: string | string[] | undefined): number {
  const page = Number.parseInt(one(value), 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

/** A search as typed into the box, trimmed and bounded. */
export function searchOf(value: unknown): string {
  return typeof value === "string" ? value.trim().slice(0, SEARCH_MAX) : "";
}

export const MESSAGE_TABS = ["contacts", "customers"] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];

/** The Messages screen: tab ('Contact Messages' or 'Customer Messages'), search, page, thread. */
export type MessagesQuery = { tab: MessageTab; q: string; page: number; thread: string | null };

export function parseMessagesQuery(params: Params): MessagesQuery {
  const tab = one(params.tab);
  const thread = one(params.thread);
  return {
    tab: tab === "customers" ? "customers" : "contacts",
    q: searchOf(one(params.q)),
    page: pageOf(params.page),
    thread: thread ? thread.slice(0, 64) : null,
  };
}

export const SUBSCRIBER_FILTERS = ["all", "active", "inactive"] as const;
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];

export type SubscribersQuery = { q: string; filter: SubscriberFilter; page: number };

export function subscriberFilterOf(value: unknown): SubscriberFilter {
  return (SUBSCRIBER_FILTERS as readonly unknown[]).includes(value)
    ? (value as SubscriberFilter)
    : "all";
}

export function parseSubscribersQuery(params: Params): SubscribersQuery {
  return {
    q: searchOf(one(params.q)),
    filter: subscriberFilterOf(one(params.filter)),
    page: pageOf(params.page),
  };
}

/** A URL of a list with only the parameters that differ from the defaults. */
export function listHref(
  path: string,
  state: Record<string, string | number | null | undefined>,
  defaults: Record<string, string | number> = { page: 1 },
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value === null || value === undefined || value === "") continue;
    if (defaults[key] !== undefined && String(defaults[key]) === String(value)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/* ------------------------------------------------------------------------------------------ */
/* Contact messages                                                                            */
/* ------------------------------------------------------------------------------------------ */

export type ContactAgeBadge = "New" | "Recent" | "Read";

/** From the message's age in Kampala calendar days: same day New, up to 2 days Recent, else Read. */
export function contactAgeBadge(createdAt: Date | string, now: Date = new Date()): ContactAgeBadge {
  const days = daysBetween(kampalaDay(createdAt), todayIso(now));
  if (days <= 0) return "New";
  if (days <= 2) return "Recent";
  return "Read";
}

export const PREVIEW_LENGTH = 100;

/** The first 100 characters, followed by '...' when there were more. */
export function messagePreview(message: string): string {
  const chars = Array.from(message);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join("")}...` : message;
}

/** 'Reply via Email': subject 'Re: {subject}' and the message quoted, URL-encoded. */
export function replyMailto(contact: {
  email: string;
  subject: string;
  message: string;
  name?: string;
  createdAt?: string;
}): string {
  const quoted = contact.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const intro = contact.name ? `${contact.name} wrote:\n` : "";
  const body = `\n\n${intro}${quoted}`;
  return `mailto:${encodeURIComponent(contact.email)}?subject=${encodeURIComponent(
    `Re: ${contact.subject}`,
  )}&body=${encodeURIComponent(body)}`;
}

/** A 'Call' link, or null when there is no phone number (spaces and dashes dropped). */
export function telHref(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/[^\d+]/g, "");
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

const longDate = new Intl.DateTimeFormat("en-US", {
  timeZone: OPERATOR_TIME_ZONE,
  month: "long",
  day: "2-digit",
  year: "numeric",
});
const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: OPERATOR_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** 'MMMM dd, yyyy at HH:mm' in Kampala (the View Full dialog). */
export function formatReceivedLong(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return `${longDate.format(date)} at ${clock.format(date)}`;
}

/** A LIKE pattern that finds `text` anywhere (its own %, _ and \ taken literally). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
