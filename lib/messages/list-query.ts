/**
 * Pure rules of the staff's messages (the contact messages and the customer threads of
 * /admin/messages), unit-tested in tests/unit/admin-messages.test.ts. Dates are calendar days and
 * clock times in Kampala, whatever the server's or the browser's time zone.
 */
import { daysBetween, kampalaDay, todayInKampala } from "@/lib/dates";
import {
  choiceParam,
  pageParam,
  parseListQuery,
  type RawParams,
  searchParam,
} from "@/lib/list-query";

export const CONTACTS_PAGE_SIZE = 10;
export const THREADS_PAGE_SIZE = 10;

/**
 * Rate limits of staff replies (each emails the customer): a thread takes a handful a minute from
 * all of staff together, so a burst (a double-clicked button, a script with a staff session)
 * cannot flood one inbox; each member of staff has a larger budget across every thread.
 */
export const STAFF_REPLY_LIMITS = {
  perThread: { perMinute: 5, perHour: 30 },
  perStaff: { perMinute: 20, perHour: 200 },
} as const;

/* ------------------------------------------------------------------------------------------ */
/* List state from the URL                                                                     */
/* ------------------------------------------------------------------------------------------ */

export const MESSAGE_TABS = ["contacts", "customers"] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];

/** The Messages screen: tab ('Contact Messages' or 'Customer Messages'), search, page, thread. */
export type MessagesQuery = { tab: MessageTab; q: string; page: number; thread: string | null };

const messagesQuery = {
  tab: choiceParam(MESSAGE_TABS, "contacts"),
  q: searchParam(),
  page: pageParam,
  // Any thread id is looked up, so an unknown or malformed one is a 404, not a silent list.
  thread: searchParam(64).transform((s) => s || null),
};

export function parseMessagesQuery(params: RawParams): MessagesQuery {
  return parseListQuery(messagesQuery, params);
}

/* ------------------------------------------------------------------------------------------ */
/* Contact messages                                                                            */
/* ------------------------------------------------------------------------------------------ */

export type ContactAgeBadge = "New" | "Recent" | "Read";

/** From the message's age in Kampala calendar days: same day New, up to 2 days Recent, else Read. */
export function contactAgeBadge(createdAt: Date | string, now: Date = new Date()): ContactAgeBadge {
  const days = daysBetween(kampalaDay(createdAt), todayInKampala(now));
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
