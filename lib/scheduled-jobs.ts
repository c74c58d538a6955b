import "server-only";

import { lapseUnpaidOptions } from "@/lib/bookings/data/options";
import { sendBalanceReminders } from "@/lib/payments/data/reminders";
import { recheckPendingPayments } from "@/lib/payments/data/ledger";
import { lapseExpiredOffers } from "@/lib/departures/data/waitlist";
import { deliverPending } from "@/lib/email";
import { logger } from "@/lib/logger";

/**
 * Work done on a clock rather than by a request: booking options that lapse unpaid, waitlist
 * offers that run out, online payments still pending asked again of the provider. Every server
 * runs the timer; each job settles its rows under their locks, so two servers running it at once
 * do each change once.
 */
const JOBS: { name: string; run: () => Promise<unknown> }[] = [
  // First: a payment that settled meanwhile keeps its booking's option from lapsing.
  { name: "recheck_pending_payments", run: () => recheckPendingPayments() },
  { name: "lapse_unpaid_options", run: () => lapseUnpaidOptions() },
  { name: "lapse_expired_waitlist_offers", run: () => lapseExpiredOffers() },
  { name: "send_balance_reminders", run: () => sendBalanceReminders() },
  // The mails the jobs queued go out now rather than at the outbox's next retry.
  { name: "deliver_mail", run: () => deliverPending({ limit: 50 }) },
];

const INTERVAL_MS = 5 * 60_000;
const globalForJobs = globalThis as unknown as { __scheduledJobs?: ReturnType<typeof setInterval> };

/** Runs every job once, each on its own: one failing does not stop the others. */
export async function runScheduledJobs(): Promise<void> {
  for (const job of JOBS) {
    try {
      await job.run();
    } catch (error) {
      logger.error({ event: "scheduled_job_failed", job: job.name, error: String(error) });
    }
  }
}

/** Starts the timer once per process (kept on globalThis, like the outbox's retry timer). */
export function startScheduledJobs(intervalMs = INTERVAL_MS): void {
  if (globalForJobs.__scheduledJobs) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runScheduledJobs();
    } finally {
      running = false;
    }
  };
  globalForJobs.__scheduledJobs = setInterval(() => void tick(), intervalMs);
  globalForJobs.__scheduledJobs.unref?.();
  setTimeout(() => void tick(), 15_000).unref?.();
}
