import { z } from "zod";

import { PROPOSAL_LINE_KINDS, RESIDENCIES } from "@/lib/domain";
import {
  emailField,
  isIsoDate,
  LIMITS,
  optionalPhone,
  optionalText,
  requiredText,
} from "@/lib/fields";
import { dollarsToCents } from "@/lib/library/schemas";

/**
 * A tailor-made proposal as staff type it on /admin/proposals (shared by the builder's forms and
 * the actions): the lead traveller, a version's party, dates and words, its days and lines, and
 * the sell prices they may set over the suggested ones. Money is typed in dollars ('1,250',
 * '185.50') and stored in US cents.
 */

const MAX_PRICE_MINOR = 100_000_000; // US$1,000,000: far above any safari

const idOf = (what: string) => z.uuid({ error: `This ${what} no longer exists.` });

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isIsoDate, `${label} must be a date`);

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isIsoDate(v), `${label} must be a date`);

const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const cleanDollars = (text: string) =>
  text
    .trim()
    .replace(/^(US\$|\$)\s*/i, "")
    .replace(/,/g, "");

/** A sell price as typed ('$2,450', '185.50', '0') to US cents; null when it does not read. */
export function priceToMinor(text: string): number | null {
  const clean = cleanDollars(text);
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, cents = ""] = clean.split(".");
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  return minor <= MAX_PRICE_MINOR ? minor : null;
}

const money = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => priceToMinor(v) !== null, "Enter dollars, e.g. 2,450 or 185.50")
    .transform((v) => priceToMinor(v)!);

/** A list typed one item a line (inclusions, exclusions): blank lines dropped. */
const lines = (label: string) =>
  z
    .string()
    .nullish()
    .transform((v) =>
      (v ?? "")
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .refine((items) => items.length <= 40, `${label}: at most 40 lines`)
    .refine(
      (items) => items.every((l) => l.length <= 200),
      `${label}: each line at most 200 characters`,
    )
    .refine(
      (items) => items.every((l) => !/<[a-z!/?]/i.test(l)),
      `${label} cannot contain HTML tags`,
    );

const partyFields = {
  adults: count("Adults", 1, 50),
  children: count("Children", 0, 50),
  singleRooms: count("Single rooms", 0, 50),
  residency: z.enum(RESIDENCIES, { error: "Choose a residency category" }),
};

const singleRoomsWithinAdults = <T extends { adults: number; singleRooms: number }>(
  v: T,
  ctx: z.core.$RefinementCtx<T>,
) => {
  if (v.singleRooms > v.adults)
    ctx.addIssue({
      code: "custom",
      path: ["singleRooms"],
      message: "Single rooms cannot be more than the adults",
    });
};

/* A new proposal --------------------------------------------------------------------------- */

export const createProposalSchema = z
  .object({
    /** The booking request it starts from, or none. */
    bookingId: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || z.uuid().safeParse(v).success, "This request no longer exists."),
    leadName: requiredText("Lead traveller", LIMITS.name),
    email: emailField,
    phone: optionalPhone(),
    title: requiredText("Title", 120),
    startDate: dateField("Start date"),
    ...partyFields,
  })
  .superRefine(singleRoomsWithinAdults);
export type CreateProposalInput = z.output<typeof createProposalSchema>;

/* A draft's settings ----------------------------------------------------------------------- */

export const versionSettingsSchema = z
  .object({
    versionId: idOf("version"),
    title: requiredText("Title", 120),
    summary: optionalText("Summary", 2000, { multiline: true }),
    startDate: dateField("Start date"),
    ...partyFields,
    markupPercent: count("Markup", 0, 200),
    depositPercent: count("Deposit", 1, 100),
    optionDate: dateField("Option date"),
    inclusions: lines("Inclusions"),
    exclusions: lines("Exclusions"),
  })
  .superRefine(singleRoomsWithinAdults);
export type VersionSettingsInput = z.output<typeof versionSettingsSchema>;

/** The sell prices staff set over the suggested ones; `suggested` puts the suggestion back. */
export const versionPricesSchema = z.discriminatedUnion("use", [
  z.object({ versionId: idOf("version"), use: z.literal("suggested") }),
  z.object({
    versionId: idOf("version"),
    use: z.literal("set"),
    pricePerAdult: money("Price per adult"),
    pricePerChild: money("Price per child"),
    singleSupplement: money("Single supplement"),
  }),
]);
export type VersionPricesInput = z.output<typeof versionPricesSchema>;

/* Days ------------------------------------------------------------------------------------- */

export const proposalDaySchema = z.object({
  versionId: idOf("version"),
  /** Blank: a new day after the last. */
  dayId: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null),
  title: requiredText("Title", 120),
  place: requiredText("Place", 80),
  notes: optionalText("Notes", 2000, { multiline: true }),
});
export type ProposalDayInput = z.output<typeof proposalDaySchema>;

export const removeDaySchema = z.object({ versionId: idOf("version"), dayId: idOf("day") });
export type RemoveDayInput = z.output<typeof removeDaySchema>;

/* Lines ------------------------------------------------------------------------------------ */

/**
 * A line of a day: from the library (a room for a stay, an activity, a vehicle or transfer: its
 * row id, priced from it) or typed by hand (words and a cost each). `quantity` is the nights of a
 * stay, the days of a vehicle, the trips of a transfer, how many of a typed line; an activity is
 * for the whole party.
 */
export const proposalLineSchema = z
  .object({
    versionId: idOf("version"),
    lineId: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null),
    day: count("Day", 1, 60),
    kind: z.enum(PROPOSAL_LINE_KINDS, { error: "Choose what the line is" }),
    source: z.enum(["library", "typed"], { error: "Choose the library or a typed line" }),
    /** The library row: a room, an activity or a vehicle, by kind. */
    itemId: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null),
    description: optionalText("Description", 200),
    quantity: count("Quantity", 1, 1000),
    unitCost: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null),
    holdReleaseOn: optionalDate("Hold release date"),
  })
  .superRefine((v, ctx) => {
    if (v.source === "library") {
      if (v.kind === "other")
        ctx.addIssue({ code: "custom", path: ["source"], message: "Type a line of this kind" });
      else if (!v.itemId || !z.uuid().safeParse(v.itemId).success)
        ctx.addIssue({ code: "custom", path: ["itemId"], message: "Choose from the library" });
    } else {
      if (!v.description)
        ctx.addIssue({ code: "custom", path: ["description"], message: "Description is required" });
      if (!v.unitCost || dollarsToCents(v.unitCost) === null)
        ctx.addIssue({
          code: "custom",
          path: ["unitCost"],
          message: "Enter the cost in dollars, e.g. 250 or 185.50",
        });
    }
    if (v.holdReleaseOn && v.kind !== "stay")
      ctx.addIssue({
        code: "custom",
        path: ["holdReleaseOn"],
        message: "Only a stay has a lodge hold",
      });
  })
  .transform(({ unitCost, ...v }) => ({
    ...v,
    unitCostMinor: unitCost ? dollarsToCents(unitCost) : null,
  }));
export type ProposalLineInput = z.output<typeof proposalLineSchema>;

export const removeLineSchema = z.object({ versionId: idOf("version"), lineId: idOf("line") });
export type RemoveLineInput = z.output<typeof removeLineSchema>;

/* Versions --------------------------------------------------------------------------------- */

export const versionIdSchema = z.object({ versionId: idOf("version") });
export type VersionIdInput = z.output<typeof versionIdSchema>;
