import "server-only";

import { and, asc, count, countDistinct, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { getDb } from "@/db";
import { contacts, customerMessages, users } from "@/db/schema";
import { CONTACTS_PAGE_SIZE, THREADS_PAGE_SIZE } from "@/lib/messages/list-query";
import { containsPattern, isUuid, type Page, SEARCH_COUNT_CAP, settlePage } from "@/lib/list-query";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import type { ThreadReply } from "@/lib/messages/data/customer-threads";
import { requireStaff } from "@/lib/session";
import { queueEmail } from "@/lib/email";
import { supportReply } from "@/lib/email/templates";

/**
 * The staff's side of the admin Messages screen: the
 * contact form's messages and the customers' support threads. Every function starts with
 * requireStaff() (staff and admins; anyone else is sent to /admin/login). Lists are paged and
 * searched in SQL; the search is ILIKE '%q%' on the expression the trigram index of migration
 * 0002 covers. A reply or a thread marked read is saved with its audit event in one transaction.
 */

/* ------------------------------------------------------------------------------------------ */
/* Contact messages                                                                            */
/* ------------------------------------------------------------------------------------------ */

export type StaffContact = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  subject: string;
  message: string;
  createdAt: string;
};

/** Exactly the indexed expression (contacts_search_trgm_idx, migration 0002). */
const contactSearchText = sql`contacts_search_text(${contacts.name}, ${contacts.email}, ${contacts.subject}, ${contacts.message})`;

function contactSearch(q: string): SQL | undefined {
  return q ? sql`${contactSearchText} ilike ${containsPattern(q)}` : undefined;
}

