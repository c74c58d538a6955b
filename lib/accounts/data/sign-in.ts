import "server-only";

import { eq } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { pick } from "@/db/columns";
import { adminUsers, users } from "@/db/schema";
import type { AdminRole } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { normalizeEmail } from "@/lib/email-address";
import {
  SIGN_IN_LINK_TTL_MINUTES,
  signInAttackEmail,
  signInLinkEmail,
  verifyUrl,
} from "@/lib/email/templates";
import { byEmail } from "@/lib/accounts/data/by-email";
import { pendingPasswordHashes } from "@/lib/accounts/data/pending-signups";
import { checkSecondFactor } from "@/lib/accounts/data/second-factor-codes";
import { staffRoleOf, staffRowOfUser } from "@/lib/accounts/data/staff-row";
import { issueToken } from "@/lib/accounts/data/tokens";
import { getDummyHash, PasswordHashingBusy, verifyPassword } from "@/lib/accounts/password";
import {
  accountUnderAttack,
  clearSignInFailures,
  recordSignInFailure,
  signInWait,
} from "@/lib/accounts/sign-in-backoff";
import { clientIp } from "@/lib/rate-limit";
import { actorOf, type AuditActor, VISITOR } from "@/lib/audit/events";
import { recordAudit, recordAuditSafely } from "@/lib/audit/data/trail";

/**
 * Signing in with a password (and a code, for staff with a second factor), before anyone is
 * signed in: the caller is checked by what they hold, never by a session. An account under attack
 * finishes with a mailed link (lib/accounts/data/email-links.ts).
 */

/** The user a token signs in (the fields Auth.js puts in the JWT). */
export type AuthUser = {
  id: string;
  email: string;
  name: string | null;
  sessionVersion: number;
  isAdmin: boolean;
};

/** Records the sign-in; answers what Auth.js puts in the JWT (null: the account is gone). */
export async function signedIn(db: Db | Tx, userId: string): Promise<AuthUser | null> {
  const [row] = await db
    .update(users)
    .set({ lastSignInAt: new Date() })
    .where(eq(users.id, userId))
    .returning(pick(users, "id", "email", "name", "sessionVersion"));
  if (!row) return null;
  return { ...row, isAdmin: (await staffRoleOf(db, userId)) !== null };
}

export type PasswordSignIn =
  | { status: "ok"; user: AuthUser }
  | { status: "invalid" }
  | { status: "unverified" }
  | { status: "throttled"; retryAfterSeconds: number }
  /** Right password, but the account's second factor is on and no code was given. */
  | { status: "mfa_required" }
  /** Right password, wrong (or already used) code. */
  | { status: "mfa_invalid" }
  /** Right password, but the second factor is locked after too many wrong codes. */
  | { status: "mfa_locked" }
  /** Right password, but the account is under attack: a link to finish was mailed. */
  | { status: "confirm_by_email" }
  /** Right password (and code) at the staff sign-in, for an account that is not staff. */
  | { status: "not_staff" };

/** Who tried to sign in, for the audit trail: the account when it exists, else a visitor. */
function attemptActor(
  user: { id: string; email: string; role: AdminRole | null } | undefined,
): AuditActor {
  return user ? actorOf({ userId: user.id, email: user.email, role: user.role }) : VISITOR;
}

/**
 * Checks email and password in constant time for known and unknown emails (an unknown email is
 * checked against a dummy hash). 'unverified' is only said after the right password.
 * 'throttled': this address is locked out of the account after repeated failures
 * (lib/accounts/sign-in-backoff.ts), or too many password hashes are running
 * (lib/accounts/password.ts); nothing was checked. `staffOnly` (the staff sign-in) refuses an
 * account without a role before any session exists. Every attempt is recorded in the audit trail.
 */
