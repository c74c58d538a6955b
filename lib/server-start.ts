import { DEMO_ACCOUNTS, openDatabase } from "@/lib/dal/startup";
import { startEmailRetryTimer } from "@/lib/email/outbox";
import { env, isEmbeddedDatabase } from "@/lib/env";

export async function startServer(): Promise<void> {
  try {
    await openDatabase();
  } catch (error) {
    console.error(`\n[startup] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // Mails whose delivery failed (or was cut short by a restart) are retried from the outbox.
  startEmailRetryTimer();
  if (isEmbeddedDatabase) {
    console.log(
      [
        "",
        `  Breathe Uganda is running on the embedded database (PGlite in ${env.PGLITE_DIR}).`,
        `  Site:          ${env.SITE_URL}`,
        `  Demo admin:    ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
        `  Demo customer: ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}`,
        "",
      ].join("\n"),
    );
  }
}
