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
  customerArea,
  type CustomerAreaOperation,
  openMatrixWorld,
} from "@/tests/helpers/authz-matrix";
import { WORLD_PASSWORD } from "@/tests/helpers/customer-world";
import * as accountActions from "@/actions/accounts";

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

const m = openMatrixWorld();

/** In this order: the password change keeps the current session, Sign Out then ends it. */
const operations = (): CustomerAreaOperation[] => [
  {
    name: "actions/accounts.ts#changePasswordAction",
    expected: customerArea.self,
    run: () =>
      accountActions.changePasswordAction(undefined, {
        currentPassword: WORLD_PASSWORD,
        newPassword: "matrix passphrase 2027",
        confirmPassword: "matrix passphrase 2027",
      }),
  },
  {
    name: "actions/accounts.ts#signOutAction",
    expected: customerArea.everyone("allowed"),
    run: () => accountActions.signOutAction(undefined, {}),
  },
  {
    name: "actions/accounts.ts#signOutAllDevicesAction",
    expected: customerArea.self,
    run: () => accountActions.signOutAllDevicesAction(undefined, {}),
  },
];

const judge = (operation: CustomerAreaOperation) =>
  customerArea.outcome(operation.run, {
    value: (value) =>
      (value as { status?: string } | null)?.status === "success"
        ? "allowed"
        : `unexpected result ${JSON.stringify(value)}`,
  });

/** Two live sessions per account; the first is the caller's own (the mock's sessionId). */
async function giveSessions(userId: string) {
  const rows = await m.db
    .insert(userSessions)
    .values([{ userId }, { userId }])
    .returning({ id: userSessions.id });
  sessionIds.set(userId, rows[0]!.id);
}

beforeAll(async () => {
  for (const user of [m.w.a, m.w.b, m.w.admin]) await giveSessions(user.id);
});

describe("session and password authorization matrix", () => {
  customerArea.tests({
    title: (who) => `${who}: every session and password action`,
    operations,
    become: m.become,
    judge,
    snapshot: snapshotA,
    unchanged: customerArea.notA,
    check: (who, _before, after) => {
      if (who === "customerA") expect(after).toMatchObject({ sessions: [] });
    },
  });
});

/** A's password hash and sessions, which no one else may change or end. */
async function snapshotA() {
  const [row] = await m.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, m.w.a.id));
  const sessions = await m.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.userId, m.w.a.id))
    .orderBy(userSessions.id);
  return { passwordHash: row?.passwordHash, sessions };
}
