import { count, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

import { SEARCH_COUNT_CAP } from "@/lib/list-query";

import type { Db } from "./types";

/**
 * The count of a list's matching rows, stopped SEARCH_COUNT_CAP rows past the start of the page
 * (`offset`): right up to there and '+' beyond, so Next always leads on while there are more, and
 * a list that grows without end (the audit trail, the payments ledger) is never counted whole.
 * `total` is a CTE to read in the page's own statement; `settle` turns what it counted into the
 * page's total and whether that was capped.
 */
export function cappedCount(db: Db, table: PgTable, where: SQL | undefined, offset: number) {
  const cap = offset + SEARCH_COUNT_CAP;
  const hits = db
    .select({ one: sql<number>`1`.as("one") })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("hits");
  return {
    total: db.$with("total").as(db.select({ n: count().as("n") }).from(hits)),
    settle: (counted: number) => ({ total: Math.min(counted, cap), capped: counted > cap }),
  };
}
