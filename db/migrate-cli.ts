/** `npm run db:migrate`: applies db/migrations to DATABASE_URL, or to the PGlite directory. */
import path from "node:path";

import { env, isEmbeddedDatabase } from "@/lib/env";

import { checkConnection, openPglite, openPostgres } from "./index";
import { migrateDatabase } from "./migrate";

async function main() {
  const handle = isEmbeddedDatabase
    ? await openPglite({ dataDir: path.resolve(env.PGLITE_DIR) })
    : await openPostgres(env.DATABASE_URL!, { max: 1 });
  await checkConnection(handle);
  try {
    await migrateDatabase(handle);
    console.log(`Migrations applied (${isEmbeddedDatabase ? `PGlite in ${env.PGLITE_DIR}` : "DATABASE_URL"}).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
