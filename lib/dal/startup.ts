/**
 * The database work of a starting server (lib/server-start.ts, from instrumentation): open the
 * configured database before the first request. In the embedded mode that migrates and seeds
 * PGlite; with DATABASE_URL it checks the connection and throws a message naming the variable.
 * Accounts left unverified for 7 days are deleted (lib/dal/pending-signups.ts).
 *
 * No `server-only` marker: instrumentation imports it, outside the React server graph.
 */
import { getDb } from "@/db";
import { purgeExpiredSignUps } from "@/lib/dal/pending-signups";

export { DEMO_ACCOUNTS } from "@/db/seed";

export async function openDatabase(): Promise<void> {
  const db = await getDb();
  await purgeExpiredSignUps(db);
}
