/**
 * The database work of a starting server (lib/server-start.ts, from instrumentation): open the
 * configured database before the first request. In the embedded mode that migrates and seeds
 * PGlite (the demo accounts only when DEMO is set); with DATABASE_URL it checks the connection
 * and throws a message naming the variable. Accounts left unverified for 7 days are deleted
 * (lib/accounts/data/pending-signups.ts).
 *
 * No `server-only` marker: instrumentation imports it, outside the React server graph.
 */
import { inArray, sql } from "drizzle-orm";

import { type Db, getDb, getDbHandle } from "@/db";
import { prepareEmbeddedDatabase } from "@/db/prepare";
import { users } from "@/db/schema";
import { DEMO_ACCOUNTS } from "@/db/seed";
import { purgeExpiredSignUps } from "@/lib/accounts/data/pending-signups";
import { isEmbeddedDatabase } from "@/lib/env";

export { DEMO_ACCOUNTS };

export async function openDatabase(): Promise<void> {
  // The server's database is made ready here, before the first request: the client only opens it.
  if (isEmbeddedDatabase) await prepareEmbeddedDatabase(await getDbHandle());
  const db = await getDb();
  await purgeExpiredSignUps(db);
}

/** The emails of the demo accounts (public passwords) this database holds. */
export async function findDemoAccounts(db?: Db): Promise<string[]> {
  const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email.toLowerCase());
  const rows = await (db ?? (await getDb()))
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return rows.map((r) => r.email).sort();
}
