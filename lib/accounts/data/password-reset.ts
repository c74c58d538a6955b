import "server-only";

import { and, eq, gt, sql, TransactionRollbackError } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { adminUsers, users, verificationTokens } from "@/db/schema";
import { queueEmail } from "@/lib/email";
import { passwordResetEmail, RESET_TTL_MINUTES, resetUrl } from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { byEmail } from "@/lib/accounts/data/by-email";
import { staffRowOfUser } from "@/lib/accounts/data/staff-row";
import { consumeToken, deleteTokensOf, issueToken, tokenMatch } from "@/lib/accounts/data/tokens";
import { hashPassword } from "@/lib/accounts/password";
import { isCommonPassword } from "@/lib/accounts/password-rules";
import { emailNameProblem } from "@/lib/accounts/schemas/sign-in";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";

/**
 * 'Forgot password?' and /customer/reset-password: a single-use, expiring link mailed to the
 * account, and the new password it sets. Run before anyone is signed in; the answer is the same
 * whether or not the email has an account.
 */

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
  const match = tokenMatch(token, ["reset:"]);
  if (!match) return false;
  const db = await getDb();
  const [row] = await db
    .select({ identifier: verificationTokens.identifier })
    .from(verificationTokens)
    .where(and(match, gt(verificationTokens.expires, new Date())))
    .limit(1);
  return !!row;
}

/**
 * Sets a new password with a reset token (single use). Bumps session_version, which ends every
 * session, deletes every other token of the user, and marks the email verified (the link proved
 * the mailbox). A password the rules refuse (lib/accounts/password-rules.ts) throws
 * `password_rejected`, and the link stays usable.
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
      .leftJoin(adminUsers, staffRowOfUser)
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
