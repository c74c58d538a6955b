import "server-only";

import { and, eq, isNull, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { users } from "@/db/schema";
import { byEmail } from "@/lib/accounts/data/by-email";
import { deletePendingSignUps } from "@/lib/accounts/data/pending-signups";
import { type AuthUser, signedIn } from "@/lib/accounts/data/sign-in";
import { staffRoleOf } from "@/lib/accounts/data/staff-row";
import { consumeTokenRow } from "@/lib/accounts/data/tokens";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";

/**
 * What a link mailed to an account does when it is opened (app/api/auth/verify, through auth.ts):
 * a sign-up's verification, a customer's new email, or the end of a sign-in on an account under
 * attack. The link's token is the caller's only proof: no session is checked.
 */

export type EmailLinkResult =
  | { status: "ok"; kind: "verified" | "email-changed" | "signed-in"; user: AuthUser }
  /** The link did its work, but a staff account signs in with its password (and code). */
  | { status: "sign-in-required"; kind: "verified" | "email-changed" }
  | { status: "invalid" }
  | { status: "email-taken" };

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
