import "server-only";

import { and, eq, gt, isNull, like, or, sql, TransactionRollbackError } from "drizzle-orm";
import { cache } from "react";

import { type Db, getDb, type Tx } from "@/db";
import { adminUsers, users, verificationTokens } from "@/db/schema";
import type { AdminRole } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { normalizeEmail } from "@/lib/email-address";
import {
  accountExistsEmail,
  passwordResetEmail,
  RESET_TTL_MINUTES,
  resetUrl,
  secondFactorLockedEmail,
  SIGN_IN_LINK_TTL_MINUTES,
  signInAttackEmail,
  signInLinkEmail,
  VERIFY_TTL_HOURS,
  verificationEmail,
  verifyUrl,
} from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import {
  addPendingSignUp,
  deletePendingSignUps,
  pendingPasswordHashes,
  purgeExpiredSignUps,
  renewNewestSignUp,
} from "@/lib/accounts/data/pending-signups";
import { getDummyHash, hashPassword, PasswordHashingBusy, verifyPassword } from "@/lib/accounts/password";
import { isCommonPassword, newPasswordProblem } from "@/lib/accounts/password-rules";
import {
  accountUnderAttack,
  clearSignInFailures,
  recordSignInFailure,
  signInWait,
} from "@/lib/accounts/sign-in-backoff";
import { isRecoveryCodeShape, recoveryCodeHash, totpStep } from "@/lib/accounts/mfa";
import { openMfaSecret } from "@/lib/accounts/mfa-secret";
import { checkRateLimit, clientIp, type RateLimits } from "@/lib/rate-limit";
import {
  actorOf,
  type AuditActor,
  recordAudit,
  recordAuditSafely,
  SYSTEM,
  VISITOR,
} from "@/lib/audit/events";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { emailNameProblem } from "@/lib/accounts/schemas/sign-in";

/**
 * Account operations a visitor may start (sign-up, sign-in, verification, password reset) and the
 * session lookups of auth.ts. They run before anyone is signed in, so they check the caller by
 * what they hold (a password, a single-use token), never by a session.
 *
 * Tokens: 32 random bytes sent by mail; only their SHA-256 is stored, in verification_tokens with
 * an identifier naming purpose and user: 'verify:<userId>', 'reset:<userId>',
 * 'email-change:<userId>:<newEmail>'. Consuming deletes the row (single use). A sign-up's
 * password hash waits on its 'verify:' row until that link is used (lib/accounts/data/pending-signups.ts).
 */

const HOUR = 60 * 60 * 1000;

/** Replaces every token of `identifier` by a new one; returns the clear token for the mail. */
export async function issueToken(tx: Db | Tx, identifier: string, ttlMs: number): Promise<string> {
  const token = newToken();
  await tx.delete(verificationTokens).where(eq(verificationTokens.identifier, identifier));
  await tx.insert(verificationTokens).values({
    identifier,
    token: hashToken(token),
    expires: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Deletes the token (single use) and returns its identifier (and a sign-up's password hash) if
 * it was valid and unexpired.
 */
async function consumeTokenRow(
  tx: Db | Tx,
  token: string,
  prefixes: string[],
): Promise<{ identifier: string; passwordHash: string | null } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await tx
    .delete(verificationTokens)
    .where(
      and(
        eq(verificationTokens.token, hashToken(token)),
        or(...prefixes.map((p) => like(verificationTokens.identifier, `${p}%`))),
      ),
    )
    .returning({
      identifier: verificationTokens.identifier,
      expires: verificationTokens.expires,
      passwordHash: verificationTokens.passwordHash,
    });
  if (!row || row.expires.getTime() <= Date.now()) return null;
  return { identifier: row.identifier, passwordHash: row.passwordHash };
}

async function consumeToken(tx: Db | Tx, token: string, prefixes: string[]) {
  return (await consumeTokenRow(tx, token, prefixes))?.identifier ?? null;
}

export const byEmail = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

/* ------------------------------------------------------------------------------------------ */
/* Session lookups                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** What a session knows about its user: read fresh from the database, once per request. */
export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  sessionVersion: number;
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
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      sessionVersion: users.sessionVersion,
      role: adminUsers.role,
      mfaRequired: adminUsers.mfaRequired,
      mfaEnabledAt: adminUsers.mfaEnabledAt,
    })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
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

/** The user a token signs in (the fields Auth.js puts in the JWT). */
export type AuthUser = {
  id: string;
  email: string;
  name: string | null;
  sessionVersion: number;
  isAdmin: boolean;
};

async function signedIn(db: Db | Tx, userId: string): Promise<AuthUser | null> {
  const [row] = await db
    .update(users)
    .set({ lastSignInAt: new Date() })
    .where(eq(users.id, userId))
    .returning({
      id: users.id,
      email: users.email,
      name: users.name,
      sessionVersion: users.sessionVersion,
    });
  if (!row) return null;
  const [admin] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  return { ...row, isAdmin: !!admin };
}

/* ------------------------------------------------------------------------------------------ */
/* Sign-in and sign-up                                                                         */
/* ------------------------------------------------------------------------------------------ */

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
 * (lib/accounts/sign-in-backoff.ts), or too many password hashes are running (lib/accounts/password.ts); nothing
 * was checked. `staffOnly` (the staff sign-in) refuses an account without a role before any
 * session exists. Every attempt is recorded in the audit trail.
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
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerified: users.emailVerified,
      role: adminUsers.role,
    })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
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
    .innerJoin(users, eq(users.id, adminUsers.userId))
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
    await db
      .update(adminUsers)
      .set({ mfaFailedAttempts: 0, mfaLockedAt: null })
      .where(eq(adminUsers.userId, userId));
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

