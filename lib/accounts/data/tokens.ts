import "server-only";

import { and, eq, like, or, type SQL } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { pick } from "@/db/columns";
import { verificationTokens } from "@/db/schema";
import { hashToken, newToken } from "@/lib/accounts/tokens";

/**
 * The single-use tokens of the links mailed to an account: 32 random bytes sent by mail, of which
 * only the SHA-256 is stored, in verification_tokens with an identifier naming purpose and user:
 * 'verify:<userId>', 'sign-in:<userId>', 'reset:<userId>', 'email-change:<userId>:<newEmail>'.
 * Consuming deletes the row (single use). A sign-up's password hash waits on its 'verify:' row
 * until that link is used (lib/accounts/data/pending-signups.ts).
 */

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
 * The stored row of a link's token, among the kinds of link whose identifiers start with one of
 * `prefixes` (expired or not); null for a token no link carries (empty or too long).
 */
export function tokenMatch(token: string, prefixes: string[]): SQL | null {
  if (!token || token.length > 200) return null;
  return and(
    eq(verificationTokens.token, hashToken(token)),
    or(...prefixes.map((p) => like(verificationTokens.identifier, `${p}%`))),
  )!;
}

/**
 * Deletes the token (single use) and returns its identifier (and a sign-up's password hash) if
 * it was valid and unexpired.
 */
export async function consumeTokenRow(
  tx: Db | Tx,
  token: string,
  prefixes: string[],
): Promise<{ identifier: string; passwordHash: string | null } | null> {
  const match = tokenMatch(token, prefixes);
  if (!match) return null;
  const [row] = await tx
    .delete(verificationTokens)
    .where(match)
    .returning(pick(verificationTokens, "identifier", "expires", "passwordHash"));
  if (!row || row.expires.getTime() <= Date.now()) return null;
  return { identifier: row.identifier, passwordHash: row.passwordHash };
}

export async function consumeToken(tx: Db | Tx, token: string, prefixes: string[]) {
  return (await consumeTokenRow(tx, token, prefixes))?.identifier ?? null;
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
