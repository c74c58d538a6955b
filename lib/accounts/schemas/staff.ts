import { z } from "zod";

import { currentPasswordField } from "./sign-in";
import { emailField } from "@/lib/fields";

/**
 * A staff member's sign-in (/admin/login) and second factor (/admin/account), shared by the client
 * forms and the actions.
 */

export const MFA_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
const INVALID_CODE = "Please enter a 6-digit code or a recovery code";

/** A 6-digit TOTP code or a recovery code ('k7m2-q9xd-4hpa'); spaces and dashes are ignored. */
const secondFactorCode = z
  .string({ error: MFA_CODE_MESSAGE })
  .trim()
  .min(1, MFA_CODE_MESSAGE)
  .max(20, INVALID_CODE)
  .refine((v) => /^[0-9a-z\s-]+$/i.test(v), INVALID_CODE);

/** /admin/login: email and password; `code` once the account's second factor is asked for. */
export const adminSignInSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  code: z
    .string({ error: INVALID_CODE })
    .trim()
    .max(20, INVALID_CODE)
    .refine((v) => v === "" || /^[0-9a-z\s-]+$/i.test(v), INVALID_CODE)
    .optional()
    .transform((v) => v || undefined),
});
export type AdminSignInInput = z.input<typeof adminSignInSchema>;

/** Turning TOTP on (the first code from the app) or off (a code or a recovery code). */
export const mfaCodeSchema = z.object({ code: secondFactorCode });
export type MfaCodeInput = z.input<typeof mfaCodeSchema>;
