/**
 * How an account is named and greeted (the customer area's header, dashboard and profile). Pure,
 * unit-tested in tests/unit/customer.test.ts. Dates are shown in Kampala (lib/dates.ts), whatever
 * the server's time zone.
 */
import { OPERATOR_TIME_ZONE } from "@/lib/dates";

type Person = { name?: string | null; email?: string | null };

const trimmed = (value: string | null | undefined) => (value ?? "").trim();
const emailLocalPart = (email: string | null | undefined) =>
  trimmed(email).split("@")[0]?.trim() ?? "";

/** Dashboard greeting: the full name, else the part of the email before the @, else Traveler. */
export function greetingName(person: Person): string {
  return trimmed(person.name) || emailLocalPart(person.email) || "Traveler";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'Welcome' for an account made in the last day (its first visits: nobody is 'back' yet), then
 * 'Welcome back'. Without a creation time, 'Welcome back' as before.
 */
export function welcomeWords(createdAt?: Date | string | null, now: Date = new Date()): string {
  if (!createdAt) return "Welcome back";
  const age = now.getTime() - new Date(createdAt).getTime();
  return age < DAY_MS ? "Welcome" : "Welcome back";
}

/** Customer layout header: 'Welcome back, {full name or Customer}' ('Welcome' on the first day). */
export function layoutGreeting(
  name: string | null | undefined,
  createdAt?: Date | string | null,
  now?: Date,
): string {
  return `${welcomeWords(createdAt, now)}, ${trimmed(name) || "Customer"}`;
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

/** Account ids are shown as their first 16 characters and an ellipsis. */
export function accountIdLabel(id: string): string {
  return `${id.slice(0, 16)}...`;
}
