import { z } from "zod";

import { normalizeEmail } from "@/lib/email-address";
import { optionalPhone, optionalText, requiredText } from "@/lib/fields";

/**
 * Guides (/admin/guides: add, edit, available or not), shared by the client forms and the actions.
 */

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
