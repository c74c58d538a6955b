import { z } from "zod";

import { kampalaDayStart } from "@/lib/dates";
import { rateHundredths, UGX_RATE_MAX } from "@/lib/payments/ugx";

/**
 * 'Set rate' on the Payments screen (staff): shillings per US dollar from a Kampala date and
 * time on (empty: from now). Read by the form in the browser and by setUgxRateAction.
 */
export const ugxRateSchema = z.object({
  rate: z
    .string("Enter the shillings one US dollar buys, e.g. 3700.")
    .trim()
    .min(1, "Enter the shillings one US dollar buys, e.g. 3700.")
    .transform((text, ctx) => {
      const hundredths = rateHundredths(text);
      if (!(hundredths > 0) || hundredths > UGX_RATE_MAX * 100) {
        ctx.addIssue({
          code: "custom",
          message: "Enter the shillings one US dollar buys, e.g. 3700 (at most two decimals).",
        });
        return z.NEVER;
      }
      return (hundredths / 100).toFixed(2);
    }),
  /** 'yyyy-MM-ddTHH:mm' in Kampala, as a datetime-local input gives it; empty for now. */
  effectiveFrom: z
    .string()
    .trim()
    .max(30)
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(text);
      const at = match
        ? new Date(
            kampalaDayStart(match[1]!).getTime() +
              (Number(match[2]) * 60 + Number(match[3])) * 60_000,
          )
        : null;
      if (!at || Number.isNaN(at.getTime()) || Number(match![2]) > 23 || Number(match![3]) > 59) {
        ctx.addIssue({
          code: "custom",
          message: "Enter a date and time, or leave it empty for now.",
        });
        return z.NEVER;
      }
      return at;
    }),
});
