/**
 * How an audit event reads on the Activity screen: its details in plain sentences ('Set the
 * booking status from New to Confirmed and changed the payment note.') instead of keys, JSON and
 * ids, and its target named as staff name it ('Booking 5DF585EE') with a link to the thing
 * itself. Pure: lib/audit/data/activity.ts applies it to each row.
 */
import { bookingRef } from "@/lib/bookings/labels";

/** How long a sentence may be on the screen (the event's page keeps every detail). */
export const SENTENCE_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keys whose values are ids or bookkeeping: said without their value, or not at all. */
const UNSAID = new Set(["payment", "paymentId", "bookingId", "departureId", "id", "rateId"]);

/** 'paymentNote' → 'payment note', 'guideId' → 'guide', 'balance_due_on' → 'balance due on'. */
export function fieldWords(key: string): string {
  return key
    .replace(/Id$/, "")
    .replace(/_id$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .trim();
}

/** A stored status or word for people: 'deposit_made' → 'Deposit made', ids left out. */
function valueWords(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    const words = value.map(valueWords).filter((v): v is string => v !== null);
    return words.length ? listWords(words) : null;
  }
  if (typeof value === "object") return null;
  const text = String(value);
  if (UUID.test(text)) return null;
  // A lower-case code ('confirmed', 'deposit_made') reads as a word; names and amounts as typed.
  return /^[a-z]+(_[a-z]+)*$/.test(text)
    ? (text.charAt(0).toUpperCase() + text.slice(1)).replace(/_/g, " ")
    : text;
}

/** 'a', 'a and b', 'a, b and c'. */
function listWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** One detail as a phrase, or null when it says nothing to people (an id, an empty value). */
function phrase(key: string, value: unknown): string[] {
  if (key === "changes" && value && typeof value === "object" && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => phrase(k, v));
  if (key === "changed") {
    const fields = (Array.isArray(value) ? value : [value]).map(String).map(fieldWords);
    return fields.length ? [`changed the ${listWords(fields)}`] : [];
  }
  const field = fieldWords(key);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if ("from" in v || "to" in v) {
      const from = valueWords(v.from);
      const to = valueWords(v.to);
      const how = v.automatic ? " automatically" : "";
      if (from === null && to === null) return [`changed the ${field}${how}`];
      if (from === null) return [`set the ${field} to ${to}${how}`];
      if (to === null) return [`removed the ${field} (was ${from})${how}`];
      return [`set the ${field} from ${from} to ${to}${how}`];
    }
    if (v.changed === true) return [`changed the ${field}`];
    return [];
  }
  if (UNSAID.has(key)) return [];
  // A count reads before its noun: '2 bookings', '412 rows'.
  if (typeof value === "number") return [`${value.toLocaleString("en-US")} ${field}`];
  const words = valueWords(value);
  return words === null ? [] : [`${field}: ${words}`];
}

/**
 * The event's details as one sentence, capitalised and ended with a full stop, cut to
 * SENTENCE_MAX characters; '' when nothing in them reads for people.
 */
export function detailsSentence(details: Record<string, unknown> | null | undefined): string {
  const phrases = Object.entries(details ?? {}).flatMap(([k, v]) => phrase(k, v));
  if (phrases.length === 0) return "";
  const text = listWords(phrases);
  const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  return sentence.length > SENTENCE_MAX
    ? `${sentence.slice(0, SENTENCE_MAX - 1).trimEnd()}…`
    : sentence;
}

/** Where each kind of target opens for staff (null: no screen of its own). */
const TARGET_PAGES: Record<string, (id: string) => string> = {
  booking: (id) => `/admin/bookings?edit=${id}`,
  departure: (id) => `/admin/departures/${id}`,
  tour: () => "/admin/tours",
  guide: () => "/admin/guides",
  message: () => "/admin/messages",
  reseller: (id) => `/admin/resellers/${id}`,
  proposal: (id) => `/admin/proposals/${id}`,
  lodge: () => "/admin/library/lodges",
  lodge_room: () => "/admin/library/lodges",
  activity: () => "/admin/library/activities",
  vehicle: () => "/admin/library/vehicles",
};

/** A target as staff name it ('Booking 5DF585EE', 'Departure', 'Tour') and where it opens. */
export function targetName(
  type: string | null,
  id: string | null,
): { label: string; href: string | null } | null {
  if (!type) return null;
  const name = type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, " ");
  const label =
    type === "booking" && id && UUID.test(id)
      ? `${name} ${bookingRef(id)}`
      : id && !UUID.test(id)
        ? `${name} ${id}`
        : name;
  const page = TARGET_PAGES[type];
  return { label, href: page && id ? page(id) : null };
}