/** The staff account with this email (any case), for the admin's repairs; undefined if none. */
async function staffByEmail(tx: Db | Tx, email: string) {
  const [row] = await tx
    .select({ userId: users.id, email: users.email, lockedAt: adminUsers.mfaLockedAt })
    .from(users)
    .innerJoin(adminUsers, eq(adminUsers.userId, users.id))
    .where(byEmail(email))
    .limit(1);
  return row;
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
    await tx
      .update(adminUsers)
      .set({ mfaFailedAttempts: 0, mfaLockedAt: null })
      .where(eq(adminUsers.userId, row.userId));
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

/**
 * An admin changes a staff member's email (staff cannot change theirs through a mailed link).
 * Every session of the account ends and every mailed link of it stops working. Run from the
 * admin:create command. Throws `not_found` for an email that is not staff, and
 * `staff_email_change` when the new email already belongs to an account.
 */
export async function changeStaffEmail(email: string, newEmail: string): Promise<void> {
  const db = await getDb();
  const next = normalizeEmail(newEmail);
  await db.transaction(async (tx) => {
    const row = await staffByEmail(tx, email);
    if (!row) throw new DomainError("not_found");
    const [taken] = await tx.select({ id: users.id }).from(users).where(byEmail(next)).limit(1);
    if (taken) throw new DomainError("staff_email_change");
    await tx
      .update(users)
      .set({
        email: next,
        emailVerified: new Date(),
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(eq(users.id, row.userId));
    await deleteTokensOf(tx, row.userId);
    await recordAudit(
      {
        action: "auth.email_change",
        actor: SYSTEM,
        target: { type: "user", id: row.userId },
        details: { from: row.email, to: next, by: "admin" },
      },
      tx,
    );
  });
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

export type SignUpInput = { fullName: string; email: string; password: string; phone?: string };

/**
 * Creates an unverified account (with no password) and mails a verification link that carries
 * this sign-up's password: the account gets it only when that link is used. The answer is the
 * same whether the email is new or not: an existing unverified account gets one more pending
 * sign-up with its own link, a verified one gets an 'you already have an account' mail.
 * Accounts left unverified for 7 days are deleted first.
 */
export async function signUpCustomer(input: SignUpInput): Promise<void> {
  const email = normalizeEmail(input.email);
  const problem = await newPasswordProblem(input.password, email);
  if (problem) throw new DomainError("password_rejected", { reason: problem });
  // Hashed before knowing whether the email exists: both answers take the same time.
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await purgeExpiredSignUps(tx);
    const [created] = await tx
      .insert(users)
      .values({ email, name: input.fullName.trim(), phone: input.phone?.trim() || null })
      .onConflictDoNothing()
      .returning({ id: users.id, name: users.name });
    if (created) {
      await sendVerification(tx, created.id, email, created.name, passwordHash);
      return;
    }
    const [existing] = await tx
      .select({ id: users.id, name: users.name, emailVerified: users.emailVerified })
      .from(users)
      .where(byEmail(email))
      .limit(1);
    if (!existing) throw new Error("sign-up: conflicting account not found");
    if (existing.emailVerified) {
      await queueEmail({ to: email, ...accountExistsEmail() }, tx);
    } else {
      await sendVerification(tx, existing.id, email, existing.name, passwordHash);
    }
  });
}

/** Mails a verification link for a new sign-up (`passwordHash`), or renews the newest one. */
async function sendVerification(
  tx: Db | Tx,
  userId: string,
  email: string,
  name: string | null,
  passwordHash?: string,
) {
  const ttl = VERIFY_TTL_HOURS * HOUR;
  const token = passwordHash
    ? await addPendingSignUp(tx, userId, passwordHash, ttl)
    : await renewNewestSignUp(tx, userId, ttl);
  await queueEmail({ to: email, ...verificationEmail(name, verifyUrl(token)) }, tx);
}

/**
 * A new verification link for an unverified account with one pending sign-up (the link replaces
 * that sign-up's earlier one); nothing (and the same answer) otherwise. With several sign-ups
 * waiting, nobody can tell whose the newest is: renewing it could mail the owner a link that
 * sets a stranger's password. Each of them signs up again instead, which mails a link of their
 * own.
 */
export async function resendVerification(email: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
      })
      .from(users)
      .where(byEmail(email))
      .limit(1);
    if (!user || user.emailVerified) return;
    if ((await pendingPasswordHashes(tx, user.id)).length > 1) return;
    await sendVerification(tx, user.id, user.email, user.name);
  });
}

