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
import { describe, vi } from "vitest";

import { bookings, customerMessages, users } from "@/db/schema";
import {
  customerArea,
  type CustomerAreaOperation,
  type Expected,
  openMatrixWorld,
  OWN_RESOURCE,
} from "@/tests/helpers/authz-matrix";
import { savePreferencesAction, updateProfileAction } from "@/actions/accounts";
import { createCustomerBookingAction } from "@/actions/bookings";
import { markThreadReadAction, replyToThreadAction, sendMessageAction } from "@/actions/messages";
import * as customer from "@/lib/bookings/data/owned";
import * as messages from "@/lib/messages/data/customer-threads";
import * as account from "@/lib/accounts/data/profile";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();
type Actor = (typeof customerArea.actors)[number];

const OWN_SCOPE: Expected<Actor> = {
  visitor: "redirect",
  customerA: "allowed",
  customerB: "own-only",
  admin: "own-only",
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
    text.includes(m.w.bookings.a1) ||
    text.includes(m.w.bookings.a2) ||
    text.includes(m.w.threads.a) ||
    text.includes(m.w.a.email)
  );
};

/** `scope`: a read whose result shows whose data it holds; others: allowed when they succeed. */
type CustomerOperation = CustomerAreaOperation & { scope?: true };

const operations = (): CustomerOperation[] => [
  // Reads (DAL) behind the pages
  {
    name: "lib/bookings/data/owned.ts#getDashboard (/customer)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => customer.getDashboard(),
  },
  {
    name: "lib/bookings/data/owned.ts#listMyBookings (/customer/bookings)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => customer.listMyBookings({ q: "", filter: "all", page: 1 }),
  },
  {
    name: "lib/bookings/data/owned.ts#getMyBooking (A's booking) (?view=)",
    expected: OWN_RESOURCE,
    run: () => customer.getMyBooking(m.w.bookings.a1),
  },
  {
    name: "lib/bookings/data/owned.ts#getMyBooking (A's guest booking)",
    expected: OWN_RESOURCE,
    run: () => customer.getMyBooking(m.w.bookings.a2),
  },
  {
    name: "lib/messages/data/customer-threads.ts#listMyMessages (/customer/messages)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => messages.listMyMessages(),
  },
  {
    name: "lib/messages/data/customer-threads.ts#getMyThread (A's thread)",
    expected: OWN_RESOURCE,
    run: () => messages.getMyThread(m.w.threads.a),
  },
  {
    name: "lib/messages/data/customer-threads.ts#countMyUnreadReplies (layout)",
    expected: customerArea.self,
    run: () => messages.countMyUnreadReplies(),
  },
  {
    name: "lib/accounts/data/profile.ts#getMyProfile (/customer/profile, /customer/new-booking)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => account.getMyProfile(),
  },
  {
    name: "lib/accounts/data/profile.ts#getMyPreferences (/customer/preferences)",
    scope: true,
    expected: OWN_SCOPE,
    run: () => account.getMyPreferences(),
  },
  // Writes (DAL)
  {
    name: "lib/messages/data/customer-threads.ts#replyInMyThread (A's thread)",
    expected: OWN_RESOURCE,
    run: () => messages.replyInMyThread({ threadId: m.w.threads.a, message: "matrix" }),
  },
  {
    name: "lib/messages/data/customer-threads.ts#markMyThreadRead (A's thread)",
    expected: OWN_RESOURCE,
    run: () => messages.markMyThreadRead(m.w.threads.a),
  },
  // Server actions
  {
    name: "actions/messages.ts#replyToThreadAction (A's thread)",
    expected: OWN_RESOURCE,
    run: () =>
      replyToThreadAction(undefined, { threadId: m.w.threads.a, message: "matrix action" }),
  },
  {
    name: "actions/messages.ts#markThreadReadAction (A's thread)",
    expected: OWN_RESOURCE,
    run: () => markThreadReadAction(undefined, { threadId: m.w.threads.a }),
  },
  {
    name: "actions/messages.ts#sendMessageAction",
    expected: customerArea.self,
    run: () => sendMessageAction(undefined, { subject: "Matrix", message: "Hello" }),
  },
  {
    name: "actions/bookings.ts#createCustomerBookingAction",
    expected: customerArea.self,
    run: () =>
      createCustomerBookingAction(undefined, {
        fullName: "Matrix",
        phone: "1",
        tour: "custom",
        groupSize: "1",
        terms: "true",
        idempotencyKey: crypto.randomUUID(),
      }),
  },
  {
    name: "actions/accounts.ts#updateProfileAction (own fields only)",
    expected: customerArea.self,
    run: async () =>
      updateProfileAction(undefined, {
        fullName: "Matrix Name",
        email: currentEmail(),
        id: m.w.a.id,
      }),
  },
  {
    name: "actions/accounts.ts#savePreferencesAction",
    expected: customerArea.self,
    run: () =>
      savePreferencesAction(undefined, {
        newsletter: false,
        booking_updates: true,
        promotional_emails: false,
        trip_reminders: true,
        admin_messages: true,
      }),
  },
];

let actor: Actor = "visitor";
const currentEmail = () => m.userOf(actor)?.email ?? "visitor@example.com";

const judge = (operation: CustomerOperation) =>
  customerArea.outcome(operation.run, {
    value: (value) => {
      if (isNotFound(value)) return "not-found";
      if (!operation.scope) return undefined;
      return mentionsA(value) ? "allowed" : "own-only";
    },
  });

describe("customer authorization matrix", () => {
  customerArea.tests({
    title: (who) => `${who}: every customer operation`,
    operations,
    become: (who) => {
      actor = who;
      m.become(who);
    },
    judge,
    snapshot: snapshotA,
    unchanged: customerArea.notA,
  });
});

/** A's rows that no one else may change: bookings, thread, profile. */
async function snapshotA() {
  const [profile] = await m.db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      prefs: users.emailPreferences,
    })
    .from(users)
    .where(eq(users.id, m.w.a.id));
  const thread = await m.db
    .select({
      id: customerMessages.id,
      isRead: customerMessages.isRead,
      message: customerMessages.message,
    })
    .from(customerMessages)
    .where(eq(customerMessages.threadId, m.w.threads.a))
    .orderBy(customerMessages.id);
  const own = await m.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.userId, m.w.a.id))
    .orderBy(bookings.id);
  return { profile, thread, own };
}
