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
import {
  ADMIN_GUARD_REDIRECTS,
  matrixTests,
  type Operation,
  outcomeOf,
  STAFF_AREA_ACTORS,
  STAFF_ONLY,
  type StaffAreaActor,
} from "@/tests/helpers/authz-matrix";
import { actAs, createWorld, type World, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { makeStaff } from "@/tests/helpers/media-world";
import * as messageActions from "@/actions/admin-messages";
import * as newsletterActions from "@/actions/admin-newsletter";
import * as exportRoute from "@/app/admin/(panel)/newsletter/export/route";
import * as staffMessages from "@/lib/dal/admin-messages";
import * as staffNewsletter from "@/lib/dal/admin-newsletter";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: World;
let staff: WorldUser;
let subscriberId: string;

type Actor = StaffAreaActor;

const exportRequest = (query: string) =>
  new NextRequest(`http://localhost:3000/admin/newsletter/export${query}`);

const operations = (): Operation<Actor>[] => [
  // Reads behind the pages and the layout
  {
    name: "lib/dal/admin-messages.ts#listContactsForStaff (/admin/messages)",
    expected: STAFF_ONLY,
    run: () => staffMessages.listContactsForStaff({ q: "", page: 1 }),
  },
  {
    name: "lib/dal/admin-messages.ts#listThreadsForStaff (/admin/messages?tab=customers)",
    expected: STAFF_ONLY,
    run: () => staffMessages.listThreadsForStaff({ page: 1 }),
  },
  {
    name: "lib/dal/admin-messages.ts#getThreadForStaff (A's thread)",
    expected: STAFF_ONLY,
    run: () => staffMessages.getThreadForStaff(w.threads.a),
  },
  {
    name: "lib/dal/admin-messages.ts#countUnreadThreadsForStaff (sidebar)",
    expected: STAFF_ONLY,
    run: () => staffMessages.countUnreadThreadsForStaff(),
  },
  {
    name: "lib/dal/admin-newsletter.ts#listSubscribersForStaff (/admin/newsletter)",
    expected: STAFF_ONLY,
    run: () => staffNewsletter.listSubscribersForStaff({ q: "", filter: "all", page: 1 }),
  },
  {
    name: "lib/dal/admin-newsletter.ts#countNewsletterExport",
    expected: STAFF_ONLY,
    run: () => staffNewsletter.countNewsletterExport({ q: "", filter: "all" }),
  },
  {
    name: "lib/dal/admin-newsletter.ts#streamNewsletterExport",
    expected: STAFF_ONLY,
    run: async () =>
      new Response(await staffNewsletter.streamNewsletterExport({ q: "", filter: "all" })).text(),
  },
  // Writes (DAL)
  {
    name: "lib/dal/admin-messages.ts#replyToThreadAsStaff (A's thread)",
    expected: STAFF_ONLY,
    run: () => staffMessages.replyToThreadAsStaff({ threadId: w.threads.a, message: "matrix" }),
  },
  {
    name: "lib/dal/admin-messages.ts#markThreadReadForStaff (B's thread)",
    expected: STAFF_ONLY,
    run: () => staffMessages.markThreadReadForStaff(w.threads.b),
  },
  {
    name: "lib/dal/admin-newsletter.ts#setSubscriberActive",
    expected: STAFF_ONLY,
    run: () => staffNewsletter.setSubscriberActive(subscriberId, false),
  },
  // Server actions
  {
    name: "actions/admin-messages.ts#replyToCustomerThreadAction (A's thread)",
    expected: STAFF_ONLY,
    run: () =>
      messageActions.replyToCustomerThreadAction(undefined, {
        threadId: w.threads.a,
        message: "matrix action",
      }),
  },
  {
    name: "actions/admin-messages.ts#markCustomerThreadReadAction (B's thread)",
    expected: STAFF_ONLY,
    run: () => messageActions.markCustomerThreadReadAction(undefined, { threadId: w.threads.b }),
  },
  {
    name: "actions/admin-newsletter.ts#setSubscriberStatusAction",
    expected: STAFF_ONLY,
    run: () =>
      newsletterActions.setSubscriberStatusAction(undefined, { id: subscriberId, active: "true" }),
  },
  {
    name: "actions/admin-newsletter.ts#prepareNewsletterExportAction",
    expected: STAFF_ONLY,
    run: () => newsletterActions.prepareNewsletterExportAction(undefined, { q: "", filter: "all" }),
  },
  // Route handlers
  {
    name: "app/admin/(panel)/newsletter/export/route.ts#GET",
    expected: STAFF_ONLY,
    run: () => exportRoute.GET(exportRequest("?filter=active")),
  },
];

/** A route handler answers 401 and 403 where a page or an action redirects. */
const judge = (operation: Operation<Actor>) =>
  outcomeOf(operation.run, {
    redirects: ADMIN_GUARD_REDIRECTS,
    value: (value) => {
      if (value instanceof Response) {
        const named: Record<number, string> = { 401: "login", 403: "denied", 200: "allowed" };
        return named[value.status] ?? `HTTP ${value.status}`;
      }
      const state = value as { status?: string } | null;
      if (
        state &&
        typeof state === "object" &&
        ["idle", "invalid", "error"].includes(state.status ?? "")
      )
        return `action ${JSON.stringify(state)}`;
      return "allowed";
    },
  });

/** What a refused caller must not change: messages, subscribers, mails. */
async function snapshot() {
  const [messages] = await t.db.select({ n: count() }).from(customerMessages);
  const read = await t.db
    .select({ id: customerMessages.id, isRead: customerMessages.isRead })
    .from(customerMessages)
    .orderBy(customerMessages.id);
  const subscribers = await t.db
    .select({ id: newsletterSubscriptions.id, isActive: newsletterSubscriptions.isActive })
    .from(newsletterSubscriptions)
    .orderBy(newsletterSubscriptions.id);
  const [mails] = await t.db.select({ n: count() }).from(emailOutbox);
  return { messages: messages?.n, read, subscribers, mails: mails?.n };
}

beforeAll(async () => {
  w = await createWorld(t.db);
  staff = await makeStaff(t.db);
  const [sub] = await t.db
    .insert(newsletterSubscriptions)
    .values({ email: `matrix-${crypto.randomUUID().slice(0, 8)}@example.com` })
    .returning({ id: newsletterSubscriptions.id });
  subscriberId = sub!.id;
});

const callers: Record<Exclude<Actor, "visitor">, () => WorldUser> = {
  customerA: () => w.a,
  customerB: () => w.b,
  staff: () => staff,
  admin: () => w.admin,
};

describe("admin messages and newsletter authorization matrix", () => {
  matrixTests({
    actors: STAFF_AREA_ACTORS,
    title: (who) => `${who}: every staff operation`,
    operations,
    become: (who) => actAs(who === "visitor" ? null : callers[who]()),
    judge,
    snapshot,
    check: (who, before, after) => {
      if (STAFF_ONLY[who] !== "allowed") expect(after).toEqual(before);
    },
  });

  it("the staff member's reply is signed with their own account", async () => {
    const authors = await t.db
      .select({ author: customerMessages.authorUserId })
      .from(customerMessages)
      .where(eq(customerMessages.message, "matrix"));
    expect(authors.map((a) => a.author).sort()).toEqual([staff.id, w.admin.id].sort());
  });
});
