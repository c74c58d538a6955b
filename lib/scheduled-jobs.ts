import "server-only";

import { lapseUnpaidOptions } from "@/lib/bookings/data/options";
import { sendBalanceReminders } from "@/lib/payments/data/reminders";
import { recheckPendingPayments } from "@/lib/payments/data/ledger";
import { lapseExpiredOffers } from "@/lib/departures/data/waitlist";
import { sendPermitAlerts } from "@/lib/parks/data/alerts";
import { sendProposalReminders } from "@/lib/proposals/data/reminders";
import { runResellerWebhooks } from "@/lib/resellers/data/webhooks";
import { deliverPending } from "@/lib/email";
import { logger } from "@/lib/logger";
import { startProcessTimer } from "@/lib/process-timer";

/**
 * Work done on a clock rather than by a request: online payments still pending asked again of the
 * provider, booking options that lapse unpaid, waitlist offers that run out, balance reminders and
 * overdue notices, permit alerts and proposal reminders for the operator, the outbox's mails that
 * are due, and the resellers' webhooks. Run by a timer in every server process (SCHEDULED_JOBS=timer), by GET
 * /api/jobs/run when an outside scheduler calls it, or both. Each job claims its rows under their
 * locks (or SKIP LOCKED for the outboxes) and checks them again there, so two runs at once, on one
 * server or several, change each row once (docs/decisions/0210-jobs-run-by-route-or-timer.md).
 */
const JOBS = [
  // First: a payment that settled meanwhile keeps its booking's option from lapsing.
  {
    name: "recheck_pending_payments",
    run: async () => ({ changed: await recheckPendingPayments() }),
  },
  { name: "lapse_unpaid_options", run: async () => ({ lapsed: await lapseUnpaidOptions() }) },
  {
    name: "lapse_expired_waitlist_offers",
    run: async () => ({ lapsed: await lapseExpiredOffers() }),
  },
  { name: "send_balance_reminders", run: async () => ({ queued: await sendBalanceReminders() }) },
  { name: "send_permit_alerts", run: async () => ({ mailed: await sendPermitAlerts() }) },
  {
    name: "send_proposal_reminders",
    run: async () => ({ mailed: await sendProposalReminders() }),
  },
  // The mails the jobs queued go out now, with any due for a retry.
  { name: "deliver_mail", run: () => deliverPending({ limit: 50 }) },
  // The changes resellers' webhooks must tell become deliveries; those due are sent or retried.
  { name: "deliver_reseller_webhooks", run: () => runResellerWebhooks() },
] as const satisfies readonly { name: string; run: () => Promise<Record<string, number>> }[];

type JobName = (typeof JOBS)[number]["name"];

/** What one run did: each job's counts, or "failed" (its error is in the log only). */
export type JobsReport = {
  ok: boolean;
  jobs: Record<JobName, Record<string, number> | "failed">;
};

const INTERVAL_MS = 5 * 60_000;

/** Runs every job once, each on its own: one failing does not stop the others. */
export async function runScheduledJobs(): Promise<JobsReport> {
  const report = { ok: true, jobs: {} } as JobsReport;
  for (const job of JOBS) {
    try {
      report.jobs[job.name] = await job.run();
    } catch (error) {
      logger.error({ event: "scheduled_job_failed", job: job.name, error: String(error) });
      report.jobs[job.name] = "failed";
      report.ok = false;
    }
  }
  return report;
}

/** Starts the timer once per process (like the outbox's retry timer); the first run 15 s in. */
export function startScheduledJobs(intervalMs = INTERVAL_MS): void {
  startProcessTimer("scheduled-jobs", { everyMs: intervalMs, firstAfterMs: 15_000 }, async () => {
    await runScheduledJobs();
  });
}
