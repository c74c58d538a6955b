import { z } from "zod";

import { emailField } from "@/lib/fields";
import { choiceParam, searchParam } from "@/lib/list-query";
import { SUBSCRIBER_FILTERS } from "@/lib/newsletter/list-query";

/**
 * The newsletter's forms: the footer's subscribe form, the unsubscribe link, and the staff's
 * subscriber status and export (/admin/newsletter), shared by the forms, the actions and the
 * routes.
 */

/** The footer newsletter form. */
export const newsletterSchema = z.object({ email: emailField });

export type NewsletterFormValues = z.input<typeof newsletterSchema>;

/** The unsubscribe link's parameters. */
export const unsubscribeParamsSchema = z.object({
  email: emailField,
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Invalid token"),
});

/** A subscriber deactivated or reactivated by staff. */
export const subscriberStatusSchema = z.object({
  id: z.uuid("This subscriber could not be found."),
  active: z.enum(["true", "false"]).transform((v) => v === "true"),
});

/** The view an export is made of: the list's search and filter (bad values fall back). */
export const exportViewSchema = z.object({
  q: searchParam(),
  filter: choiceParam(SUBSCRIBER_FILTERS, "all"),
});

/** The export route's query string: checked strictly (a bad value is a 400, not a guess). */
export const exportParamsSchema = z.object({
  q: z
    .string()
    .max(100)
    .optional()
    .default("")
    .transform((v) => v.trim()),
  filter: z.enum(SUBSCRIBER_FILTERS).optional().default("all"),
});
