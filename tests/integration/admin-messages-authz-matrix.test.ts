/**
 * Authorization matrix of the admin Messages and Newsletter screens: every DAL function, server
 * action and route handler they add, for a visitor, customer A, customer B, a staff member and an
 * admin. Each cell is the expected outcome; any other (above all an unexpected 'allowed') fails.
 *
 *   login     sent to /admin/login (a page, action or DAL call) or 401 (the route), nothing done
 *   denied    signed in without a staff role: sent to /admin/login?error=AccessDenied, or 403
 *   allowed   the operation ran
 */
import { count, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { customerMessages, emailOutbox, newsletterSubscriptions } from "@/db/schema";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import * as messageActions from "@/actions/messages";
import * as newsletterActions from "@/actions/newsletter";
import * as exportRoute from "@/app/admin/(panel)/newsletter/export/route";
import * as staffMessages from "@/lib/messages/data/staff-inbox";
import * as staffNewsletter from "@/lib/newsletter/data/subscribers";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();
let subscriberId: string;

const exportRequest = (query: string) =>
  new NextRequest(`http://localhost:3000/admin/newsletter/export${query}`);

const operations = (): StaffAreaOperation[] => [
  // Reads behind the pages and the layout
  {
    name: "lib/messages/data/staff-inbox.ts#listContactsForStaff (/admin/messages)",
    expected: staffArea.staffOnly,
    run: () => staffMessages.listContactsForStaff({ q: "", page: 1 }),
  },
  {
    name: "lib/messages/data/staff-inbox.ts#listThreadsForStaff (/admin/messages?tab=customers)",
    expected: staffArea.staffOnly,
    run: () => staffMessages.listThreadsForStaff({ page: 1 }),
  },
  {
    name: "lib/messages/data/staff-inbox.ts#getThreadForStaff (A's thread)",
    expected: staffArea.staffOnly,
    run: () => staffMessages.getThreadForStaff(m.w.threads.a),
  },
  {
    name: "lib/messages/data/staff-inbox.ts#countUnreadThreadsForStaff (sidebar)",
    expected: staffArea.staffOnly,
    run: () => staffMessages.countUnreadThreadsForStaff(),
  },
  {
    name: "lib/newsletter/data/subscribers.ts#listSubscribersForStaff (/admin/newsletter)",
    expected: staffArea.staffOnly,
    run: () => staffNewsletter.listSubscribersForStaff({ q: "", filter: "all", page: 1 }),
  },
  {
    name: "lib/newsletter/data/subscribers.ts#countNewsletterExport",
    expected: staffArea.staffOnly,
    run: () => staffNewsletter.countNewsletterExport({ q: "", filter: "all" }),
  },
  {
    name: "lib/newsletter/data/subscribers.ts#streamNewsletterExport",
    expected: staffArea.staffOnly,
    run: async () =>
      new Response(await staffNewsletter.streamNewsletterExport({ q: "", filter: "all" })).text(),
  },
  // Writes (DAL)
  {
    name: "lib/messages/data/staff-inbox.ts#replyToThreadAsStaff (A's thread)",
    expected: staffArea.staffOnly,
    run: () => staffMessages.replyToThreadAsStaff({ threadId: m.w.threads.a, message: "matrix" }),
  },
  {
    name: "lib/messages/data/staff-inbox.ts#markThreadReadForStaff (B's thread)",
    expected: staffArea.staffOnly,
    run: () => staffMessages.markThreadReadForStaff(m.w.threads.b),
  },
  {
    name: "lib/newsletter/data/subscribers.ts#setSubscriberActive",
    expected: staffArea.staffOnly,
    run: () => staffNewsletter.setSubscriberActive(subscriberId, false),
  },
  // Server actions
  {
    name: "actions/messages.ts#replyToCustomerThreadAction (A's thread)",
    expected: staffArea.staffOnly,
    run: () =>
      messageActions.replyToCustomerThreadAction(undefined, {
        threadId: m.w.threads.a,
        message: "matrix action",
      }),
  },
  {
    name: "actions/messages.ts#markCustomerThreadReadAction (B's thread)",
    expected: staffArea.staffOnly,
    run: () => messageActions.markCustomerThreadReadAction(undefined, { threadId: m.w.threads.b }),
  },
  {
    name: "actions/newsletter.ts#setSubscriberStatusAction",
    expected: staffArea.staffOnly,
    run: () =>
      newsletterActions.setSubscriberStatusAction(undefined, { id: subscriberId, active: "true" }),
  },
  {
    name: "actions/newsletter.ts#prepareNewsletterExportAction",
    expected: staffArea.staffOnly,
    run: () => newsletterActions.prepareNewsletterExportAction(undefined, { q: "", filter: "all" }),
  },
  // Route handlers
  {
    name: "app/admin/(panel)/newsletter/export/route.ts#GET",
    expected: staffArea.staffOnly,
    run: () => exportRoute.GET(exportRequest("?filter=active")),
  },
];

/** A route handler answers 401 and 403 where a page or an action redirects. */
const judge = (operation: StaffAreaOperation) =>
  staffArea.outcome(operation.run, {
    value: (value) => {
      if (!(value instanceof Response)) return undefined;
      const named: Record<number, string> = { 401: "login", 403: "denied", 200: "allowed" };
      return named[value.status] ?? `HTTP ${value.status}`;
    },
  });

/** What a refused caller must not change: messages, subscribers, mails. */
async function snapshot() {
  const [messages] = await m.db.select({ n: count() }).from(customerMessages);
  const read = await m.db
    .select({ id: customerMessages.id, isRead: customerMessages.isRead })
    .from(customerMessages)
    .orderBy(customerMessages.id);
  const subscribers = await m.db
    .select({ id: newsletterSubscriptions.id, isActive: newsletterSubscriptions.isActive })
    .from(newsletterSubscriptions)
    .orderBy(newsletterSubscriptions.id);
  const [mails] = await m.db.select({ n: count() }).from(emailOutbox);
  return { messages: messages?.n, read, subscribers, mails: mails?.n };
}

beforeAll(async () => {
  const [sub] = await m.db
    .insert(newsletterSubscriptions)
    .values({ email: `matrix-${crypto.randomUUID().slice(0, 8)}@example.com` })
    .returning({ id: newsletterSubscriptions.id });
  subscriberId = sub!.id;
});

describe("admin messages and newsletter authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every staff operation`,
    operations,
    become: m.become,
    judge,
    snapshot,
    unchanged: staffArea.refused,
  });

  it("the staff member's reply is signed with their own account", async () => {
    const authors = await m.db
      .select({ author: customerMessages.authorUserId })
      .from(customerMessages)
      .where(eq(customerMessages.message, "matrix"));
    expect(authors.map((a) => a.author).sort()).toEqual([m.w.staff.id, m.w.admin.id].sort());
  });
});
