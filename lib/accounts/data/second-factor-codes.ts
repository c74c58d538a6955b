import "server-only";

import { and, eq, isNull, or, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { adminUsers, users } from "@/db/schema";
import { queueEmail } from "@/lib/email";
import { secondFactorLockedEmail } from "@/lib/email/templates";
import { staffByEmail } from "@/lib/accounts/data/by-email";
import { staffRowOfUser } from "@/lib/accounts/data/staff-row";
import { isRecoveryCodeShape, recoveryCodeHash, totpStep } from "@/lib/accounts/mfa";
import { openMfaSecret } from "@/lib/accounts/mfa-secret";
import { checkRateLimit, type RateLimits } from "@/lib/rate-limit";
import { actorOf, SYSTEM } from "@/lib/audit/events";
import { recordAudit, recordAuditSafely } from "@/lib/audit/data/trail";

/**
 * A staff member's second-factor codes: checked at the staff sign-in's second step and when the
 * factor is turned off (lib/accounts/data/second-factor.ts), each code spent once; the lock after
 * too many wrong codes, and an admin's unlock from the admin:create command.
 */

/**
 * Code attempts per account: a 6-digit code cannot be guessed in the time it lives. Refused while
 * Redis is unreachable, like the sign-in limits (lib/accounts/sign-in-limits.ts).
 */
export const MFA_CODE_LIMITS: RateLimits = { perMinute: 5, perHour: 20, whenStoreDown: "refuse" };

/** Wrong codes in a row after which the second factor locks (a recovery code or an admin unlocks). */
export const MFA_MAX_FAILED_ATTEMPTS = 10;

type SecondFactor =
  /** `checked`: the account has a second factor and a valid code was given. */
  | { status: "ok"; checked: boolean }
  | { status: "mfa_required" }
  | { status: "mfa_invalid" }
  | { status: "mfa_locked" }
  | { status: "throttled"; retryAfterSeconds: number };

/**
 * The second step of a staff sign-in, after the right password: nothing to check when the
 * account has no TOTP; otherwise a 6-digit code of the current step (never one already used) or
 * an unused recovery code (spent by this sign-in). Limited per account (MFA_CODE_LIMITS). After
 * MFA_MAX_FAILED_ATTEMPTS wrong codes in a row the factor locks: TOTP codes are refused until a
 * recovery code (which unlocks it) or an admin; the owner is emailed when it locks.
 */
export async function checkSecondFactor(
  db: Db | Tx,
  userId: string,
  code: string | undefined,
): Promise<SecondFactor> {
  const [row] = await db
    .select({
      secret: adminUsers.mfaSecret,
      lockedAt: adminUsers.mfaLockedAt,
      role: adminUsers.role,
      email: users.email,
    })
    .from(adminUsers)
    .innerJoin(users, staffRowOfUser)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  if (!row?.secret) return { status: "ok", checked: false };
  if (!code?.trim()) return { status: "mfa_required" };
  const actor = actorOf({ userId, email: row.email, role: row.role });
  const limited = await checkRateLimit("mfa-code", [userId], MFA_CODE_LIMITS);
  if (!limited.allowed)
    return { status: "throttled", retryAfterSeconds: limited.retryAfterSeconds };
  const recovery = isRecoveryCodeShape(code);
  if (row.lockedAt && !recovery) {
    await recordAuditSafely({
      action: "auth.mfa_failed",
      actor,
      outcome: "denied",
      details: { reason: "locked" },
    });
    return { status: "mfa_locked" };
  }
  if (await spendSecondFactor(db, userId, openMfaSecret(row.secret), code)) {
    await clearWrongCodes(db, userId);
    if (row.lockedAt) {
      await recordAuditSafely({
        action: "auth.mfa_unlock",
        actor,
        details: { by: "recovery code" },
      });
    }
    return { status: "ok", checked: true };
  }
  const [counted] = await db
    .update(adminUsers)
    .set({ mfaFailedAttempts: sql`${adminUsers.mfaFailedAttempts} + 1` })
    .where(eq(adminUsers.userId, userId))
    .returning({ failed: adminUsers.mfaFailedAttempts, lockedAt: adminUsers.mfaLockedAt });
  await recordAuditSafely({
    action: "auth.mfa_failed",
    actor,
    outcome: "failure",
    details: { inARow: counted?.failed ?? null },
  });
  if (counted && counted.failed >= MFA_MAX_FAILED_ATTEMPTS && !counted.lockedAt) {
    // Only the request that locks it (lockedAt still null) tells the owner.
    const locked = await db
      .update(adminUsers)
      .set({ mfaLockedAt: new Date() })
      .where(and(eq(adminUsers.userId, userId), isNull(adminUsers.mfaLockedAt)))
      .returning({ id: adminUsers.id });
    if (locked.length > 0) {
      await recordAuditSafely({
        action: "auth.mfa_lockout",
        actor,
        outcome: "denied",
        details: { failed: counted.failed },
      });
      await queueEmail({ to: row.email, ...secondFactorLockedEmail() });
    }
    return { status: "mfa_locked" };
  }
  return { status: "mfa_invalid" };
}

/** The wrong codes in a row start again from none, and a lock they caused is lifted. */
async function clearWrongCodes(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({ mfaFailedAttempts: 0, mfaLockedAt: null })
    .where(eq(adminUsers.userId, userId));
}

/**
 * Accepts a TOTP code (its step must be newer than the last accepted one: a code seen over a
 * shoulder is useless once used) or spends a recovery code. Atomic: two requests with the same
 * code cannot both pass.
 */
export async function spendSecondFactor(
  db: Db | Tx,
  userId: string,
  secret: string,
  code: string,
): Promise<boolean> {
  if (isRecoveryCodeShape(code)) {
    const hash = recoveryCodeHash(code);
    const spent = await db
      .update(adminUsers)
      .set({ mfaRecoveryHashes: sql`array_remove(${adminUsers.mfaRecoveryHashes}, ${hash})` })
      .where(
        and(eq(adminUsers.userId, userId), sql`${hash} = any(${adminUsers.mfaRecoveryHashes})`),
      )
      .returning({ id: adminUsers.id });
    return spent.length > 0;
  }
  const step = totpStep(secret, code);
  if (step === null) return false;
  const accepted = await db
    .update(adminUsers)
    .set({ mfaLastStep: step })
    .where(
      and(
        eq(adminUsers.userId, userId),
        or(sql`${adminUsers.mfaLastStep} is null`, sql`${adminUsers.mfaLastStep} < ${step}`),
      ),
    )
    .returning({ id: adminUsers.id });
  return accepted.length > 0;
}

/**
 * An admin unlocks a staff member's locked second factor (the wrong-code count starts again).
 * Run from the admin:create command by someone with access to the server. Returns whether an
 * account with that email has a second factor to unlock.
 */
export async function unlockSecondFactor(email: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await staffByEmail(tx, email);
    if (!row) return false;
    await clearWrongCodes(tx, row.userId);
    await recordAudit(
      {
        action: "auth.mfa_unlock",
        actor: SYSTEM,
        target: { type: "user", id: row.userId },
        details: { email: row.email, by: "admin", wasLocked: row.lockedAt !== null },
      },
      tx,
    );
    return true;
  });
}
