import "server-only";

import { and, eq, lt, ne, or } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { pick } from "@/db/columns";
import { adminUsers, userSessions } from "@/db/schema";
import { staffRoleOf } from "@/lib/accounts/data/staff-row";
import { isUuid } from "@/lib/ids";
import {
  SESSION_TOUCH_MS,
  type SessionLimits,
  sessionLimits,
} from "@/lib/accounts/session-lifetime";

/**
 * Server-side sessions: a row per sign-in whose id the session JWT carries (auth.ts). The JWT alone
 * is not enough to be signed in: its row must exist, be younger than the absolute limit and have
 * been used within the idle limit (lib/accounts/session-lifetime.ts: shorter for a staff account, decided
 * at each check by its admin_users row). Deleting rows ends sessions wherever their cookies are
 * (Sign Out, 'Sign out of all devices', a password change).
 *
 * startSession and checkSession run inside Auth.js's jwt callback, for the token being signed in
 * or presented: the token (signed and encrypted with AUTH_SECRET) is the caller's proof. What a
 * signed-in customer does to their own sessions is in lib/accounts/data/profile.ts.
 */

/** A row is dead once it is too old or idle too long (at `now`, ms) for its limits. */
const expired = (now: number, limits: SessionLimits) =>
  or(
    lt(userSessions.createdAt, new Date(now - limits.absoluteMs)),
    lt(userSessions.lastSeenAt, new Date(now - limits.idleMs)),
  );

/** A new session for a sign-in; returns its id for the JWT. Clears the user's dead rows. */
export async function startSession(userId: string): Promise<string> {
  const now = Date.now();
  const db = await getDb();
  // A staff account (an admin_users row, whatever its role) has the shorter limits.
  const limits = sessionLimits((await staffRoleOf(db, userId)) !== null);
  await db.delete(userSessions).where(and(eq(userSessions.userId, userId), expired(now, limits)));
  const [row] = await db
    .insert(userSessions)
    .values({ userId, createdAt: new Date(now), lastSeenAt: new Date(now) })
    .returning({ id: userSessions.id });
  if (!row) throw new Error("session: not created");
  return row.id;
}

/**
 * Whether the session `sessionId` of `userId` is alive: its row exists, began less than the
 * absolute limit ago and was used within the idle limit, the staff limits when the account has an
 * admin_users row at this check (read in the same query). A live session's last_seen_at is moved
 * to now when it is more than SESSION_TOUCH_MS old; a dead one's row is deleted.
 */
export async function checkSession(sessionId: string, userId: string): Promise<boolean> {
  if (!isUuid(sessionId) || !isUuid(userId)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ ...pick(userSessions, "createdAt", "lastSeenAt"), staffId: adminUsers.id })
    .from(userSessions)
    .leftJoin(adminUsers, eq(adminUsers.userId, userSessions.userId))
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
    .limit(1);
  if (!row) return false;
  const now = Date.now();
  const limits = sessionLimits(row.staffId !== null);
  if (
    now - row.createdAt.getTime() >= limits.absoluteMs ||
    now - row.lastSeenAt.getTime() >= limits.idleMs
  ) {
    await db.delete(userSessions).where(eq(userSessions.id, sessionId));
    return false;
  }
  if (now - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    await db
      .update(userSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(userSessions.id, sessionId));
  }
  return true;
}

/**
 * Ends sessions of `userId`: one (`only`), every one but one (`except`: the caller's own, kept
 * through a password change), or all.
 */
export async function endSessions(
  tx: Db | Tx,
  userId: string,
  which: { only: string } | { except: string | null } | "all",
): Promise<void> {
  const ofUser = eq(userSessions.userId, userId);
  if (which === "all") {
    await tx.delete(userSessions).where(ofUser);
  } else if ("only" in which) {
    if (!isUuid(which.only)) return;
    await tx.delete(userSessions).where(and(ofUser, eq(userSessions.id, which.only)));
  } else {
    const keep = which.except && isUuid(which.except) ? which.except : null;
    await tx.delete(userSessions).where(keep ? and(ofUser, ne(userSessions.id, keep)) : ofUser);
  }
}
