import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { newsletterSubscriptions } from "@/db/schema";
import { queueEmail } from "@/lib/email";
import { normalizeEmail } from "@/lib/email-address";
import { newsletterWelcome } from "@/lib/email/templates";
import { isValidUnsubscribeToken, unsubscribeUrl } from "@/lib/newsletter/links";

/**
 * Newsletter subscriptions of visitors (footer form, booking wizard box). Public by nature: a
 * visitor may subscribe any address, and only the holder of a signed link may unsubscribe it.
 * Addresses are stored trimmed and lowercased; uniqueness is on lower(email).
 */

/** The subscription of an address, in any case: the expression the unique index is on. */
export const subscriptionOf = (email: string) =>
  sql`lower(${newsletterSubscriptions.email}) = ${normalizeEmail(email)}`;

export type SubscribeOutcome = "subscribed" | "reactivated" | "already";

/**
 * Subscribes inside the caller's transaction: a new address is inserted, an inactive one is
 * reactivated, an active one is left alone ('already'). New and reactivated addresses get the
 * welcome mail, queued in the same transaction.
 */
export async function subscribeInTransaction(
  tx: Db | Tx,
  email: string,
): Promise<SubscribeOutcome> {
  const address = normalizeEmail(email);
  const inserted = await tx
    .insert(newsletterSubscriptions)
    .values({ email: address })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  let outcome: SubscribeOutcome = "subscribed";
  if (inserted.length === 0) {
    const reactivated = await tx
      .update(newsletterSubscriptions)
      .set({ isActive: true, subscribedAt: sql`now()`, unsubscribedAt: null })
      .where(and(subscriptionOf(address), eq(newsletterSubscriptions.isActive, false)))
      .returning({ id: newsletterSubscriptions.id });
    if (reactivated.length === 0) return "already";
    outcome = "reactivated";
  }
  await queueEmail({ ...newsletterWelcome(unsubscribeUrl(address)), to: address }, tx);
  return outcome;
}

export async function subscribeToNewsletter(email: string): Promise<SubscribeOutcome> {
  const db = await getDb();
  return db.transaction((tx) => subscribeInTransaction(tx, email));
}

export type UnsubscribeOutcome = "unsubscribed" | "invalid_token";

/**
 * Sets is_active false for the address when the token is its signature. An address that is not
 * subscribed (or already unsubscribed) answers 'unsubscribed' too: the link is idempotent and
 * says nothing about who is on the list.
 */
export async function unsubscribeWithToken(
  email: string,
  token: string,
): Promise<UnsubscribeOutcome> {
  const address = normalizeEmail(email);
  if (!isValidUnsubscribeToken(address, token)) return "invalid_token";
  const db = await getDb();
  await db
    .update(newsletterSubscriptions)
    .set({ isActive: false, unsubscribedAt: sql`now()` })
    .where(and(subscriptionOf(address), eq(newsletterSubscriptions.isActive, true)));
  return "unsubscribed";
}
