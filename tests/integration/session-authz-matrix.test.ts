/**
 * Authorization matrix of the session and password actions, in the manner of
 * customer-authz-matrix.test.ts: each action for a visitor, customer A, customer B and
 * an admin. Every caller acts on their own account only: A's password and A's sessions are the
 * same after anyone else has called everything.
 *
 *   redirect   sent to /customer/auth, nothing read or written
 *   allowed    the operation ran, on the caller's own account
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, vi } from "vitest";

import { userSessions, users } from "@/db/schema";
import {
  CUSTOMER_AREA_ACTORS,
  CUSTOMER_GUARD_REDIRECTS,
  type CustomerAreaActor,
  everyone,
  type Expected,
  matrixTests,
  type Operation,
  outcomeOf,
} from "@/tests/helpers/authz-matrix";
import { actAs, createWorld, WORLD_PASSWORD, type World } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import * as authActions from "@/actions/auth";
import * as customerActions from "@/actions/customer";

/** The customer-world stand-in for Auth.js, its session carrying the caller's session id. */
const sessionIds = new Map<string, string>();
vi.mock("@/auth", async () => {
  const { authMock } = await import("@/tests/helpers/customer-world");
  return {
    ...authMock,
    auth: async () => {
      const session = await authMock.auth();
      return session ? { ...session, sessionId: sessionIds.get(session.user.id) } : null;
    },
  };
});

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: World;

type Actor = CustomerAreaActor;

const SELF: Expected<Actor> = {
  visitor: "redirect",
  customerA: "allowed",
  customerB: "allowed",
  admin: "allowed",
};

/** In this order: the password change keeps the current session, Sign Out then ends it. */
const operations = (): Operation<Actor>[] => [
  {
    name: "actions/customer.ts#changePasswordAction",
    expected: SELF,
    run: () =>
      customerActions.changePasswordAction(undefined, {
        currentPassword: WORLD_PASSWORD,
        newPassword: "matrix passphrase 2027",
        confirmPassword: "matrix passphrase 2027",
      }),
  },
  {
    name: "actions/auth.ts#signOutAction",
    expected: everyone(CUSTOMER_AREA_ACTORS, "allowed"),
    run: () => authActions.signOutAction(undefined, {}),
  },
  {
    name: "actions/customer.ts#signOutAllDevicesAction",
    expected: SELF,
    run: () => customerActions.signOutAllDevicesAction(undefined, {}),
  },
];

const judge = (operation: Operation<Actor>) =>
  outcomeOf(operation.run, {
    redirects: CUSTOMER_GUARD_REDIRECTS,
    value: (value) =>
      (value as { status?: string } | null)?.status === "success"
        ? "allowed"
        : `unexpected result ${JSON.stringify(value)}`,
  });

/** Two live sessions per account; the first is the caller's own (the mock's sessionId). */
async function giveSessions(userId: string) {
  const rows = await t.db
    .insert(userSessions)
    .values([{ userId }, { userId }])
    .returning({ id: userSessions.id });
  sessionIds.set(userId, rows[0]!.id);
}

beforeAll(async () => {
  w = await createWorld(t.db);
  for (const user of [w.a, w.b, w.admin]) await giveSessions(user.id);
});

const callers = { customerA: () => w.a, customerB: () => w.b, admin: () => w.admin };

describe("session and password authorization matrix", () => {
  matrixTests({
    actors: CUSTOMER_AREA_ACTORS,
    title: (who) => `${who}: every session and password action`,
    operations,
    become: (who) => actAs(who === "visitor" ? null : callers[who]()),
    judge,
    snapshot: snapshotA,
    check: (who, before, after) => {
      if (who !== "customerA") expect(after).toEqual(before);
      else expect(after).toMatchObject({ sessions: [] });
    },
  });
});

/** A's password hash and sessions, which no one else may change or end. */
async function snapshotA() {
  const [row] = await t.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, w.a.id));
  const sessions = await t.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.userId, w.a.id))
    .orderBy(userSessions.id);
  return { passwordHash: row?.passwordHash, sessions };
}
