import { z } from "zod";

import { AGE_BANDS, PARK_FEES, PERMIT_LOT_STATES, RESIDENCIES } from "@/lib/domain";
import { isIsoDate, optionalText } from "@/lib/fields";

/**
 * A tariff row as admins type it on the Tariffs screen (/admin/tariffs), shared by the form and
 * the actions: the fee, its park (blank: every park), the category and age band, the amount in its
 * currency (dollars and cents, or whole shillings), the dates it is in force, and whether it is
 * carried on past its published end.
 */

const MAX_USD_MINOR = 10_000_000; // US$100,000: far above any park fee
const MAX_UGX = 100_000_000;

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isIsoDate, `${label} must be a date`);

const switchValue = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

/** The amount as typed, in the row's currency, to minor units; null when it does not read. */
export function feeToMinor(text: string, currency: "USD" | "UGX"): number | null {
  const clean = text
    .trim()
    .replace(/^(US\$|\$|UGX\s*)/i, "")
    .replace(/,/g, "");
  if (currency === "UGX") {
    if (!/^\d{1,9}$/.test(clean)) return null;
    const shillings = Number(clean);
    return shillings > 0 && shillings <= MAX_UGX ? shillings : null;
  }
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, cents = ""] = clean.split(".");
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  return minor > 0 && minor <= MAX_USD_MINOR ? minor : null;
}

export const tariffSchema = z
  .object({
    fee: z.enum(PARK_FEES, { error: "Choose a fee" }),
    park: optionalText("Park", 80),
    residency: z.enum(RESIDENCIES, { error: "Choose a residency category" }),
    ageBand: z.enum(AGE_BANDS, { error: "Choose an age band" }),
    currency: z.enum(["USD", "UGX"], { error: "Choose a currency" }),
    amount: z.string({ error: "Amount is required" }).trim().min(1, "Amount is required"),
    effectiveFrom: dateField("Effective from"),
    effectiveTo: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isIsoDate(v), "Effective to must be a date"),
    carriedOver: switchValue,
    note: optionalText("Note", 300),
  })
  .superRefine((v, ctx) => {
    if (feeToMinor(v.amount, v.currency) === null)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message:
          v.currency === "UGX"
            ? "Enter whole shillings, e.g. 300,000"
            : "Enter an amount in dollars, e.g. 800 or 800.50",
      });
    if (v.effectiveTo && v.effectiveTo < v.effectiveFrom)
      ctx.addIssue({
        code: "custom",
        path: ["effectiveTo"],
        message: "Effective to cannot be before effective from",
      });
  })
  .transform(({ amount, ...v }) => ({ ...v, amountMinor: feeToMinor(amount, v.currency)! }));

export type TariffInput = z.output<typeof tariffSchema>;

export const updateTariffSchema = z
  .object({ id: z.uuid({ error: "This tariff no longer exists." }) })
  .and(tariffSchema);

export type UpdateTariffInput = z.output<typeof updateTariffSchema>;

/** A whole number typed in a form (a string) or sent as a number. */
const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isIsoDate(v), `${label} must be a date`);

/**
 * A lot of permits staff record (/admin/permits): the park (and sector), the trek day, how many,
 * UWA's reference, the face value per permit in its currency, its state and, while blocked, until
 * when UWA holds it.
 */
export const permitLotSchema = z
  .object({
    park: z.string({ error: "Park is required" }).trim().min(1, "Park is required").max(80),
    sector: optionalText("Sector", 80),
    trekDate: dateField("Trek day"),
    quantity: wholeNumber("Permits", 1, 500),
    uwaReference: optionalText("UWA reference", 80),
    currency: z.enum(["USD", "UGX"], { error: "Choose a currency" }),
    faceValue: z.string().trim().optional(),
    state: z.enum(PERMIT_LOT_STATES, { error: "Choose a state" }),
    blockedUntil: optionalDate("Blocked until"),
    note: optionalText("Note", 300),
  })
  .superRefine((v, ctx) => {
    if (v.faceValue && feeToMinor(v.faceValue, v.currency) === null)
      ctx.addIssue({
        code: "custom",
        path: ["faceValue"],
        message: "Enter the face value per permit",
      });
    if (v.state === "blocked" && !v.blockedUntil)
      ctx.addIssue({
        code: "custom",
        path: ["blockedUntil"],
        message: "Say until when UWA holds the block",
      });
  })
  .transform(({ faceValue, ...v }) => ({
    ...v,
    faceValueMinor: faceValue ? feeToMinor(faceValue, v.currency) : null,
  }));

export type PermitLotInput = z.output<typeof permitLotSchema>;

/** A lot's state changed (a block paid, cancelled, moved), and until when a block holds. */
export const permitLotStateSchema = z
  .object({
    id: z.uuid({ error: "This lot no longer exists." }),
    state: z.enum(PERMIT_LOT_STATES, { error: "Choose a state" }),
    blockedUntil: optionalDate("Blocked until"),
  })
  .refine((v) => v.state !== "blocked" || v.blockedUntil !== null, {
    path: ["blockedUntil"],
    message: "Say until when UWA holds the block",
  });

export type PermitLotStateInput = z.output<typeof permitLotStateSchema>;

/** The permit a tour's trekkers need (none: the fee is blank), its park and the trip's trek day. */
export const tourPermitSchema = z
  .object({
    tourId: z.uuid({ error: "This tour no longer exists." }),
    permitFee: z
      .union([z.enum(PARK_FEES), z.literal("")])
      .optional()
      .transform((v) => v || null),
    permitPark: optionalText("Park", 80),
    trekDay: wholeNumber("Trek day", 1, 60),
  })
  .refine((v) => (v.permitFee === null) === (v.permitPark === null), {
    path: ["permitPark"],
    message: "A permit needs its park, and a park its permit",
  });

export type TourPermitInput = z.output<typeof tourPermitSchema>;

/** Permits of one lot allocated to the trekkers of a booking still without one (staff). */
export const allocatePermitsSchema = z.object({
  bookingId: z.uuid({ error: "This booking no longer exists." }),
  lotId: z.uuid({ error: "Choose a lot" }),
});

export type AllocatePermitsInput = z.output<typeof allocatePermitsSchema>;

/** UWA's number of an allocated permit, as staff type it (blank: not issued yet). */
export const permitNumberSchema = z.object({
  allocationId: z.uuid({ error: "This permit is no longer allocated." }),
  permitNumber: optionalText("Permit number", 40),
});

export type PermitNumberInput = z.output<typeof permitNumberSchema>;
