import { z } from "zod";

import { normalizeEmail } from "@/lib/email-address";

import { currentPasswordField } from "./sign-in";
import { emailField, optionalPhone, optionalText, requiredText } from "@/lib/fields";

/** Staff forms (admin login, second factor, guides), shared by the client forms and the actions. */

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

/** A switch's value (a boolean in the browser, 'true'/'on' in a posted form). */
const switchValue = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

/** Languages typed comma-separated: trimmed, empty ones dropped, each once. */
const languagesField = z
  .string({ error: "Languages must be text" })
  .max(300, "Languages must be at most 300 characters")
  .optional()
  .transform((v) => {
    const seen = new Set<string>();
    return (v ?? "")
      .split(",")
      .map((l) => l.trim())
      .filter((l) => l && !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()));
  })
  .pipe(
    z
      .array(
        z
          .string()
          .max(40, "Each language must be at most 40 characters")
          .refine(
            (l) => !/[<>\u0000-\u001f]/.test(l),
            "Languages contain characters that are not allowed",
          ),
      )
      .max(12, "List at most 12 languages"),
  );

/** An email or nothing: checked like every other email field when one is typed. */
const optionalEmail = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(254, "Email must be at most 254 characters")
  .refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid email address")
  .optional()
  .nullable()
  .transform((v) => (v ? normalizeEmail(v) : null));

/** A guide: full name required, email format, phone optional, languages comma-separated. */
export const guideSchema = z.object({
  fullName: requiredText("Full name", 100),
  email: optionalEmail,
  phoneNumber: optionalPhone(),
  specialty: optionalText("Specialty", 80),
  languages: languagesField,
  isAvailable: switchValue,
});
export type GuideData = z.output<typeof guideSchema>;

export const guideIdSchema = z.object({ id: z.uuid({ error: "Unknown guide" }) });

export const updateGuideSchema = guideSchema.extend(guideIdSchema.shape);
export type UpdateGuideInput = z.input<typeof updateGuideSchema>;

export const guideAvailabilitySchema = guideIdSchema.extend({ isAvailable: switchValue });
