/**
 * `npm run db:seed [-- --demo]`: the catalogue (12 tours, guides), idempotent. Demo accounts and
 * bookings are added only with --demo or DEMO=1 (`npm run demo`). Stop the server first when it
 * uses the same PGlite directory: PGlite takes no lock.
 */
import path from "node:path";

import { env, isEmbeddedDatabase } from "@/lib/env";

import { checkConnection, openPglite, openPostgres } from "./index";
import { migrateDatabase } from "./migrate";
import { seed } from "./seed";
import { demoResellerHint } from "./seed-data/demo-resellers";

async function main() {
  const demo = env.DEMO || process.argv.includes("--demo");
  const handle = isEmbeddedDatabase
    ? await openPglite({ dataDir: path.resolve(env.PGLITE_DIR) })
    : await openPostgres(env.DATABASE_URL!, { max: 1 });
  await checkConnection(handle);
  try {
    if (isEmbeddedDatabase) await migrateDatabase(handle);
    const summary = await seed(handle.db, { demo });
    console.log(`Seeded: ${summary.tours} tours, ${summary.guides} guides${demo ? ", demo accounts" : ""}.`);
    if (demo) console.log(await demoResellerHint(handle.db, env.SITE_URL));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
