import "server-only";

import { after } from "next/server";

import { deliverPending } from "./outbox";

export {
  AttachmentsTooLargeError,
  deliverPending,
  type EmailAttachment,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTEMPTS,
  queueEmail,
} from "./outbox";

/**
 * Delivers the queued mails after the response has been sent (call it once the rows are
 * committed): the visitor never waits for the mail service, and a failure stays in the outbox for
 * the retries (the outbox's timer, or the scheduled jobs' run: lib/scheduled-jobs.ts).
 */
export function deliverAfterResponse(): void {
  after(() =>
    deliverPending().catch((error: unknown) => {
      console.error(JSON.stringify({ event: "email_delivery_failed", error: String(error) }));
    }),
  );
}