/** One page (10) of contact messages, newest first, searched on name, email, subject, message. */
export async function listContactsForStaff(query: {
  q: string;
  page: number;
}): Promise<Page<StaffContact>> {
  await requireStaff();
  const db = await getDb();
  const where = contactSearch(query.q);
  const pageRows = (page: number) =>
    db
      .select({
        id: contacts.id,
        name: contacts.name,
        email: contacts.email,
        phone: contacts.phone,
        country: contacts.country,
        subject: contacts.subject,
        message: contacts.message,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(CONTACTS_PAGE_SIZE)
      .offset((page - 1) * CONTACTS_PAGE_SIZE);

  // A search's count stops at the cap (a term in most rows would otherwise read them all).
  const counting = where
    ? db.select({ value: count() }).from(
        db
          .select({ one: sql`1`.as("one") })
          .from(contacts)
          .where(where)
          .limit(SEARCH_COUNT_CAP + 1)
          .as("hits"),
      )
    : db.select({ value: count() }).from(contacts);
  // The count and the asked page together; only a page past the end (an old link) reads again.
  const [[counted], asked] = await Promise.all([counting, pageRows(query.page)]);
  const capped = !!where && (counted?.value ?? 0) > SEARCH_COUNT_CAP;
  const total = capped ? SEARCH_COUNT_CAP : (counted?.value ?? 0);
  const shown = await settlePage(query.page, total, CONTACTS_PAGE_SIZE, asked, pageRows);
  return {
    ...shown,
    items: shown.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    capped,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Customer threads                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** A customer message staff have not read yet. */
const unreadByStaff = and(
  eq(customerMessages.isFromAdmin, false),
  eq(customerMessages.isRead, false),
)!;

export type StaffThreadSummary = {
  threadId: string;
  subject: string;
  customerEmail: string;
  customerName: string | null;
  lastMessage: string;
  lastFromAdmin: boolean;
  lastAt: string;
  messageCount: number;
  /** Customer messages staff have not read. */
  unread: number;
};

const customer = alias(users, "thread_customer");

/**
 * One page (10) of customer threads, grouped by thread_id: threads with messages staff have not
 * read first, then by newest activity.
 */
export async function listThreadsForStaff(query: {
  page: number;
}): Promise<Page<StaffThreadSummary>> {
  await requireStaff();
  const db = await getDb();
  const m = customerMessages;
  const unread = sql<number>`count(*) filter (where ${unreadByStaff})`.mapWith(Number);
  const lastAt = sql<Date>`max(${m.createdAt})`;

  // First the page of threads from narrow aggregates (no text), then, for those 10 only, their
  // first and last messages through the (thread_id, created_at) index.
  const pageRows = (page: number) => {
    const top = db
      .select({
        threadId: m.threadId,
        lastAt: lastAt.as("last_at"),
        messageCount: count().as("message_count"),
        unread: unread.as("unread"),
      })
      .from(m)
      .groupBy(m.threadId)
      .orderBy(desc(sql`${unread} > 0`), desc(lastAt), asc(m.threadId))
      .limit(THREADS_PAGE_SIZE)
      .offset((page - 1) * THREADS_PAGE_SIZE)
      .as("top");
    // A column of the thread's first (asc) or last (desc) message; `named`: the first customer
    // message whose account has a name.
    const one = (column: string, order: "asc" | "desc", named = false) =>
      sql.raw(
        `(select ${column} from customer_messages as cm left join users as u on u.id = cm.user_id ` +
          `where cm.thread_id = "top"."thread_id" ` +
          (named ? "and cm.is_from_admin = false and u.name is not null " : "") +
          `order by cm.created_at ${order}, cm.id ${order} limit 1)`,
      );
    return db
      .select({
        threadId: top.threadId,
        subject: sql<string>`${one("cm.subject", "asc")}`,
        customerEmail: sql<string>`${one("cm.customer_email", "asc")}`,
        customerName: sql<string | null>`${one("u.name", "asc", true)}`,
        lastMessage: sql<string>`${one("cm.message", "desc")}`,
        lastFromAdmin: sql<boolean>`${one("cm.is_from_admin", "desc")}`,
        lastAt: sql`${top.lastAt}`.mapWith(m.createdAt),
        messageCount: sql<number>`${top.messageCount}`.mapWith(Number),
        unread: sql<number>`${top.unread}`.mapWith(Number),
      })
      .from(top)
      .orderBy(desc(sql`${top.unread} > 0`), desc(top.lastAt), asc(top.threadId));
  };

  const [[counted], asked] = await Promise.all([
    db.select({ value: countDistinct(m.threadId) }).from(m),
    pageRows(query.page),
  ]);
  const total = counted?.value ?? 0;
  const shown = await settlePage(query.page, total, THREADS_PAGE_SIZE, asked, pageRows);
  return {
    ...shown,
    items: shown.items.map((r) => ({
      ...r,
      lastAt: (r.lastAt as Date).toISOString(),
      customerName: r.customerName ?? null,
    })),
  };
}

/** Threads with a customer message staff have not read (the sidebar's and the tab's count). */
export async function countUnreadThreadsForStaff(): Promise<number> {
  await requireStaff();
  const db = await getDb();
  const [row] = await db
    .select({ value: countDistinct(customerMessages.threadId) })
    .from(customerMessages)
    .where(unreadByStaff);
  return row?.value ?? 0;
}

export type StaffThreadMessage = {
  id: string;
  message: string;
  isFromAdmin: boolean;
  /** For a customer message: staff have read it; for a reply: the customer has. */
  isRead: boolean;
  /** The staff member who wrote a reply (null for customer messages, or a removed account). */
  authorName: string | null;
  createdAt: string;
};

export type StaffThread = {
  threadId: string;
  subject: string;
  customerEmail: string;
  customerName: string | null;
  messages: StaffThreadMessage[];
};

const author = alias(users, "reply_author");

/** A whole thread, oldest first, or null when there is none with this id. */
export async function getThreadForStaff(threadId: string): Promise<StaffThread | null> {
  await requireStaff();
  if (!isUuid(threadId)) return null;
  const db = await getDb();
  const m = customerMessages;
  const rows = await db
    .select({
      id: m.id,
      subject: m.subject,
      customerEmail: m.customerEmail,
      customerName: customer.name,
      message: m.message,
      isFromAdmin: m.isFromAdmin,
      isRead: m.isRead,
      authorName: sql<string | null>`coalesce(${author.name}, ${author.email})`,
      createdAt: m.createdAt,
    })
    .from(m)
    .leftJoin(customer, and(eq(customer.id, m.userId), eq(m.isFromAdmin, false)))
    .leftJoin(author, eq(author.id, m.authorUserId))
    .where(eq(m.threadId, threadId))
    .orderBy(asc(m.createdAt), asc(m.id));
  const head = rows[0];
  if (!head) return null;
  return {
    threadId,
    subject: head.subject,
    customerEmail: head.customerEmail,
    customerName: rows.find((r) => r.customerName)?.customerName ?? null,
    messages: rows.map((r) => ({
      id: r.id,
      message: r.message,
      isFromAdmin: r.isFromAdmin,
      isRead: r.isRead,
      authorName: r.isFromAdmin ? r.authorName : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * A staff reply: joins the thread with is_from_admin true, the author, and the thread's
 * subject, customer email and account; marks the customer's messages read for staff; queues the
 * 'support-reply' mail to the customer in the same transaction (a mail failure loses nothing).
 * The customer sees it unread, signed 'Support Team'. Null when the thread does not exist.
 */
export async function replyToThreadAsStaff(input: ThreadReply): Promise<{ id: string } | null> {
  const staff = await requireStaff();
  if (!isUuid(input.threadId)) return null;
  const db = await getDb();
  const m = customerMessages;
  return db.transaction(async (tx) => {
    const [head] = await tx
      .select({
        subject: m.subject,
        customerEmail: m.customerEmail,
        userId: m.userId,
        customerName: customer.name,
      })
      .from(m)
      .leftJoin(customer, eq(customer.id, m.userId))
      .where(and(eq(m.threadId, input.threadId), eq(m.isFromAdmin, false)))
      .orderBy(asc(m.createdAt), asc(m.id))
      .limit(1);
    if (!head) return null;
    const [row] = await tx
      .insert(m)
      .values({
        threadId: input.threadId,
        userId: head.userId,
        customerEmail: head.customerEmail,
        subject: head.subject,
        message: input.message,
        isFromAdmin: true,
        authorUserId: staff.userId,
        isRead: false,
      })
      .returning({ id: m.id });
    const marked = await tx
      .update(m)
      .set({ isRead: true })
      .where(and(eq(m.threadId, input.threadId), unreadByStaff))
      .returning({ id: m.id });
    // The reply's words stay in the thread; the trail keeps who answered whom, and how much.
    await recordAudit(
      {
        action: "message.reply",
        actor: actorOf(staff),
        target: { type: "thread", id: input.threadId },
        details: {
          messageId: row?.id ?? null,
          customerUserId: head.userId,
          length: input.message.length,
          markedRead: marked.length,
        },
      },
      tx,
    );
    await queueEmail(
      {
        ...supportReply({
          customerName: head.customerName,
          subject: head.subject,
          message: input.message,
        }),
        to: head.customerEmail,
      },
      tx,
    );
    return row ?? null;
  });
}

/** Marks a thread's customer messages read for staff; false when there is no such thread. */
export async function markThreadReadForStaff(threadId: string): Promise<boolean> {
  const staff = await requireStaff();
  if (!isUuid(threadId)) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: customerMessages.id })
      .from(customerMessages)
      .where(eq(customerMessages.threadId, threadId))
      .limit(1);
    if (!exists) return false;
    const marked = await tx
      .update(customerMessages)
      .set({ isRead: true })
      .where(and(eq(customerMessages.threadId, threadId), unreadByStaff))
      .returning({ id: customerMessages.id });
    await recordAudit(
      {
        action: "message.update",
        actor: actorOf(staff),
        target: { type: "thread", id: threadId },
        details: { changes: { isRead: { to: true } }, markedRead: marked.length },
      },
      tx,
    );
    return true;
  });
}
