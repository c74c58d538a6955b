/**
 * The email outbox: every mail is written to `email_outbox` first (inside the transaction of the
 * row that caused it, so a booking and its mails commit together), then delivered by
 * `deliverPending()`: through Resend when RESEND_API_KEY is set, otherwise kept in the outbox
 * (status 'sent', provider 'outbox') and logged, where the demo and the tests read it. The
 * queries are in lib/email/data.ts.
 *
 * A mail may carry files (a PDF receipt or invoice): their bytes are stored base64 in the row
 * with the mail, so a retry sends exactly what was queued, and handed to Resend as its
 * attachments.
 *
 * This module has no `server-only` marker because lib/server-start.ts (instrumentation) starts the
 * retry timer from here; application code imports `@/lib/email`, which has the marker.
 */
import {
  claimDueEmails,
  type DbOrTx,
  insertOutboxEmail,
  markEmailFailed,
  markEmailSent,
  type OutboxRow,
} from "@/lib/email/data";
import type { OutboxAttachment } from "@/lib/domain";
import { env } from "@/lib/env";
import { startProcessTimer } from "@/lib/process-timer";

/** A file to send with a mail, as the code that renders it holds it. */
export type EmailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type EmailMessage = {
  /** Template name, kept for the outbox reader and logs ('booking-received', ...). */
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: readonly EmailAttachment[];
};

/** After this many failed attempts a mail is marked 'failed' and no longer retried. */
export const MAX_ATTEMPTS = 6;
/** First retry after a minute, then 2, 4, 8, 16 minutes. */
const BACKOFF_BASE_MS = 60_000;
/** One provider call may take this long. */
const SEND_TIMEOUT_MS = 15_000;

/**
 * The most a mail's attachments may weigh, base64 as stored and sent: far under what Resend
 * accepts, because the sender reads every claimed row whole into memory, a batch at a time. Our
 * files are short documents; one this heavy is a mistake, better refused when queued (in the
 * caller's transaction) than retried for half an hour and dropped.
 */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** The attachments are heavier than MAX_ATTACHMENT_BYTES: the mail is not queued. */
export class AttachmentsTooLargeError extends Error {
  constructor(
    readonly template: string,
    readonly bytes: number,
  ) {
    super(
      `The "${template}" mail's attachments are ${bytes} bytes once encoded; at most ${MAX_ATTACHMENT_BYTES} may be queued.`,
    );
    this.name = "AttachmentsTooLargeError";
  }
}

/** Subjects and header values never carry line breaks or control characters. */
function singleLine(value: string, max: number): string {
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, max);
}

/** A file name a mail client shows as is: no path, no quotes or control characters. */
function attachmentName(value: string): string {
  return singleLine(value.replace(/^.*[\\/]/, "").replace(/["<>|:*?]/g, ""), 200) || "attachment";
}

/** The attachments as the row keeps them (base64), refused when too heavy. */
function encodeAttachments(
  template: string,
  attachments: readonly EmailAttachment[] = [],
): OutboxAttachment[] {
  const encoded = attachments.map((a) => ({
    filename: attachmentName(a.filename),
    contentType: singleLine(a.contentType, 100) || "application/octet-stream",
    content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength).toString(
      "base64",
    ),
  }));
  const bytes = encoded.reduce((sum, a) => sum + a.content.length, 0);
  if (bytes > MAX_ATTACHMENT_BYTES) throw new AttachmentsTooLargeError(template, bytes);
  return encoded;
}

/**
 * Writes the mail to the outbox (in the caller's transaction when given) and returns its id.
 * Throws AttachmentsTooLargeError, before writing anything, when its files are too heavy.
 */
export async function queueEmail(message: EmailMessage, db?: DbOrTx): Promise<string> {
  const attachments = encodeAttachments(message.template, message.attachments);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    headers[singleLine(name, 100)] = singleLine(value, 2000);
  }
  return insertOutboxEmail(
    {
      template: message.template,
      toAddress: singleLine(message.to, 254),
      fromAddress: env.EMAIL_FROM,
      subject: singleLine(message.subject, 250),
      html: message.html,
      textBody: message.text,
      headers,
      attachments,
    },
    db,
  );
}

export function backoffMs(attempts: number): number {
  return BACKOFF_BASE_MS * 2 ** Math.max(attempts - 1, 0);
}

type Transport = { name: string; send: (mail: OutboxRow) => Promise<string> };

/** Resend, built per run: the SDK throws without a key and reads RESEND_BASE_URL when built. */
async function resendTransport(apiKey: string): Promise<Transport> {
  const { Resend } = await import("resend");
  const client = new Resend(apiKey);
  return {
    name: "resend",
    async send(mail) {
      const { data, error } = await client.emails.send(
        {
          from: mail.fromAddress,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.textBody,
          headers: Object.keys(mail.headers).length ? mail.headers : undefined,
          attachments: mail.attachments.length
            ? mail.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
              }))
            : undefined,
        },
        // A retry of a mail the provider did accept is not sent twice.
        { idempotencyKey: `outbox-${mail.id}`, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      );
      if (error || !data) {
        const status =
          error && "statusCode" in error && error.statusCode ? ` (${error.statusCode})` : "";
        throw new Error(
          `${error?.name ?? "resend_error"}${status}: ${error?.message ?? "no response"}`,
        );
      }
      return data.id;
    },
  };
}

