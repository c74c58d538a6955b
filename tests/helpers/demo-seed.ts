/** The demo's seed (`npm run demo`) run on a test's database. */
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

import type { Db } from "@/db";
import { seed } from "@/db/seed";

/** Seeds the demo twice: how many rows `table` has after the first run and after the second. */
export async function demoSeededTwice(db: Db, table: PgTable) {
  const rows = async () => (await db.select({ n: count() }).from(table))[0]!.n;
  await seed(db, { demo: true });
  const first = await rows();
  await seed(db, { demo: true });
  return { first, again: await rows() };
}
