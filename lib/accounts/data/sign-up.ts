import "server-only";

import { type Db, getDb, type Tx } from "@/db";
import { pick } from "@/db/columns";
import { users } from "@/db/schema";
import { queueEmail } from "@/lib/email";
import { normalizeEmail } from "@/lib/email-address";
import {
  accountExistsEmail,
  VERIFY_TTL_HOURS,
  verificationEmail,
  verifyUrl,
} from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { byEmail } from "@/lib/accounts/data/by-email";
import {
  addPendingSignUp,
  pendingPasswordHashes,
  purgeExpiredSignUps,
  renewNewestSignUp,
} from "@/lib/accounts/data/pending-signups";
import { hashPassword } from "@/lib/accounts/password";
import { newPasswordProblem } from "@/lib/accounts/password-rules";

/**
 * A visitor's sign-up and its verification link (mailed again on request). Run before anyone is
 * signed in; the answer is the same whether or not the email has an account. The link itself is
 * used in lib/accounts/data/email-links.ts.
 */

const HOUR = 60 * 60 * 1000;

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
      .select(pick(users, "id", "name", "emailVerified"))
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
      .select(pick(users, "id", "email", "name", "emailVerified"))
      .from(users)
      .where(byEmail(email))
      .limit(1);
    if (!user || user.emailVerified) return;
    if ((await pendingPasswordHashes(tx, user.id)).length > 1) return;
    await sendVerification(tx, user.id, user.email, user.name);
  });
}
