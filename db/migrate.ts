import path from "node:path";

import { runDataMigrations } from "./data-migrations";
import type { DbHandle } from "./types";

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/**
 * The SQL migrations of db/migrations, then the data steps that need the application's code
 * (db/data-migrations.ts: clear TOTP secrets encrypted), which are idempotent and run each time.
 */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // The PGlite and postgres-js databases share PgDatabase; the migrators only differ by driver.
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(handle.db as never, { migrationsFolder });
  }
  await runDataMigrations(handle.db);
}
