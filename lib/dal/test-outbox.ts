import "server-only";

import { and, desc, eq, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { e2eOutboxEnabled } from "@/lib/env";

export type OutboxMail = {
  template: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

/**
 * The newest outbox mail to an address, for the Playwright tests only: the e2e server runs on
 * PGlite, which one process at a time may open, so the tests read mails over HTTP. Returns null
 * (and the route answers 404) unless E2E_OUTBOX=1 and the database is the embedded one.
 */
export async function latestOutboxMail(to: string, template?: string): Promise<OutboxMail | null> {
  if (!e2eOutboxEnabled) return null;
  const db = await getDb();
  const conditions = [sql`lower(${emailOutbox.toAddress}) = ${to.trim().toLowerCase()}`];
  if (template) conditions.push(eq(emailOutbox.template, template));
  const [row] = await db
    .select({
      template: emailOutbox.template,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.html,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(and(...conditions))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}
