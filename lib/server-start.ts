import { demoStartDecision, listenHostOf } from "@/lib/accounts/demo-guard";
import { DEMO_ACCOUNTS, findDemoAccounts, openDatabase } from "@/lib/startup";
import { startEmailRetryTimer } from "@/lib/email/outbox";
import { env, isEmbeddedDatabase } from "@/lib/env";
import { startScheduledJobs } from "@/lib/scheduled-jobs";

/** Stops the process before it serves a request, with one line saying why. */
function refuse(message: string): never {
  console.error(`[startup] ${message}`);
  process.exit(1);
}

export async function startServer(): Promise<void> {
  let demoAccounts: string[];
  try {
    await openDatabase();
    demoAccounts = await findDemoAccounts();
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  // Demo accounts have public passwords: never on a production server others can reach.
  const decision = demoStartDecision({
    production: env.NODE_ENV === "production",
    demoAccounts,
    host: listenHostOf(process.argv),
  });
  if (decision.action === "refuse") refuse(decision.message);
  if (decision.action === "warn") console.warn(`[startup] ${decision.message}`);
  // The jobs run on a clock here unless an outside scheduler calls /api/jobs/run instead (a host
  // with no lasting process, such as Vercel): then that route also retries the outbox's mails.
  if (env.SCHEDULED_JOBS === "timer") {
    // Mails whose delivery failed (or was cut short by a restart) are retried from the outbox.
    startEmailRetryTimer();
    // Options that lapse unpaid, offers that run out, reminders due: settled on a clock.
    startScheduledJobs();
  }
  if (env.DEMO) {
    console.log(
      [
        "",
        `  Breathe Uganda demo${isEmbeddedDatabase ? ` on the embedded database (PGlite in ${env.PGLITE_DIR})` : ""}.`,
        `  Site:          ${env.SITE_URL}`,
        `  Demo admin:    ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
        `  Demo customer: ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}`,
        "  Mails (verification, password reset...) are printed here with their links.",
        "",
      ].join("\n"),
    );
  }
}
