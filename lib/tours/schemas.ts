import { z } from "zod";

import {
  TOUR_BOOKING_MODES,
  TOUR_CATEGORIES,
  TOUR_DIFFICULTIES,
  type TourBookingMode,
} from "@/lib/domain";

import { optionalText, requiredText } from "@/lib/fields";

/**
 * The admin tour form, shared by the Add/Edit dialog and its server actions. The form
 * holds what the user typed (text, numbers as text); the parsed output is what the row stores.
 */

export const MAX_ITINERARY_DAYS = 30;
export const MAX_PRICING_TIERS = 10;

const SLUG_FORMAT = "Slug must contain only lowercase letters, numbers, and hyphens";

/** A number typed in a form (text) or sent as a number; empty is `null`. */
function typedNumber() {
  return z
    .union([z.number(), z.string()], { error: "Enter a number" })
    .optional()
    .nullable()
    .transform((v) =>
      v === undefined || v === null || String(v).trim() === "" ? null : Number(v),
    );
}

function wholeNumber(message: string, min: number, max: number) {
  return z
    .number({ error: message })
    .refine((n) => Number.isFinite(n) && Number.isInteger(n), message)
    .refine((n) => n >= min && n <= max, message);
}

/** Items split by `separator`, trimmed, empty ones dropped, each once. */
function listField(label: string, separator: RegExp, maxItems: number, maxLength: number) {
  return z
    .string({ error: `${label} must be text` })
    .max(maxItems * (maxLength + 2), `${label} are too long`)
    .optional()
    .nullable()
    .transform((v) => {
      const seen = new Set<string>();
      return (v ?? "")
        .split(separator)
        .map((item) => item.trim())
        .filter((item) => item && !seen.has(item) && seen.add(item));
    })
    .pipe(
      z
        .array(
          z
            .string()
            .max(maxLength, `Each item must be at most ${maxLength} characters`)
            .refine(
              (s) => !/[<>\u0000-\u001f]/.test(s),
              `${label} contain characters that are not allowed`,
            ),
        )
        .max(maxItems, `List at most ${maxItems} items`),
    );
}

const itineraryDay = z.object({
  day: typedNumber().pipe(wholeNumber("Day must be a positive number", 1, 365)),
  title: requiredText("Day title", 200),
  description: requiredText("Day description", 2000, { multiline: true }),
});

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === "";
const blankDay = (d: unknown) =>
  typeof d === "object" &&
  d !== null &&
  blank((d as { title?: unknown }).title) &&
  blank((d as { description?: unknown }).description);

const pricingTier = z.object({
  name: z
    .string({ error: "Package name required" })
    .trim()
    .min(1, "Package name required")
    .max(80, "Package name must be at most 80 characters")
    .refine(
      (v) => !/[<>\u0000-\u001f]/.test(v),
      "Package name contains characters that are not allowed",
    ),
  // Whole US dollars: the catalogue has no cents.
  price: typedNumber().pipe(
    z
      .number({ error: "Price must be positive" })
      .refine((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000, "Price must be positive"),
  ),
  per: z
    .string({ error: "Per required (e.g., person)" })
    .trim()
    .min(1, "Per required (e.g., person)")
    .max(40, "Per must be at most 40 characters")
    .refine((v) => !/[<>\u0000-\u001f]/.test(v), "Per contains characters that are not allowed"),
  description: optionalText("Description", 500).transform((v) => v ?? undefined),
});

/** A switch's value (a boolean in the browser, 'true'/'on' in a posted form). */
const switchValue = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

/** The tour form's 'How it is sold' choices. */
export const BOOKING_MODE_OPTIONS: { value: TourBookingMode; label: string }[] = [
  { value: "request", label: "Private trips on request" },
  { value: "departures", label: "Scheduled departures" },
  { value: "both", label: "Both" },
];

export const tourSchema = z.object({
  title: requiredText("Title", 200),
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(100, "Slug must be at most 100 characters")
    .regex(/^[a-z0-9-]+$/, SLUG_FORMAT),
  category: z.enum(TOUR_CATEGORIES, { error: "Please choose a category" }),
  location: optionalText("Location", 120),
  meetingPoint: optionalText("Meeting point", 200),
  shortDescription: optionalText("Short description", 300),
  overview: optionalText("Overview", 5000, { multiline: true }),
  durationDays: typedNumber().pipe(
    wholeNumber("Duration must be between 1 and 60 days", 1, 60).nullable(),
  ),
  durationLabel: optionalText("Duration label", 60),
  groupSize: optionalText("Group size", 40),
  difficulty: z.enum(TOUR_DIFFICULTIES, { error: "Choose Easy, Medium or High" }).default("Medium"),
  tags: listField("Tags", /,/, 20, 40),
  highlights: listField("Highlights", /,/, 20, 200),
  inclusions: listField("Inclusions", /\r?\n/, 30, 200),
  exclusions: listField("Exclusions", /\r?\n/, 30, 200),
  // Optional: a day left with no title and no description is dropped, not refused.
  itinerary: z.preprocess(
    (days) => (Array.isArray(days) ? days.filter((d) => !blankDay(d)) : days),
    z
      .array(itineraryDay, { error: "Itinerary must be a list of days" })
      .max(MAX_ITINERARY_DAYS, `At most ${MAX_ITINERARY_DAYS} days`)
      .default([]),
  ),
  pricing: z
    .array(pricingTier, { error: "At least one pricing tier required" })
    .min(1, "At least one pricing tier required")
    .max(MAX_PRICING_TIERS, `At most ${MAX_PRICING_TIERS} pricing tiers`),
  isActive: switchValue,
  /** The tour's place among the home page's featured tours (1 first); empty: not featured. */
  featuredRank: typedNumber().pipe(
    wholeNumber("Featured position must be between 1 and 99", 1, 99).nullable(),
  ),
  /** How it is sold: private trips on request, scheduled departures, or both. */
  bookingMode: z
    .enum(TOUR_BOOKING_MODES, { error: "Choose how the tour is sold" })
    .default("request"),
});
export type TourInput = z.input<typeof tourSchema>;
export type TourData = z.output<typeof tourSchema>;

export const tourIdSchema = z.object({ id: z.uuid({ error: "Unknown tour" }) });

export const updateTourSchema = tourSchema.extend(tourIdSchema.shape);
export type UpdateTourInput = z.input<typeof updateTourSchema>;

export const tourActiveSchema = tourIdSchema.extend({ isActive: switchValue });
