import { z } from "zod";

import { SUBSCRIBER_FILTERS } from "@/lib/messages/list-query";
import { choiceParam, searchParam } from "@/lib/list-query";

import { LIMITS } from "@/lib/fields";

/**
 * The admin Messages and Newsletter forms, shared by the client forms and the server actions.
 * The author, the customer's email and is_from_admin of a reply come from the session and the
 * thread, never from the request.
 */

export const BLANK_REPLY = "Please write a reply.";

const threadIdField = z.uuid("This conversation could not be found.");

export const staffReplySchema = z.object({
  threadId: threadIdField,
  message: z
    .string({ error: BLANK_REPLY })
    .trim()
    .min(1, BLANK_REPLY)
    .max(LIMITS.message, `Reply must be at most ${LIMITS.message} characters`),
});
export type StaffReplyFormValues = z.input<typeof staffReplySchema>;

export const staffThreadSchema = z.object({ threadId: threadIdField });

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
  filter: z.enum(["all", "active", "inactive"]).optional().default("all"),
});
