import { z } from "zod";

import { emailField } from "@/lib/fields";

/** The footer newsletter form. */
export const newsletterSchema = z.object({ email: emailField });

export type NewsletterFormValues = z.input<typeof newsletterSchema>;

/** The unsubscribe link's parameters. */
export const unsubscribeParamsSchema = z.object({
  email: emailField,
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Invalid token"),
});
