/**
 * The Departures screen's forms (Add Departures, Edit, Cancel, Close or Reopen): the same schemas
 * check the browser's form and the server action. The form holds what was typed (numbers as
 * text); the parsed output is what the DAL saves. A series longer than MAX_SERIES_DATES is
 * refused here, on its end date, before anything is sent.
 */
import { z } from "zod";

import {
  MAX_SERIES_DATES,
  type Repeat,
  seriesDates,
  WEEKDAYS,
  type WeekdayCode,
} from "@/lib/departures/list-query";
import { todayInKampala } from "@/lib/dates";
import { isUuid } from "@/lib/ids";

import { isIsoDate, optionalText, requiredText } from "@/lib/fields";

export const NOTE_MAX = 1000;
export const REASON_MAX = 500;
/** The 'No guide' choice of the guide select. */
export const NO_GUIDE = "none";

export const REPEAT_OPTIONS: { value: Repeat; label: string }[] = [
  { value: "none", label: "Does not repeat" },
  { value: "weekly", label: "Weekly on chosen weekdays" },
  { value: "weeks", label: "Every few weeks on chosen weekdays" },
];

const departureId = z.string().refine(isUuid, "Unknown departure.");

/** A number typed in a form (text) or sent as a number; blank is null. */
const typed = z
  .union([z.number(), z.string()], { error: "Enter a whole number." })
  .optional()
  .nullable()
  .transform((v) => (v === undefined || v === null || String(v).trim() === "" ? null : Number(v)));

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).refine((n) => Number.isInteger(n) && n >= min && n <= max, message);

const capacity = typed.pipe(whole("Capacity must be between 1 and 500.", 1, 500));
const cutoffDays = typed
  .transform((v) => v ?? 0)
  .pipe(whole("Cutoff must be between 0 and 365 days.", 0, 365));
const minGroup = typed.pipe(whole("Minimum group must be between 1 and 500.", 1, 500).nullable());

/** Per-tier prices as the form lists them: each tier's name and a price, blank for the tour's. */
const prices = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(80),
      price: typed.pipe(
        z
          .number({ error: "Price must be a whole number of dollars." })
          .refine(
            (n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000,
            "Price must be a whole number of dollars.",
          )
          .nullable(),
      ),
    }),
  )
  .max(10)
  .optional()
  .transform((list) => {
    const out: Record<string, number> = {};
    for (const tier of list ?? []) if (tier.price !== null) out[tier.name] = tier.price;
    return out;
  });

const guideId = z
  .string()
  .optional()
  .refine((v) => !v || v === NO_GUIDE || isUuid(v), "Choose a guide or No guide.")
  .transform((v) => (!v || v === NO_GUIDE ? null : v));

const note = optionalText("Note", NOTE_MAX, { multiline: true });

/** What both dialogs set on a departure (Add also its tour and dates). */
const settings = { capacity, prices, cutoffDays, minGroup, guideId, note };

const day = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isIsoDate, `${label} is required.`);

/** A posted form's one checkbox is a string, several an array. */
const weekdays = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.enum(WEEKDAYS, { error: "Choose weekdays from the list." })).max(7),
);

export const addDeparturesSchema = z
  .object({
    tourId: z.string({ error: "Choose a tour." }).refine(isUuid, "Choose a tour."),
    startDate: day("First date").refine(
      (d) => d >= todayInKampala(),
      "The first date must be today or later.",
    ),
    repeat: z.enum(["none", "weekly", "weeks"], { error: "Choose how it repeats." }),
    weekdays,
    intervalWeeks: typed.transform((v) => v ?? 2).pipe(whole("Repeat every 2 to 12 weeks.", 2, 12)),
    until: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null)),
    ...settings,
  })
  .superRefine((v, ctx) => {
    if (v.repeat === "none") return;
    if (!v.until || !isIsoDate(v.until)) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "Choose the end date." });
      return;
    }
    if (v.until < v.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["until"],
        message: "The end date must be on or after the first date.",
      });
      return;
    }
    if (seriesDates(seriesOf(v)).length > MAX_SERIES_DATES) {
      ctx.addIssue({
        code: "custom",
        path: ["until"],
        message: `A series can have at most ${MAX_SERIES_DATES} dates: choose an earlier end date.`,
      });
    }
  });
export type AddDeparturesInput = z.input<typeof addDeparturesSchema>;
export type AddDeparturesData = z.output<typeof addDeparturesSchema>;

/** The series a parsed form asks for. */
export function seriesOf(v: {
  startDate: string;
  repeat: Repeat;
  weekdays: readonly WeekdayCode[];
  intervalWeeks: number;
  until: string | null;
}) {
  return {
    startDate: v.startDate,
    repeat: v.repeat,
    weekdays: v.weekdays,
    intervalWeeks: v.repeat === "weeks" ? v.intervalWeeks : 1,
    until: v.repeat === "none" ? null : v.until,
  };
}

export const updateDepartureSchema = z.object({ id: departureId, ...settings });
export type UpdateDepartureInput = z.input<typeof updateDepartureSchema>;
export type UpdateDepartureData = z.output<typeof updateDepartureSchema>;

/** Close (stop sales) or reopen. */
export const departureSalesSchema = z.object({
  id: departureId,
  open: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((v) => v === true || v === "true"),
});

export const cancelDepartureSchema = z.object({
  id: departureId,
  reason: requiredText("Reason", REASON_MAX, { multiline: true }),
});
export type CancelDepartureInput = z.input<typeof cancelDepartureSchema>;