export async function authenticateWithPassword(
  email: string,
  password: string,
  code?: string,
  { staffOnly = false }: { staffOnly?: boolean } = {},
): Promise<PasswordSignIn> {
  const ip = await clientIp();
  const wait = await signInWait(email, ip);
  if (wait > 0) {
    await recordAuditSafely({
      action: "auth.sign_in_failed",
      actor: VISITOR,
      outcome: "denied",
      details: { email: normalizeEmail(email), reason: "locked", retryAfterSeconds: wait },
    });
    return { status: "throttled", retryAfterSeconds: wait };
  }
  const db = await getDb();
  const [user] = await db
    .select({
      ...pick(users, "id", "email", "passwordHash", "emailVerified"),
      role: adminUsers.role,
    })
    .from(users)
    .leftJoin(adminUsers, staffRowOfUser)
    .where(byEmail(email))
    .limit(1);
  // An unverified account has no password yet: each of its pending sign-ups has one, and the
  // right one is told 'unverified' (with the offer of a new link), never signed in.
  const hashes = !user
    ? []
    : user.emailVerified
      ? [user.passwordHash]
      : [user.passwordHash, ...(await pendingPasswordHashes(db, user.id))];
  const candidates = hashes.filter((h): h is string => !!h);
  let valid = false;
  try {
    // One hash is always checked (a dummy one for an unknown email), so both take the same time.
    valid = await verifyPassword(password, candidates[0] ?? (await getDummyHash()));
    for (const hash of candidates.slice(1)) {
      if (valid) break;
      valid = await verifyPassword(password, hash);
    }
  } catch (error) {
    if (error instanceof PasswordHashingBusy)
      return { status: "throttled", retryAfterSeconds: error.details.retryAfterSeconds ?? 60 };
    throw error;
  }
  const actor = attemptActor(user ? { ...user, role: user.role ?? null } : undefined);
  if (!user || candidates.length === 0 || !valid) {
    const failure = await recordSignInFailure(email, ip);
    await recordAuditSafely({
      action: "auth.sign_in_failed",
      actor,
      outcome: "failure",
      details: { email: normalizeEmail(email), reason: "password" },
    });
    if (failure.lockSeconds > 0) {
      await recordAuditSafely({
        action: "auth.lockout",
        actor,
        outcome: "denied",
        details: { email: normalizeEmail(email), seconds: failure.lockSeconds, scope: "address" },
      });
    }
    if (failure.reachedCeiling && user?.emailVerified) {
      await recordAuditSafely({
        action: "auth.lockout",
        actor,
        outcome: "denied",
        details: { email: user.email, scope: "account", asks: "second factor or mailed link" },
      });
      await queueEmail({ to: user.email, ...signInAttackEmail() });
    }
    return { status: "invalid" };
  }
  if (!user.emailVerified) return { status: "unverified" };
  const second = await checkSecondFactor(db, user.id, code);
  if (second.status !== "ok") return second;
  if (staffOnly && !user.role) {
    await recordAuditSafely({
      action: "auth.access_denied",
      actor,
      outcome: "denied",
      details: { where: "staff sign-in" },
    });
    return { status: "not_staff" };
  }
  // Under attack, the right password alone is not enough: a second factor was just checked,
  // otherwise the mailbox must confirm.
  if (!second.checked && (await accountUnderAttack(email))) {
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, `sign-in:${user.id}`, SIGN_IN_LINK_TTL_MINUTES * 60_000);
      await queueEmail({ to: user.email, ...signInLinkEmail(verifyUrl(token, "sign-in")) }, tx);
      await recordAudit(
        {
          action: "auth.sign_in_failed",
          actor,
          outcome: "denied",
          details: { reason: "confirm by email" },
        },
        tx,
      );
    });
    return { status: "confirm_by_email" };
  }
  await clearSignInFailures(email, ip);
  const signedInUser = await signedIn(db, user.id);
  if (!signedInUser) return { status: "invalid" };
  await recordAuditSafely({
    action: "auth.sign_in",
    actor,
    details: { method: second.checked ? "password and code" : "password" },
  });
  return { status: "ok", user: signedInUser };
}
