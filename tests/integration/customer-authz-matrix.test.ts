/**
 * Authorization matrix of the customer area: every customer DAL function and server action, for a
 * visitor, customer A (the owner of the resources used), customer B and an admin. Each cell is the
 * expected outcome; any other outcome (above all an unexpected 'allowed') fails.
 *
 *   redirect   sent to /customer/auth, nothing read or written
 *   allowed    the operation ran on the caller's own data
 *   not-found  another customer's id: null, false or a not-found error, nothing read or written
 *   own-only   the operation ran, but nothing of A's was in its result
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { bookings, customerMessages, users } from "@/db/schema";
import { actAs, createWorld, type World, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { redirectTarget } from "@/tests/helpers/fake-request";
import * as actions from "@/actions/customer";
import * as customer from "@/lib/dal/customer";
import * as messages from "@/lib/dal/customer-messages";
import * as account from "@/lib/dal/account";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: World;

type Outcome = "redirect" | "allowed" | "not-found" | "own-only";
type Actor = "visitor" | "customerA" | "customerB" | "admin";
const ACTORS: Actor[] = ["visitor", "customerA", "customerB", "admin"];

/** What an operation returned, judged: `a` is the owner's data to look for in the result. */
type Verdict = { kind: "value"; value: unknown } | { kind: "redirect"; to: string };

const OWN_RESOURCE: Record<Actor, Outcome> = {
  visitor: "redirect",
  customerA: "allowed",
  customerB: "not-found",
  admin: "not-found",
};
const OWN_SCOPE: Record<Actor, Outcome> = {
  visitor: "redirect",
  customerA: "allowed",
  customerB: "own-only",
  admin: "own-only",
};
const SELF: Record<Actor, Outcome> = {
  visitor: "redirect",
  customerA: "allowed",
  customerB: "allowed",
  admin: "allowed",
};

const isNotFound = (value: unknown) =>
  value === null ||
  value === false ||
  (typeof value === "object" &&
    value !== null &&
    "status" in value &&
    (value as { status: string }).status === "error" &&
    /could not be found/.test((value as { message?: string }).message ?? ""));

const mentionsA = (value: unknown) => {
  const text = JSON.stringify(value ?? null);
  return (
    text.includes(w.bookings.a1) ||
    text.includes(w.bookings.a2) ||
    text.includes(w.threads.a) ||
    text.includes(w.a.email)
  );
};

/** `scope`: a read whose result shows whose data it holds; others: allowed when they succeed. */
type Operation = {
  name: string;
  expected: Record<Actor, Outcome>;
  run: () => Promise<unknown>;
  scope?: true;
};

