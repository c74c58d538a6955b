/**
 * The database side of the email outbox (`email_outbox`): insert a mail (in the caller's
 * transaction when given), claim the due ones for a sender, record each outcome. Sending,
 * retries and rendering stay in lib/email.
 *
 * No `server-only` marker: lib/server-start.ts (instrumentation) starts the retry timer, which
 * reaches these functions; application code goes through `@/lib/email`, which has the marker.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { emailOutbox, type OutboxEmail } from "@/db/schema";
import type { OutboxAttachment } from "@/lib/domain";

/** A database or an open transaction: a mail queued in a transaction commits with its row. */
export type DbOrTx = Db | Tx;

/** One outbox row, as the sender reads it. */
export type OutboxRow = OutboxEmail;

export type NewOutboxEmail = {
  template: string;
  toAddress: string;
  fromAddress: string;
  subject: string;
  html: string;
  textBody: string;
  headers: Record<string, string>;
  /** Files sent with the mail, base64 (lib/email/outbox.ts encodes and weighs them). */
  attachments: OutboxAttachment[];
};

/** A claimed row is invisible to other workers this long (a crashed worker's rows come back). */
const LEASE = sql`interval '5 minutes'`;

/** Writes one mail (pending, due now) and returns its id. */
export async function insertOutboxEmail(mail: NewOutboxEmail, db?: DbOrTx): Promise<string> {
  const target = db ?? (await getDb());
  const [row] = await target.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
  if (!row) throw new Error("email_outbox insert returned no row");
  return row.id;
}

/** Claims due rows: pending, due, not claimed by another worker (the lease moves them ahead). */
export async function claimDueEmails(limit: number): Promise<OutboxRow[]> {
  const db = await getDb();
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() + ${LEASE}` })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** The provider accepted the mail. */
export async function markEmailSent(id: string, providerId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(emailOutbox)
    .set({
      status: "sent",
      providerId,
      sentAt: sql`now()`,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: null,
    })
    .where(eq(emailOutbox.id, id));
}

/** A failed attempt: retried after `retryInMs`, or given up ('failed') when `final`. */
export async function markEmailFailed(
  id: string,
  failure: { attempts: number; error: string; final: boolean; retryInMs: number },
): Promise<void> {
  const db = await getDb();
  await db
    .update(emailOutbox)
    .set({
      status: failure.final ? "failed" : "pending",
      attempts: failure.attempts,
      lastError: failure.error,
      nextAttemptAt: sql`now() + ${`${failure.retryInMs} milliseconds`}::interval`,
    })
    .where(eq(emailOutbox.id, id));
}