export type EmailLinkResult =
  | { status: "ok"; kind: "verified" | "email-changed" | "signed-in"; user: AuthUser }
  /** The link did its work, but a staff account signs in with its password (and code). */
  | { status: "sign-in-required"; kind: "verified" | "email-changed" }
  | { status: "invalid" }
  | { status: "email-taken" };

/** The account's staff role, or null: a mailed link alone never signs a staff account in. */
async function staffRoleOf(tx: Db | Tx, userId: string): Promise<AdminRole | null> {
  const [row] = await tx
    .select({ role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  return row?.role ?? null;
}

/**
 * Consumes a verification, email-change or sign-in token and returns the user it signs in.
 * Verification sets email_verified and the password of the sign-up the link was mailed for, and
 * deletes the account's other pending sign-ups; an account that is already verified is left as
 * it is (its owner verified it: no link of someone else's sign-up touches it). An email change
 * replaces the email (if still free) and marks it verified. A sign-in link (mailed after the
 * right password, on an account under attack) finishes that sign-in.
 *
 * A link proves a mailbox, not the password: it never signs in a staff account (a role, and
 * perhaps a second factor, that a stolen mailbox must not get past). Such an email change is
 * made, and its owner signs in again at the staff sign-in. The sign-in link is the exception:
 * it is mailed only after the right password was given, so it is the second step, not the only
 * one; staff with a second factor never get one (their code is the second step).
 */
export async function consumeEmailLink(token: string): Promise<EmailLinkResult> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<EmailLinkResult> => {
    const consumed = await consumeTokenRow(tx, token, ["verify:", "email-change:", "sign-in:"]);
    if (!consumed) return { status: "invalid" };
    const { identifier } = consumed;
    if (identifier.startsWith("sign-in:")) {
      const userId = identifier.slice("sign-in:".length);
      const user = await signedIn(tx, userId);
      if (!user) return { status: "invalid" };
      await recordAudit(
        {
          action: "auth.sign_in",
          actor: actorOf({
            userId: user.id,
            email: user.email,
            role: await staffRoleOf(tx, userId),
          }),
          details: { method: "password and mailed link" },
        },
        tx,
      );
      return { status: "ok", kind: "signed-in", user };
    }
    if (identifier.startsWith("verify:")) {
      const userId = identifier.slice("verify:".length);
      const [verified] = await tx
        .update(users)
        .set({
          emailVerified: new Date(),
          ...(consumed.passwordHash ? { passwordHash: consumed.passwordHash } : {}),
        })
        .where(and(eq(users.id, userId), isNull(users.emailVerified)))
        .returning({ id: users.id });
      if (!verified) return { status: "invalid" };
      await deletePendingSignUps(tx, userId);
      if (await staffRoleOf(tx, userId)) return { status: "sign-in-required", kind: "verified" };
      const user = await signedIn(tx, userId);
      return user ? { status: "ok", kind: "verified", user } : { status: "invalid" };
    }
    const [, userId = "", ...rest] = identifier.split(":");
    const newEmail = rest.join(":");
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(byEmail(newEmail), sql`${users.id} <> ${userId}`))
      .limit(1);
    if (taken) return { status: "email-taken" };
    const [before] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!before) return { status: "invalid" };
    await tx
      .update(users)
      .set({ email: newEmail, emailVerified: new Date() })
      .where(eq(users.id, userId));
    const role = await staffRoleOf(tx, userId);
    await recordAudit(
      {
        action: "auth.email_change",
        actor: actorOf({ userId, email: before.email, role }),
        target: { type: "user", id: userId },
        details: { from: before.email, to: newEmail },
      },
      tx,
    );
    if (role) return { status: "sign-in-required", kind: "email-changed" };
    const user = await signedIn(tx, userId);
    return user ? { status: "ok", kind: "email-changed", user } : { status: "invalid" };
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Password reset                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** Stands in for the user id of an unknown email (no account has it). */
const NO_USER = "00000000-0000-0000-0000-000000000000";

async function sendPasswordReset(tx: Db | Tx, userId: string, email: string) {
  const token = await issueToken(tx, `reset:${userId}`, RESET_TTL_MINUTES * 60 * 1000);
  await queueEmail({ to: email, ...passwordResetEmail(resetUrl(token)) }, tx);
}

/**
 * Mails a single-use reset link when the account exists; the same answer otherwise. An unknown
 * email does the same work, so the time taken does not tell whether an account exists: the same
 * token and mail are made and written, in a savepoint that is then rolled back.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(byEmail(email))
      .limit(1);
    if (user) {
      await sendPasswordReset(tx, user.id, user.email);
      return;
    }
    try {
      await tx.transaction(async (savepoint) => {
        await sendPasswordReset(savepoint, NO_USER, email);
        savepoint.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
  });
}

/** Whether a reset link is still usable (the page says so before the form is filled in). */
export async function isResetTokenValid(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const db = await getDb();
  const [row] = await db
    .select({ identifier: verificationTokens.identifier })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.token, hashToken(token)),
        like(verificationTokens.identifier, "reset:%"),
        gt(verificationTokens.expires, new Date()),
      ),
    )
    .limit(1);
  return !!row;
}

