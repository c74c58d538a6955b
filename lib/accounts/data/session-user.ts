import "server-only";

import { eq } from "drizzle-orm";
import { cache } from "react";

import { getDb } from "@/db";
import { pick } from "@/db/columns";
import { adminUsers, users } from "@/db/schema";
import { staffRowOfUser } from "@/lib/accounts/data/staff-row";
import type { AdminRole } from "@/lib/domain";
import { isUuid } from "@/lib/ids";

/**
 * The user behind a session, as Auth.js (auth.ts) and the session guards (lib/session.ts) read it
 * on every request: fresh from the database, so a role, a second factor or an ended session
 * counts at once.
 */

/** What a session knows about its user: read fresh from the database, once per request. */
export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  sessionVersion: number;
  /** When the account was made: a brand-new one is greeted 'Welcome', not 'Welcome back'. */
  createdAt: Date;
  role: AdminRole | null;
  /** Staff: a second factor is mandatory for this account (admin:create --require-mfa). */
  mfaRequired: boolean;
  /** Staff: TOTP is on (sign-in asked for a code). */
  mfaEnabled: boolean;
};

export const loadSessionUser = cache(async (userId: string): Promise<SessionUser | null> => {
  if (!isUuid(userId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...pick(users, "id", "email", "name", "emailVerified", "sessionVersion", "createdAt"),
      ...pick(adminUsers, "role", "mfaRequired", "mfaEnabledAt"),
    })
    .from(users)
    .leftJoin(adminUsers, staffRowOfUser)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { mfaEnabledAt, ...rest } = row;
  return {
    ...rest,
    emailVerified: row.emailVerified !== null,
    role: row.role ?? null,
    mfaRequired: row.mfaRequired ?? false,
    mfaEnabled: mfaEnabledAt !== null,
  };
});
