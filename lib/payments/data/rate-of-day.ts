import "server-only";

import { desc, lte } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { ugxRates } from "@/db/schema";

/**
 * The shilling rate in force: what the pay page, the ledger and the pricing of park fees read.
 * Kept apart from the staff's side of the rates (rates.ts, which checks a staff session), so the
 * pricing a booking goes through loads no session code and runs the same from a script.
 */

export type UgxRate = {
  id: string;
  /** Shillings per US dollar, as stored ('3700.00'). */
  ugxPerUsd: string;
  effectiveFrom: Date;
};

export const rateColumns = {
  id: ugxRates.id,
  ugxPerUsd: ugxRates.ugxPerUsd,
  effectiveFrom: ugxRates.effectiveFrom,
};

/**
 * The rate in force at `at` (the latest begun; of two begun at once, the later set), or null
 * when none is: then nothing is offered in shillings. Not secret, so no caller is checked: the
 * pay page (a signed link, no session) and startPayment read it.
 */
export async function ugxRateAt(db: Db | Tx, at: Date = new Date()): Promise<UgxRate | null> {
  const [row] = await db
    .select(rateColumns)
    .from(ugxRates)
    .where(lte(ugxRates.effectiveFrom, at))
    .orderBy(desc(ugxRates.effectiveFrom), desc(ugxRates.createdAt))
    .limit(1);
  return row ?? null;
}

/** The rate in force now, for the pay page. */
export async function currentUgxRate(at: Date = new Date()): Promise<UgxRate | null> {
  return ugxRateAt(await getDb(), at);
}
