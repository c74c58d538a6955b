"use server";

import { customerAction, publicAction, staffAction } from "@/lib/action";
import { MESSAGES_PER_ACCOUNT } from "@/lib/accounts/customer-limits";
import { STAFF_REPLY_LIMITS } from "@/lib/messages/list-query";
import { createContact } from "@/lib/messages/data/contact";
import {
  markMyThreadRead,
  replyInMyThread,
  sendMyMessage,
} from "@/lib/messages/data/customer-threads";
import { markThreadReadForStaff, replyToThreadAsStaff } from "@/lib/messages/data/staff-inbox";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { HONEYPOT_FIELD } from "@/lib/fields";
import { contactSchema } from "@/lib/messages/schemas/contact";
import {
  MISSING_MESSAGE,
  newMessageSchema,
  replySchema,
  staffReplySchema,
  threadSchema,
} from "@/lib/messages/schemas/threads";

/**
 * Messages: the public contact form (/contact), a customer's conversations with the operator
 * (/customer/messages) and the staff's replies to them (/admin/messages, docs/decisions/0007).
 * A customer's or a member of staff's action resolves its caller (a visitor is sent to
 * /customer/auth or /admin/login) and the data function checks again next to the data; the
 * author, the customer's email and is_from_admin of what it writes come from the session and the
 * thread, never from the request.
 */

/* ------------------------------------------------------------------------------------------ */
/* The contact form                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** The contact form (/contact). */
export const sendContactMessageAction = publicAction(
  contactSchema,
  async (data) => {
    await createContact(data);
    deliverAfterResponse();
  },
  {
    name: "sendContactMessageAction",
    success: {
      title: "Message Sent!",
      message: "Thank you for contacting us. We'll get back to you within 24 hours.",
    },
    rateLimit: [{ scope: "contact", keys: (data, { ip }) => [ip, data.email] }],
    failure: { title: "Error", message: "Failed to send message. Please try again." },
    honeypot: HONEYPOT_FIELD,
  },
);

/* ------------------------------------------------------------------------------------------ */
/* A customer's conversations                                                                  */
/* ------------------------------------------------------------------------------------------ */

type Customer = { customer: { userId: string } };

/** Messages and replies share one budget per account: both reach the operator's inbox. */
const MESSAGE_LIMITS = [
  {
    scope: "customer-message:account",
    keys: (_: unknown, { customer }: Customer) => [customer.userId],
    limits: MESSAGES_PER_ACCOUNT,
  },
];

const SENT = { title: "Message Sent", message: "Your message has been sent to our support team" };
const SEND_FAILED = {
  title: "Send Failed",
  message: "Failed to send your message. Please try again.",
};
const THREAD_NOT_FOUND = { title: "Send Failed", message: "This conversation could not be found." };

/** New Message dialog. Blank subject or message: 'Missing Information'. */
export const sendMessageAction = customerAction(
  newMessageSchema,
  async (data) => {
    await sendMyMessage(data);
    deliverAfterResponse();
  },
  {
    name: "sendMessage",
    rateLimit: MESSAGE_LIMITS,
    success: SENT,
    failure: SEND_FAILED,
    invalid: (fieldErrors) =>
      [...(fieldErrors.subject ?? []), ...(fieldErrors.message ?? [])].includes(
        MISSING_MESSAGE.message,
      )
        ? MISSING_MESSAGE
        : undefined,
    revalidate: ["/customer/messages"],
  },
);

/** A reply in a thread of the View Thread dialog. */
export const replyToThreadAction = customerAction(
  replySchema,
  async (data) => {
    if (!(await replyInMyThread(data))) throw new DomainError("not_found");
    deliverAfterResponse();
  },
  {
    name: "replyToThread",
    rateLimit: MESSAGE_LIMITS,
    success: SENT,
    failure: SEND_FAILED,
    errors: { not_found: THREAD_NOT_FOUND },
    revalidate: ["/customer/messages"],
  },
);

/** Opening a thread marks its support replies read. */
export const markThreadReadAction = customerAction(
  threadSchema,
  async ({ threadId }) => {
    if (!(await markMyThreadRead(threadId))) throw new DomainError("not_found");
    return { title: "Read", message: "" };
  },
  {
    name: "markThreadRead",
    failure: { title: "Error", message: "Please try again." },
    errors: { not_found: { title: "Error", message: "This conversation could not be found." } },
    revalidate: [["/customer", "layout"]],
  },
);

/* ------------------------------------------------------------------------------------------ */
/* The staff's replies                                                                         */
/* ------------------------------------------------------------------------------------------ */

const ADMIN_LAYOUT = [["/admin", "layout"]] as const;

type ReplyCaller = { staff: { userId: string } };

/**
 * Each reply queues an email: limited per thread (whoever answers) and per member of staff. A
 * refused reply answers 'Too Many Requests' and stores and sends nothing.
 */
const REPLY_RATE_LIMIT = [
  {
    scope: "staff-reply:thread",
    keys: ({ threadId }: { threadId: string }) => [threadId],
    limits: STAFF_REPLY_LIMITS.perThread,
  },
  {
    scope: "staff-reply:staff",
    keys: (_: unknown, { staff }: ReplyCaller) => [staff.userId],
    limits: STAFF_REPLY_LIMITS.perStaff,
  },
];

/** A reply in a customer thread: stored, thread marked read, the customer emailed. */
export const replyToCustomerThreadAction = staffAction(
  staffReplySchema,
  async (data) => {
    if (!(await replyToThreadAsStaff(data))) throw new DomainError("not_found");
    deliverAfterResponse();
  },
  {
    name: "replyToCustomerThread",
    rateLimit: REPLY_RATE_LIMIT,
    success: { title: "Reply Sent", message: "The customer has been emailed your reply." },
    failure: { title: "Send Failed", message: "Failed to send your reply. Please try again." },
    errors: { not_found: THREAD_NOT_FOUND },
    revalidate: ADMIN_LAYOUT,
  },
);

/** 'Mark as Read': the customer's messages in a thread, without replying. */
export const markCustomerThreadReadAction = staffAction(
  threadSchema,
  async ({ threadId }) => {
    if (!(await markThreadReadForStaff(threadId))) throw new DomainError("not_found");
  },
  {
    name: "markCustomerThreadRead",
    success: { title: "Marked as Read", message: "The conversation is marked as read." },
    failure: { title: "Error", message: "Please try again." },
    errors: { not_found: { title: "Error", message: "This conversation could not be found." } },
    revalidate: ADMIN_LAYOUT,
  },
);
