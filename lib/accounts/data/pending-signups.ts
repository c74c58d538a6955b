/**
 * Pending sign-ups: each sign-up of an unverified address keeps its password hash on its own
 * verification token ('verify:<userId>' in verification_tokens), never on the account. The
 * account's password is set only when one of those links is used
 * (lib/accounts/data/email-links.ts, consumeEmailLink), so whoever signed up first with someone
 * else's address cannot hold the password of the account its owner later verifies. Unverified
 * accounts expire after 7 days.
 *
 * No `server-only` marker: the server's start (lib/startup.ts, from instrumentation) purges
 * expired sign-ups too.
 */
import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { users, verificationTokens } from "@/db/schema";
import { hashToken, newToken } from "@/lib/accounts/tokens";

/** How long an account may stay unverified before it is deleted. */
export const UNVERIFIED_ACCOUNT_DAYS = 7;
/** Sign-ups kept per unverified account (each with its own link); older ones are dropped. */
export const MAX_PENDING_SIGNUPS = 3;

const verifyIdentifier = (userId: string) => `verify:${userId}`;

/** A new link for a sign-up with this password hash; the clear token for the mail. */
export async function addPendingSignUp(
  tx: Db | Tx,
  userId: string,
  passwordHash: string | null,
  ttlMs: number,
): Promise<string> {
  const identifier = verifyIdentifier(userId);
  const kept = await tx
    .select({ token: verificationTokens.token })
    .from(verificationTokens)
    .where(eq(verificationTokens.identifier, identifier))
    .orderBy(desc(verificationTokens.expires))
    .limit(MAX_PENDING_SIGNUPS - 1);
  await tx.delete(verificationTokens).where(
    and(
      eq(verificationTokens.identifier, identifier),
      kept.length
        ? sql`${verificationTokens.token} not in (${sql.join(
            kept.map((k) => sql`${k.token}`),
            sql`, `,
          )})`
        : undefined,
    ),
  );
  const token = newToken();
  await tx.insert(verificationTokens).values({
    identifier,
    token: hashToken(token),
    expires: new Date(Date.now() + ttlMs),
    passwordHash,
  });
  return token;
}

/** The password hashes of an unverified account's sign-ups, newest first (expired links too). */
export async function pendingPasswordHashes(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ passwordHash: verificationTokens.passwordHash })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.identifier, verifyIdentifier(userId)),
        isNotNull(verificationTokens.passwordHash),
      ),
    )
    .orderBy(desc(verificationTokens.expires))
    .limit(MAX_PENDING_SIGNUPS);
  return rows.flatMap((r) => (r.passwordHash ? [r.passwordHash] : []));
}

/**
 * A new link for the newest sign-up (a 'send a new link' request): replaces that sign-up's
 * link, keeping its password hash. Returns the clear token for the mail.
 */
export async function renewNewestSignUp(tx: Db | Tx, userId: string, ttlMs: number) {
  const identifier = verifyIdentifier(userId);
  const [newest] = await tx
    .select({ token: verificationTokens.token, passwordHash: verificationTokens.passwordHash })
    .from(verificationTokens)
    .where(eq(verificationTokens.identifier, identifier))
    .orderBy(desc(verificationTokens.expires))
    .limit(1);
  if (newest) {
    await tx
      .delete(verificationTokens)
      .where(
        and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, newest.token)),
      );
  }
  return addPendingSignUp(tx, userId, newest?.passwordHash ?? null, ttlMs);
}

/** Every pending sign-up of the account (after it is verified, or its password reset). */
export async function deletePendingSignUps(tx: Db | Tx, userId: string): Promise<void> {
  await tx
    .delete(verificationTokens)
    .where(eq(verificationTokens.identifier, verifyIdentifier(userId)));
}

/**
 * Deletes accounts still unverified UNVERIFIED_ACCOUNT_DAYS after they were made, and every
 * verification link left without an account. Run at each sign-up and when the server starts.
 */
export async function purgeExpiredSignUps(db: Db | Tx): Promise<void> {
  const cutoff = new Date(Date.now() - UNVERIFIED_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
  await db
    .delete(users)
    .where(and(sql`${users.emailVerified} is null`, lt(users.createdAt, cutoff)));
  await db
    .delete(verificationTokens)
    .where(
      and(
        sql`${verificationTokens.identifier} like 'verify:%'`,
        sql`not exists (select 1 from ${users} where 'verify:' || ${users.id}::text = ${verificationTokens.identifier})`,
      ),
    );
}