const operations = (): Operation[] => [
  // Reads (DAL) behind the pages
  {
    name: "lib/dal/customer.ts#getDashboard (/customer)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => customer.getDashboard(),
  },
  {
    name: "lib/dal/customer.ts#listMyBookings (/customer/bookings)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => customer.listMyBookings({ q: "", filter: "all", page: 1 }),
  },
  {
    name: "lib/dal/customer.ts#getMyBooking (A's booking) (?view=)",
    expected: OWN_RESOURCE,
    run: () => customer.getMyBooking(w.bookings.a1),
  },
  {
    name: "lib/dal/customer.ts#getMyBooking (A's guest booking)",
    expected: OWN_RESOURCE,
    run: () => customer.getMyBooking(w.bookings.a2),
  },
  {
    name: "lib/dal/customer-messages.ts#listMyMessages (/customer/messages)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => messages.listMyMessages(),
  },
  {
    name: "lib/dal/customer-messages.ts#getMyThread (A's thread)",
    expected: OWN_RESOURCE,
    run: () => messages.getMyThread(w.threads.a),
  },
  {
    name: "lib/dal/customer-messages.ts#countMyUnreadReplies (layout)",
    expected: SELF,
    run: () => messages.countMyUnreadReplies(),
  },
  {
    name: "lib/dal/account.ts#getMyProfile (/customer/profile, /customer/new-booking)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => account.getMyProfile(),
  },
  {
    name: "lib/dal/account.ts#getMyPreferences (/customer/preferences)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => account.getMyPreferences(),
  },
  // Writes (DAL)
  {
    name: "lib/dal/customer-messages.ts#replyInMyThread (A's thread)",
    expected: OWN_RESOURCE,
    run: () => messages.replyInMyThread({ threadId: w.threads.a, message: "matrix" }),
  },
  {
    name: "lib/dal/customer-messages.ts#markMyThreadRead (A's thread)",
    expected: OWN_RESOURCE,
    run: () => messages.markMyThreadRead(w.threads.a),
  },
  // Server actions
  {
    name: "actions/customer.ts#replyToThreadAction (A's thread)",
    expected: OWN_RESOURCE,
    run: () =>
      actions.replyToThreadAction(undefined, { threadId: w.threads.a, message: "matrix action" }),
  },
  {
    name: "actions/customer.ts#markThreadReadAction (A's thread)",
    expected: OWN_RESOURCE,
    run: () => actions.markThreadReadAction(undefined, { threadId: w.threads.a }),
  },
  {
    name: "actions/customer.ts#sendMessageAction",
    expected: SELF,
    run: () => actions.sendMessageAction(undefined, { subject: "Matrix", message: "Hello" }),
  },
  {
    name: "actions/customer.ts#createCustomerBookingAction",
    expected: SELF,
    run: () =>
      actions.createCustomerBookingAction(undefined, {
        fullName: "Matrix",
        phone: "1",
        tour: "custom",
        groupSize: "1",
        terms: "true",
        idempotencyKey: crypto.randomUUID(),
      }),
  },
  {
    name: "actions/customer.ts#updateProfileAction (own fields only)",
    expected: SELF,
    run: async () =>
      actions.updateProfileAction(undefined, {
        fullName: "Matrix Name",
        email: currentEmail(),
        id: w.a.id,
      }),
  },
  {
    name: "actions/customer.ts#savePreferencesAction",
    expected: SELF,
    run: () =>
      actions.savePreferencesAction(undefined, {
        newsletter: false,
        booking_updates: true,
        promotional_emails: false,
        trip_reminders: true,
        admin_messages: true,
      }),
  },
];

let actor: Actor = "visitor";
const users_: Record<Exclude<Actor, "visitor">, () => WorldUser> = {
  customerA: () => w.a,
  customerB: () => w.b,
  admin: () => w.admin,
};
const currentEmail = () => (actor === "visitor" ? "visitor@example.com" : users_[actor]().email);

async function verdictOf(run: () => Promise<unknown>): Promise<Verdict> {
  try {
    return { kind: "value", value: await run() };
  } catch (error) {
    const to = redirectTarget(error);
    if (to) return { kind: "redirect", to };
    throw error;
  }
}

function judge(verdict: Verdict, scope: boolean): Outcome {
  if (verdict.kind === "redirect") {
    expect(verdict.to).toBe("/customer/auth");
    return "redirect";
  }
  if (isNotFound(verdict.value)) return "not-found";
  const value = verdict.value as { status?: string } | null;
  if (
    value &&
    typeof value === "object" &&
    ["idle", "invalid", "error"].includes(value.status ?? "")
  ) {
    throw new Error(`unexpected action result ${JSON.stringify(value)}`);
  }
  if (!scope) return "allowed";
  return mentionsA(verdict.value) ? "allowed" : "own-only";
}

beforeAll(async () => {
  w = await createWorld(t.db);
});

describe("customer authorization matrix", () => {
  for (const who of ACTORS) {
    it(`${who}: every customer operation`, async () => {
      actor = who;
      actAs(who === "visitor" ? null : users_[who]());
      const aBefore = await snapshotA();
      const results: string[] = [];
      for (const op of operations()) {
        const outcome = judge(await verdictOf(op.run), op.scope === true);
        const expected = op.expected[who];
        if (outcome !== expected) results.push(`${op.name}: expected ${expected}, got ${outcome}`);
      }
      expect(results).toEqual([]);
      if (who !== "customerA") expect(await snapshotA()).toEqual(aBefore);
    });
  }
});

/** A's rows that no one else may change: bookings, thread, profile. */
async function snapshotA() {
  const [profile] = await t.db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      prefs: users.emailPreferences,
    })
    .from(users)
    .where(eq(users.id, w.a.id));
  const thread = await t.db
    .select({
      id: customerMessages.id,
      isRead: customerMessages.isRead,
      message: customerMessages.message,
    })
    .from(customerMessages)
    .where(eq(customerMessages.threadId, w.threads.a))
    .orderBy(customerMessages.id);
  const own = await t.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.userId, w.a.id))
    .orderBy(bookings.id);
  return { profile, thread, own };
}
