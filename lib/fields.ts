import { z } from "zod";

import { todayInKampala } from "@/lib/dates";
import { normalizeEmail } from "@/lib/email-address";
import { isUuid } from "@/lib/ids";

// No compiled parsers: zod would otherwise probe `new Function` at the first parse in the
// browser, which the Content-Security-Policy (lib/csp.ts: no 'unsafe-eval') blocks and reports
// as a violation. Every form schema imports this module, so this runs before any parse.
z.config({ jitless: true });

/**
 * Field rules shared by the public forms, the customer forms and their server actions (the same
 * schema runs in react-hook-form and in the action). Text is trimmed; empty optional text becomes
 * null, which is what the database stores.
 */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  country: 100,
  subject: 200,
  message: 5000,
  requests: 2000,
} as const;

/**
 * The honeypot field of the public forms: visually hidden and skipped by keyboard and screen
 * readers, so only bots fill it. A request with it filled is answered with the form's normal
 * success message and nothing is saved or sent: the bot learns nothing (the action builder's `honeypot`, lib/action.ts).
 */
export const HONEYPOT_FIELD = "website";


const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f]/;
// Multi-line text keeps tabs and line breaks.
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Something that looks like an HTML tag ('<b', '</', '<!', '<?'); '<3' and 'a < b' are fine. */
const HTML_TAG = /<[a-z!/?]/i;

type TextOptions = { multiline?: boolean };

function textRules(label: string, max: number, { multiline = false }: TextOptions) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be text`,
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !(multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(v), {
      message: `${label} contains characters that are not allowed`,
    })
    .refine((v) => !HTML_TAG.test(v), { message: `${label} cannot contain HTML tags` });
}

/** A required text field: trimmed, not empty, at most `max` characters, no markup. */
export function requiredText(label: string, max: number, options: TextOptions = {}) {
  return textRules(label, max, options).refine((v) => v.length > 0, {
    message: `${label} is required`,
    abort: true,
  });
}

/** An optional text field: trimmed, empty becomes null. */
export function optionalText(label: string, max: number, options: TextOptions = {}) {
  return textRules(label, max, options)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
}

/**
 * The one email rule of every form (public, account and customer): required, at most 254
 * characters, an address; stored and compared in its normal form (trimmed, lowercased).
 */
export const emailField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? "Email is required"
        : "Please enter a valid email address",
  })
  .trim()
  .min(1, "Email is required")
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .pipe(z.email("Please enter a valid email address"))
  .transform(normalizeEmail);

const PHONE = /^\+?[0-9\s().\-/]+$/;

/** Empty (handled by required/optional) or a plausible phone number with at least 6 digits. */
const isPhone = (v: string) => !v || (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6);

/** A required phone number: digits with the usual separators (+, spaces, dashes, brackets). */
export function requiredPhone(label = "Phone number") {
  return requiredText(label, LIMITS.phone).refine(isPhone, {
    message: "Please enter a valid phone number",
  });
}

export function optionalPhone(label = "Phone number") {
  return textRules(label, LIMITS.phone, {})
    .refine(isPhone, { message: "Please enter a valid phone number" })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
}

/* ------------------------------------------------------------------------------------------ */
/* Dates                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written 'yyyy-MM-dd' (so 2027-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1900 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
}

/** 'yyyy-MM-dd' plus whole years (Feb 29 becomes Feb 28). */
function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** How far ahead a trip can be requested. */
export const MAX_YEARS_AHEAD = 5;

/**
 * A travel date: 'yyyy-MM-dd', not before today in Kampala, within MAX_YEARS_AHEAD years.
 * Required dates say `requiredMessage` when empty; optional ones become null.
 */
function travelDateRules(label: string) {
  return z
    .string({ error: `${label} must be a date` })
    .trim()
    .refine((v) => !v || isIsoDate(v), { message: "Please enter a valid date", abort: true })
    .refine((v) => !v || v >= todayInKampala(), { message: `${label} cannot be in the past` })
    .refine((v) => !v || v <= addYears(todayInKampala(), MAX_YEARS_AHEAD), {
      message: `Please choose a date within the next ${MAX_YEARS_AHEAD} years`,
    });
}

export function requiredTravelDate(label: string, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .pipe(travelDateRules(label));
}

export function optionalTravelDate(label: string) {
  return travelDateRules(label)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
}

/**
 * The scheduled departure a booking takes seats on (its id), or none: '' or 'private' is a
 * private trip on the date the form gives.
 */
export const PRIVATE_DATE_VALUE = "private";
export const departureField = z
  .string({ error: "Please choose a date" })
  .trim()
  .optional()
  .refine((v) => !v || v === PRIVATE_DATE_VALUE || isUuid(v), { message: "Please choose a date" })
  .transform((v) => (v && v !== PRIVATE_DATE_VALUE ? v : null));

/* ------------------------------------------------------------------------------------------ */
/* Group size and checkboxes                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * Group size from a select ('1' … 'max-1', and '{max}+' when `plus`) or a number: an integer from
 * 1 to `max` ('9+' is stored as 9).
 */
export function groupSizeField(max: number, { plus = false }: { plus?: boolean } = {}) {
  return z
    .union([z.string(), z.number()], { error: "Please select a group size" })
    .transform((v) => {
      if (typeof v === "number") return v;
      const s = v.trim();
      if (plus && s === `${max}+`) return max;
      return /^\d{1,6}$/.test(s) ? Number(s) : Number.NaN;
    })
    .pipe(
      z
        .number({ error: "Please select a group size" })
        .int("Please select a group size")
        .min(1, "Group size must be at least 1")
        .max(
          max,
          plus ? `For groups over ${max}, choose ${max}+` : `Group size must be at most ${max}`,
        ),
    );
}

/** One of a list's values, or nothing (an empty select): null when nothing is chosen. */
export function optionalChoice<V extends string>(values: readonly V[]) {
  return z
    .enum(["", ...values] as ["", ...V[]], { error: "Please choose one of the listed options" })
    .optional()
    .nullable()
    .transform((v): V | null => (v ? (v as V) : null));
}

/** A required checkbox: only the values a browser sends for a ticked box ('on', or 'true'). */
export function acceptedCheckbox(message: string) {
  return z.enum(["on", "true"], { error: message }).transform(() => true as const);
}

/** An optional checkbox: ticked ('on', 'true') or not ('false', '', absent). */
export const optionalCheckbox = z
  .enum(["on", "true", "false", ""], { error: "Invalid value" })
  .optional()
  .transform((v) => v === "on" || v === "true");
