import { env } from "@/lib/env";

import { migrateDatabase } from "./migrate";
import { seedIfEmpty } from "./seed";
import type { DbHandle } from "./types";

/**
 * The embedded database made ready: migrated, the catalogue seeded when empty, and the demo
 * accounts only when the demo was asked for (DEMO=1, `npm run demo`): never by `npm start` alone.
 * A step of the server's start and of the scripts, never of the client that opens the database.
 */
export async function prepareEmbeddedDatabase(
  handle: DbHandle,
  options: { demo: boolean } = { demo: env.DEMO },
): Promise<void> {
  await migrateDatabase(handle);
  await seedIfEmpty(handle.db, options);
}