/** Every token of a user: verification, reset and pending email-change links. */
const tokensOf = (userId: string) =>
  or(
    eq(verificationTokens.identifier, `verify:${userId}`),
    eq(verificationTokens.identifier, `reset:${userId}`),
    like(verificationTokens.identifier, `email-change:${userId}:%`),
  );

/**
 * Deletes every token of the user. After a password reset or change, no link mailed before it
 * (an email change someone else asked for, another reset) may sign anyone in.
 */
export async function deleteTokensOf(tx: Db | Tx, userId: string): Promise<void> {
  await tx.delete(verificationTokens).where(tokensOf(userId));
}

/**
 * Sets a new password with a reset token (single use). Bumps session_version, which ends every
 * session, deletes every other token of the user, and marks the email verified (the link proved
 * the mailbox). A password the rules refuse (lib/accounts/password-rules.ts) throws `password_rejected`,
 * and the link stays usable.
 */
export async function resetPasswordWithToken(token: string, password: string): Promise<boolean> {
  if (await isCommonPassword(password))
    throw new DomainError("password_rejected", { reason: "common" });
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const identifier = await consumeToken(tx, token, ["reset:"]);
    if (!identifier) return false;
    const userId = identifier.slice("reset:".length);
    const [user] = await tx
      .select({ email: users.email, role: adminUsers.role })
      .from(users)
      .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) return false;
    // Thrown inside the transaction: it is rolled back and the token is not spent.
    if (emailNameProblem(password, user.email))
      throw new DomainError("password_rejected", { reason: "contains_email_name" });
    await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        emailVerified: sql`coalesce(${users.emailVerified}, now())`,
      })
      .where(eq(users.id, userId));
    await deleteTokensOf(tx, userId);
    await recordAudit(
      {
        action: "auth.password_reset",
        actor: actorOf({ userId, email: user.email, role: user.role }),
        details: { sessionsEnded: true },
      },
      tx,
    );
    return true;
  });
}
