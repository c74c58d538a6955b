/** The mails an integration test's actions queued, read from its own database's outbox. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";

import type { Db } from "@/db";
import { emailOutbox } from "@/db/schema";
import type { OutboxAttachment } from "@/lib/domain";

/** The newest mail to `to` (of `template`, when given), or null. */
export async function latestMail(db: Db, to: string, template?: string) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(
      and(
        sql`lower(${emailOutbox.toAddress}) = ${to.toLowerCase()}`,
        template ? eq(emailOutbox.template, template) : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return mail ?? null;
}

/** How many mails of `template` were queued to `to` (the address as written). */
export async function mailCount(db: Db, to: string, template: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
  return row!.n;
}

/** The pending mails (to `to`, when given) fall due: their next attempt's time has passed. */
export async function pendingMailsDue(db: Db, to?: string) {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(emailOutbox.status, "pending"), to ? eq(emailOutbox.toAddress, to) : undefined));
}

/** The token of the first `path` link in a mail's text. */
export function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}

/** A queued mail's files, their bytes decoded from the row's base64. */
export function attachmentsOf(mail: { attachments: OutboxAttachment[] }) {
  return mail.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    bytes: Buffer.from(a.content, "base64"),
  }));
}

/** The bytes of a mail's one attachment, which must be a PDF called `filename`. */
export function onlyPdfAttached(mail: { attachments: OutboxAttachment[] }, filename: string) {
  const [file, ...others] = attachmentsOf(mail);
  expect(others).toEqual([]);
  expect(file).toMatchObject({ filename, contentType: "application/pdf" });
  expect(file!.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return file!.bytes;
}
