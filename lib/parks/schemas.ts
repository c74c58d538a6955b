import { z } from "zod";

import { AGE_BANDS, PARK_FEES, RESIDENCIES } from "@/lib/domain";
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
