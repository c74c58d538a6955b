"use server";

import { staffAction } from "@/lib/action";
import { STAFF_REPLY_LIMITS } from "@/lib/messages/list-query";
import { markThreadReadForStaff, replyToThreadAsStaff } from "@/lib/messages/data/staff-inbox";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { staffReplySchema, staffThreadSchema } from "@/lib/messages/schemas/staff-reply";

/**
 * Admin Messages actions: staff answer customers (docs/decisions/0007). staffAction resolves the caller (staff or admin;
 * anyone else is sent to /admin/login) and the DAL checks again next to the data.
 */

const NOT_FOUND = { title: "Send Failed", message: "This conversation could not be found." };
const REVALIDATE = [["/admin", "layout"]] as const;

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
    errors: { not_found: NOT_FOUND },
    revalidate: REVALIDATE,
  },
);

/** 'Mark as Read': the customer's messages in a thread, without replying. */
export const markCustomerThreadReadAction = staffAction(
  staffThreadSchema,
  async ({ threadId }) => {
    if (!(await markThreadReadForStaff(threadId))) throw new DomainError("not_found");
  },
  {
    name: "markCustomerThreadRead",
    success: { title: "Marked as Read", message: "The conversation is marked as read." },
    failure: { title: "Error", message: "Please try again." },
    errors: { not_found: { title: "Error", message: "This conversation could not be found." } },
    revalidate: REVALIDATE,
  },
);
