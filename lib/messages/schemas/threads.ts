import { z } from "zod";

import { LIMITS } from "@/lib/fields";

/**
 * The forms of a conversation between a customer and the operator: the customer's new message and
 * reply (/customer/messages) and the staff's reply (/admin/messages), shared by the client forms
 * and the server actions. None has an email, user id or is_from_admin field: the author, the
 * customer's email and is_from_admin come from the session and the thread, never from the request.
 */

const threadIdField = z.uuid("This conversation could not be found.");

/** A thread to mark read: the customer's own, or any for staff. */
export const threadSchema = z.object({ threadId: threadIdField });

/* ------------------------------------------------------------------------------------------ */
/* The customer's messages                                                                     */
/* ------------------------------------------------------------------------------------------ */

export const MISSING_MESSAGE = {
  title: "Missing Information",
  message: "Please provide both subject and message.",
} as const;

const notBlank = (max: number, label: string) =>
  z
    .string({ error: MISSING_MESSAGE.message })
    .trim()
    .min(1, MISSING_MESSAGE.message)
    .max(max, `${label} must be at most ${max} characters`);

export const newMessageSchema = z.object({
  subject: notBlank(LIMITS.subject, "Subject"),
  message: notBlank(LIMITS.message, "Message"),
});
export type NewMessageFormValues = z.input<typeof newMessageSchema>;

export const replySchema = z.object({
  threadId: threadIdField,
  message: z
    .string({ error: "Please write a message." })
    .trim()
    .min(1, "Please write a message.")
    .max(LIMITS.message, `Message must be at most ${LIMITS.message} characters`),
});
export type ReplyFormValues = z.input<typeof replySchema>;

/* ------------------------------------------------------------------------------------------ */
/* The staff's replies                                                                         */
/* ------------------------------------------------------------------------------------------ */

export const BLANK_REPLY = "Please write a reply.";

export const staffReplySchema = z.object({
  threadId: threadIdField,
  message: z
    .string({ error: BLANK_REPLY })
    .trim()
    .min(1, BLANK_REPLY)
    .max(LIMITS.message, `Reply must be at most ${LIMITS.message} characters`),
});
export type StaffReplyFormValues = z.input<typeof staffReplySchema>;
