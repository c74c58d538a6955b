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

import {
  adminUsers,
  customerMessages,
  emailOutbox,
  newsletterSubscriptions,
  users,
} from "@/db/schema";
import { actAs, createWorld, type World, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { redirectTarget } from "@/tests/helpers/fake-request";
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

type Outcome = "login" | "denied" | "allowed";
type Actor = "visitor" | "customerA" | "customerB" | "staff" | "admin";
const ACTORS: Actor[] = ["visitor", "customerA", "customerB", "staff", "admin"];

const STAFF_ONLY: Record<Actor, Outcome> = {
  visitor: "login",
  customerA: "denied",
  customerB: "denied",
  staff: "allowed",
  admin: "allowed",
};

type Operation = { name: string; run: () => Promise<unknown> };

const exportRequest = (query: string) =>
  new NextRequest(`http://localhost:3000/admin/newsletter/export${query}`);

const operations = (): Operation[] => [
  // Reads behind the pages and the layout
  {
    name: "lib/dal/admin-messages.ts#listContactsForStaff (/admin/messages)",
    run: () => staffMessages.listContactsForStaff({ q: "", page: 1 }),
  },
  {
    name: "lib/dal/admin-messages.ts#listThreadsForStaff (/admin/messages?tab=customers)",
    run: () => staffMessages.listThreadsForStaff({ page: 1 }),
  },
  {
    name: "lib/dal/admin-messages.ts#getThreadForStaff (A's thread)",
    run: () => staffMessages.getThreadForStaff(w.threads.a),
  },
  {
    name: "lib/dal/admin-messages.ts#countUnreadThreadsForStaff (sidebar)",
    run: () => staffMessages.countUnreadThreadsForStaff(),
  },
  {
    name: "lib/dal/admin-newsletter.ts#listSubscribersForStaff (/admin/newsletter)",
    run: () => staffNewsletter.listSubscribersForStaff({ q: "", filter: "all", page: 1 }),
  },
  {
    name: "lib/dal/admin-newsletter.ts#countNewsletterExport",
    run: () => staffNewsletter.countNewsletterExport({ q: "", filter: "all" }),
  },
  {
    name: "lib/dal/admin-newsletter.ts#streamNewsletterExport",
    run: async () =>
      new Response(await staffNewsletter.streamNewsletterExport({ q: "", filter: "all" })).text(),
  },
  // Writes (DAL)
  {
    name: "lib/dal/admin-messages.ts#replyToThreadAsStaff (A's thread)",
    run: () => staffMessages.replyToThreadAsStaff({ threadId: w.threads.a, message: "matrix" }),
  },
  {
    name: "lib/dal/admin-messages.ts#markThreadReadForStaff (B's thread)",
    run: () => staffMessages.markThreadReadForStaff(w.threads.b),
  },
  {
    name: "lib/dal/admin-newsletter.ts#setSubscriberActive",
    run: () => staffNewsletter.setSubscriberActive(subscriberId, false),
  },
  // Server actions
  {
    name: "actions/admin-messages.ts#replyToCustomerThreadAction (A's thread)",
    run: () =>
      messageActions.replyToCustomerThreadAction(undefined, {
        threadId: w.threads.a,
        message: "matrix action",
      }),
  },
  {
    name: "actions/admin-messages.ts#markCustomerThreadReadAction (B's thread)",
    run: () => messageActions.markCustomerThreadReadAction(undefined, { threadId: w.threads.b }),
  },
  {
    name: "actions/admin-newsletter.ts#setSubscriberStatusAction",
    run: () =>
      newsletterActions.setSubscriberStatusAction(undefined, { id: subscriberId, active: "true" }),
  },
  {
    name: "actions/admin-newsletter.ts#prepareNewsletterExportAction",
    run: () => newsletterActions.prepareNewsletterExportAction(undefined, { q: "", filter: "all" }),
  },
  // Route handlers
  {
    name: "app/admin/(panel)/newsletter/export/route.ts#GET",
    run: () => exportRoute.GET(exportRequest("?filter=active")),
  },
];

async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome | string> {
  let value: unknown;
  try {
    value = await run();
  } catch (error) {
    const to = redirectTarget(error);
    if (to === "/admin/login") return "login";
    if (to === "/admin/login?error=AccessDenied") return "denied";
    throw error;
  }
  if (value instanceof Response) {
    if (value.status === 401) return "login";
    if (value.status === 403) return "denied";
    if (value.status === 200) return "allowed";
    return `HTTP ${value.status}`;
  }
  const state = value as { status?: string } | null;
  if (
    state &&
    typeof state === "object" &&
    ["idle", "invalid", "error"].includes(state.status ?? "")
  ) {
    return `action ${JSON.stringify(state)}`;
  }
  return "allowed";
}

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
  const tag = crypto.randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(users)
    .values({ email: `desk-${tag}@example.com`, name: "Desk Staff", emailVerified: new Date() })
    .returning({ id: users.id, email: users.email });
  staff = { id: row!.id, email: row!.email, name: "Desk Staff" };
  await t.db.insert(adminUsers).values({ userId: staff.id, role: "staff" });
  const [sub] = await t.db
    .insert(newsletterSubscriptions)
    .values({ email: `matrix-${tag}@example.com` })
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
  for (const who of ACTORS) {
    it(`${who}: every staff operation`, async () => {
      actAs(who === "visitor" ? null : callers[who]());
      const before = await snapshot();
      const results: string[] = [];
      for (const op of operations()) {
        const outcome = await outcomeOf(op.run);
        const expected = STAFF_ONLY[who];
        if (outcome !== expected) results.push(`${op.name}: expected ${expected}, got ${outcome}`);
      }
      expect(results).toEqual([]);
      if (STAFF_ONLY[who] !== "allowed") expect(await snapshot()).toEqual(before);
    });
  }

  it("the staff member's reply is signed with their own account", async () => {
    const authors = await t.db
      .select({ author: customerMessages.authorUserId })
      .from(customerMessages)
      .where(eq(customerMessages.message, "matrix"));
    expect(authors.map((a) => a.author).sort()).toEqual([staff.id, w.admin.id].sort());
  });
});
