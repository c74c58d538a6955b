import { z } from "zod";

import { MEAL_PLANS, PARK_FEES, VEHICLE_KINDS } from "@/lib/domain";
import { optionalText, requiredText } from "@/lib/fields";
import { LODGE_PLACES } from "@/lib/library/rules";

/**
 * The library's rows as staff type them on /admin/library (shared by the forms and the actions):
 * costs in dollars and cents as text ('1,250' or '185.50'), stored in US cents; an optional cost
 * left blank is stored as none (a child costs as an adult, no single supplement).
 */

/** US$100,000: far above any night, activity or day of a vehicle. */
const MAX_COST_MINOR = 10_000_000;

/** Dollars as typed ('$1,250', '185.50', '0') to US cents; null when it does not read as a cost. */
export function dollarsToCents(text: string): number | null {
  const clean = text
    .trim()
    .replace(/^(US\$|\$)\s*/i, "")
    .replace(/,/g, "");
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, cents = ""] = clean.split(".");
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  return minor <= MAX_COST_MINOR ? minor : null;
}

const COST_HINT = "Enter dollars, e.g. 250 or 185.50";

/** A cost that must be given: US cents. */
const requiredCost = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .refine((v) => dollarsToCents(v) !== null, COST_HINT)
    .transform((v) => dollarsToCents(v)!);

/** A cost that may be left blank: US cents, or null. */
const optionalCost = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || dollarsToCents(v) !== null, COST_HINT)
  .transform((v) => (v ? dollarsToCents(v)! : null));

/** A switch or checkbox: true, 'true' or 'on' is on; anything else (or nothing) is off. */
const switchValue = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

const idOf = (what: string) => z.uuid({ error: `This ${what} no longer exists.` });

const description = optionalText("Description", 2000, { multiline: true });

/* Lodges --------------------------------------------------------------------------------- */

export const lodgeSchema = z.object({
  name: requiredText("Name", 120),
  park: z.enum(LODGE_PLACES, { error: "Choose a park or town" }),
  description,
});
export type LodgeInput = z.output<typeof lodgeSchema>;

export const updateLodgeSchema = lodgeSchema.extend({ id: idOf("lodge") });
export type UpdateLodgeInput = z.output<typeof updateLodgeSchema>;

/* A lodge's rooms ------------------------------------------------------------------------- */

const roomFields = {
  name: requiredText("Room type", 80),
  mealPlan: z.enum(MEAL_PLANS, { error: "Choose a meal plan" }),
  /** Per person sharing, a night. */
  cost: requiredCost("Cost per person sharing"),
  singleSupplement: optionalCost,
  childCost: optionalCost,
};

const roomOutput = <
  T extends { cost: number; singleSupplement: number | null; childCost: number | null },
>({
  cost,
  singleSupplement,
  childCost,
  ...rest
}: T) => ({
  ...rest,
  costPerNightMinor: cost,
  singleSupplementMinor: singleSupplement,
  childCostPerNightMinor: childCost,
});

export const lodgeRoomSchema = z
  .object({ lodgeId: idOf("lodge"), ...roomFields })
  .transform(roomOutput);
export type LodgeRoomInput = z.output<typeof lodgeRoomSchema>;

/** A room's own fields (it stays with its lodge). */
export const updateLodgeRoomSchema = z
  .object({ id: idOf("room"), ...roomFields })
  .transform(roomOutput);
export type UpdateLodgeRoomInput = z.output<typeof updateLodgeRoomSchema>;

/* Activities ------------------------------------------------------------------------------ */

/**
 * A select's value for 'none' (a list's widget cannot hold an empty value): an activity without a
 * park, or without a park fee.
 */
export const NONE = "none";

/** The fees a permit is bought for: a gorilla or chimpanzee permit, never a day's entry. */
const PERMIT_FEES = new Set<string>([
  "gorilla_tracking",
  "gorilla_habituation",
  "chimpanzee_tracking",
]);

const activityFields = z.object({
  name: requiredText("Name", 120),
  park: z
    .union([z.enum(LODGE_PLACES, { error: "Choose a park or town" }), z.enum(["", NONE])])
    .nullish()
    .transform((v) => (v && v !== NONE ? v : null)),
  description,
  /** Per person, park fees apart. */
  cost: requiredCost("Cost per person"),
  childCost: optionalCost,
  parkFee: z
    .union([z.enum(PARK_FEES, { error: "Choose a park fee" }), z.enum(["", NONE])])
    .nullish()
    .transform((v) => (v && v !== NONE ? v : null)),
  needsPermit: switchValue,
});

type ActivityFields = z.output<typeof activityFields>;

/** A permit comes from a park's lots: it needs the park and the permit's fee. */
function checkPermit(v: ActivityFields, ctx: z.RefinementCtx) {
  if (!v.needsPermit) return;
  if (v.park === null || v.parkFee === null)
    ctx.addIssue({
      code: "custom",
      path: ["needsPermit"],
      message: "A permit needs the activity's park and its park fee",
    });
  else if (!PERMIT_FEES.has(v.parkFee))
    ctx.addIssue({
      code: "custom",
      path: ["parkFee"],
      message: "A permit is a gorilla or chimpanzee permit: choose its fee",
    });
}

const activityOutput = <T extends { cost: number; childCost: number | null }>({
  cost,
  childCost,
  ...rest
}: T) => ({ ...rest, costPerPersonMinor: cost, childCostMinor: childCost });

export const activitySchema = activityFields.superRefine(checkPermit).transform(activityOutput);
export type ActivityInput = z.output<typeof activitySchema>;

export const updateActivitySchema = activityFields
  .extend({ id: idOf("activity") })
  .superRefine(checkPermit)
  .transform(activityOutput);
export type UpdateActivityInput = z.output<typeof updateActivitySchema>;

/* Vehicles -------------------------------------------------------------------------------- */

const vehicleFields = z.object({
  name: requiredText("Name", 120),
  kind: z.enum(VEHICLE_KINDS, { error: "Choose a kind" }),
  seats: z.coerce
    .number({ error: "Seats must be a number" })
    .int("Seats must be a whole number")
    .min(1, "Seats must be at least 1")
    .max(60, "Seats must be at most 60"),
  description,
  /** A day (a vehicle) or a trip (a transfer). */
  cost: requiredCost("Cost"),
});

const vehicleOutput = <T extends { cost: number }>({ cost, ...rest }: T) => ({
  ...rest,
  costMinor: cost,
});

export const vehicleSchema = vehicleFields.transform(vehicleOutput);
export type VehicleInput = z.output<typeof vehicleSchema>;

export const updateVehicleSchema = vehicleFields
  .extend({ id: idOf("vehicle") })
  .transform(vehicleOutput);
export type UpdateVehicleInput = z.output<typeof updateVehicleSchema>;

/* Retiring and bringing back ---------------------------------------------------------------- */

/** A row of any list taken out of the choices (active off) or brought back (on). */
export const libraryActiveSchema = z.object({
  id: z.uuid({ error: "This entry no longer exists." }),
  active: switchValue,
});
export type LibraryActiveInput = z.output<typeof libraryActiveSchema>;
