/**
 * The email outbox: every mail is written to `email_outbox` first (inside the transaction of the
 * row that caused it, so a booking and its mails commit together), then delivered by
 * `deliverPending()`: through Resend when RESEND_API_KEY is set, otherwise kept in the outbox
 * (status 'sent', provider 'outbox') and logged, where the demo and the tests read it. The
 * queries are in lib/dal/outbox.ts.
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
} from "@/lib/dal/outbox";
import { env } from "@/lib/env";

export type EmailMessage = {
  /** Template name, kept for the outbox reader and logs ('booking-received', ...). */
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/** After this many failed attempts a mail is marked 'failed' and no longer retried. */
export const MAX_ATTEMPTS = 6;
/** First retry after a minute, then 2, 4, 8, 16 minutes. */
const BACKOFF_BASE_MS = 60_000;
/** One provider call may take this long. */
const SEND_TIMEOUT_MS = 15_000;

/** Subjects and header values never carry line breaks or control characters. */
function singleLine(value: string, max: number): string {
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, max);
}

/** Writes the mail to the outbox (in the caller's transaction when given) and returns its id. */
export async function queueEmail(message: EmailMessage, db?: DbOrTx): Promise<string> {
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
      }),
    );
    if (env.DEMO) console.log(demoMailboxEntry(mail));
    return "outbox";
  },
};

/** A mail as the demo's terminal shows it. */
export function demoMailboxEntry(mail: Pick<OutboxRow, "toAddress" | "subject" | "textBody">) {
  const rule = "-".repeat(72);
  return [
    rule,
    `Email (outbox) to ${mail.toAddress}`,
    `Subject: ${mail.subject}`,
    "",
    mail.textBody.trim(),
    rule,
  ].join("\n");
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
const globalForWorker = globalThis as unknown as {
  __emailRetryTimer?: ReturnType<typeof setInterval>;
};

/**
 * Retries the outbox on a timer (a mail whose first delivery failed goes out later). One timer per
 * process, kept on globalThis: instrumentation and the route bundles have separate module copies.
 */
export function startEmailRetryTimer(intervalMs = RETRY_INTERVAL_MS): void {
  if (globalForWorker.__emailRetryTimer) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending({ limit: 50 });
    } catch (error) {
      console.error(JSON.stringify({ event: "email_retry_failed", error: String(error) }));
    } finally {
      running = false;
    }
  };
  globalForWorker.__emailRetryTimer = setInterval(() => void tick(), intervalMs);
  globalForWorker.__emailRetryTimer.unref?.();
  // Mails left pending by the previous process go out shortly after start.
  setTimeout(() => void tick(), 5_000).unref?.();
}