/**
 * No API key: the mail stays in the outbox, readable in the database, and one line is logged. In
 * the demo (DEMO=1, `npm run demo`) the text part is printed too, so whoever runs the demo can
 * read the mails and follow their links (verify an account, reset a password). Never otherwise:
 * a server's log is no place for links that sign their holder in.
 */
const outboxTransport: Transport = {
  name: "outbox",
  async send(mail) {
    console.log(
      JSON.stringify({
        event: "email_outbox",
        id: mail.id,
        template: mail.template,
        to: mail.toAddress,
        subject: mail.subject,
        ...(mail.attachments.length
          ? { attachments: mail.attachments.map((a) => a.filename) }
          : {}),
      }),
    );
    if (env.DEMO) console.log(demoMailboxEntry(mail));
    return "outbox";
  },
};

/** A mail as the demo's terminal shows it; its files by name and size (they stay in the row). */
export function demoMailboxEntry(
  mail: Pick<OutboxRow, "toAddress" | "subject" | "textBody"> &
    Partial<Pick<OutboxRow, "attachments">>,
) {
  const rule = "-".repeat(72);
  return [
    rule,
    `Email (outbox) to ${mail.toAddress}`,
    `Subject: ${mail.subject}`,
    ...(mail.attachments ?? []).map(
      (a) => `Attached: ${a.filename} (${attachmentSize(a.content)}, kept in email_outbox)`,
    ),
    "",
    mail.textBody.trim(),
    rule,
  ].join("\n");
}

/** '12 KB': the size of the file a base64 text decodes to. */
function attachmentSize(base64: string): string {
  const bytes = Buffer.byteLength(base64, "base64");
  return bytes < 1024 ? `${bytes} bytes` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Sends the due pending mails. A failure increments `attempts`, records `last_error` and backs off
 * `next_attempt_at` exponentially; after MAX_ATTEMPTS the row is 'failed'. Never throws for a
 * failed mail: the caller's booking or message is already committed.
 */
export async function deliverPending(
  options: { limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const limit = Math.min(Math.max(options.limit ?? 25, 1), 500);
  const rows = await claimDueEmails(limit);
  if (rows.length === 0) return { sent: 0, failed: 0 };

  const apiKey = env.RESEND_API_KEY?.trim();
  let transport: Transport;
  try {
    transport = apiKey ? await resendTransport(apiKey) : outboxTransport;
  } catch (error) {
    transport = { name: "unavailable", send: () => Promise.reject(error) };
  }

  let sent = 0;
  let failed = 0;
  for (const mail of rows) {
    try {
      const providerId = await transport.send(mail);
      await markEmailSent(mail.id, providerId);
      sent++;
    } catch (error) {
      failed++;
      const attempts = mail.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = attempts >= MAX_ATTEMPTS;
      console.error(
        JSON.stringify({
          event: "email_failed",
          id: mail.id,
          template: mail.template,
          transport: transport.name,
          attempts,
          final: giveUp,
          error: message,
        }),
      );
      await markEmailFailed(mail.id, {
        attempts,
        error: message,
        final: giveUp,
        retryInMs: backoffMs(attempts),
      });
    }
  }
  return { sent, failed };
}

const RETRY_INTERVAL_MS = 60_000;

/**
 * Retries the outbox on a timer (a mail whose first delivery failed goes out later), once per
 * process. Mails left pending by the previous process go out shortly after start.
 */
export function startEmailRetryTimer(intervalMs = RETRY_INTERVAL_MS): void {
  startProcessTimer("email-retry", { everyMs: intervalMs, firstAfterMs: 5_000 }, async () => {
    try {
      await deliverPending({ limit: 50 });
    } catch (error) {
      console.error(JSON.stringify({ event: "email_retry_failed", error: String(error) }));
    }
  });
}
