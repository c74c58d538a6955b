import "server-only";
import { type MessageView } from "@/lib/messages/threads";

import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { customerMessages } from "@/db/schema";
import { type Customer, requireCustomer } from "@/lib/session";
import { queueEmail } from "@/lib/email";
import { normalizeEmail } from "@/lib/email-address";
import { customerMessageStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/ids";

/**
 * The customer's side of the support threads. Scoped like bookings (docs/decisions/0004): messages
 * linked to the account or sent to/from their verified email. The customer only ever writes
 * messages with is_from_admin false, their own user id and email, whatever the client sends.
 */

/** A customer's list is capped: threads are few; this only bounds a pathological account. */
const MAX_MESSAGES = 500;

export function ownMessages(customer: Customer): SQL {
  const linked = eq(customerMessages.userId, customer.userId);
  if (!customer.emailVerified) return linked;
  return or(
    linked,
    sql`lower(${customerMessages.customerEmail}) = ${normalizeEmail(customer.email)}`,
  )!;
}

const messageColumns = {
  id: customerMessages.id,
  threadId: customerMessages.threadId,
  subject: customerMessages.subject,
  message: customerMessages.message,
  isFromAdmin: customerMessages.isFromAdmin,
  isRead: customerMessages.isRead,
  createdAt: customerMessages.createdAt,
};

function toView(row: { createdAt: Date } & Omit<MessageView, "createdAt">): MessageView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The customer's messages, newest first. */
export async function listMyMessages(): Promise<MessageView[]> {
  const me = await requireCustomer();
  const db = await getDb();
  const rows = await db
    .select(messageColumns)
    .from(customerMessages)
    .where(ownMessages(me))
    .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
    .limit(MAX_MESSAGES);
  return rows.map(toView);
}

/** One of the customer's threads, oldest first, or null (unknown or someone else's). */
export async function getMyThread(threadId: string): Promise<MessageView[] | null> {
  const me = await requireCustomer();
  if (!isUuid(threadId)) return null;
  const db = await getDb();
  const rows = await db
    .select(messageColumns)
    .from(customerMessages)
    .where(and(eq(customerMessages.threadId, threadId), ownMessages(me)))
    .orderBy(asc(customerMessages.createdAt), asc(customerMessages.id));
  return rows.length ? rows.map(toView) : null;
}

/** The staff's notice of a customer's message. */
function staffNotice(me: Customer, subject: string, message: string) {
  return { ...customerMessageStaff(me, subject, message), to: env.OPERATOR_EMAIL };
}

/** Starts a new thread with the support team. */
export async function sendMyMessage(input: {
  subject: string;
  message: string;
}): Promise<{ threadId: string }> {
  const me = await requireCustomer();
  const db = await getDb();
  const threadId = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(customerMessages).values({
      threadId,
      userId: me.userId,
      customerEmail: me.email,
      subject: input.subject,
      message: input.message,
      isFromAdmin: false,
      isRead: false,
    });
    await queueEmail(staffNotice(me, input.subject, input.message), tx);
  });
  return { threadId };
}

/** A reply in a thread, by the customer or by staff. */
export type ThreadReply = { threadId: string; message: string };

/** A reply in one of the customer's threads; null when the thread is not theirs. */
export async function replyInMyThread(input: ThreadReply): Promise<{ id: string } | null> {
  const me = await requireCustomer();
  if (!isUuid(input.threadId)) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [first] = await tx
      .select({ subject: customerMessages.subject })
      .from(customerMessages)
      .where(and(eq(customerMessages.threadId, input.threadId), ownMessages(me)))
      .orderBy(asc(customerMessages.createdAt))
      .limit(1);
    if (!first) return null;
    const [row] = await tx
      .insert(customerMessages)
      .values({
        threadId: input.threadId,
        userId: me.userId,
        customerEmail: me.email,
        subject: first.subject,
        message: input.message,
        isFromAdmin: false,
        isRead: false,
      })
      .returning({ id: customerMessages.id });
    await queueEmail(staffNotice(me, first.subject, input.message), tx);
    return row ?? null;
  });
}

/** Marks the support replies of one of the customer's threads read; false when not theirs. */
export async function markMyThreadRead(threadId: string): Promise<boolean> {
  const me = await requireCustomer();
  if (!isUuid(threadId)) return false;
  const db = await getDb();
  const [own] = await db
    .select({ id: customerMessages.id })
    .from(customerMessages)
    .where(and(eq(customerMessages.threadId, threadId), ownMessages(me)))
    .limit(1);
  if (!own) return false;
  await db
    .update(customerMessages)
    .set({ isRead: true })
    .where(
      and(
        eq(customerMessages.threadId, threadId),
        eq(customerMessages.isFromAdmin, true),
        eq(customerMessages.isRead, false),
        ownMessages(me),
      ),
    );
  return true;
}

/** Support replies the customer has not read yet (the Messages badge). */
export async function countMyUnreadReplies(): Promise<number> {
  const me = await requireCustomer();
  const db = await getDb();
  const [row] = await db
    .select({ value: count() })
    .from(customerMessages)
    .where(
      and(
        ownMessages(me),
        eq(customerMessages.isFromAdmin, true),
        eq(customerMessages.isRead, false),
      ),
    );
  return row?.value ?? 0;
}
