import "server-only";

import { desc } from "drizzle-orm";

import { getDb } from "@/db";
import { ugxRates } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import { actorOf } from "@/lib/audit/events";
import { requireStaff } from "@/lib/session";
import { formatRate } from "@/lib/payments/ugx";
import { rateColumns, type UgxRate, ugxRateAt } from "./rate-of-day";

/**
 * The shilling rate (table `ugx_rates`): staff set how many Uganda shillings one US dollar buys,
 * from a moment on; the pay page prices a payment in shillings at the latest rate already begun.
 * A rate is never edited: a new one is a new row, with who set it and when, audited.
 */

export type UgxRateLine = UgxRate & {
  setByUserId: string | null;
  setByName: string;
  createdAt: Date;
  /** The rate the pay page uses now. */
  current: boolean;
};

/** The rates set most recently (newest first, `limit` of them) for the Payments screen, the one in force marked. */
export async function listUgxRates(limit = 5, now: Date = new Date()): Promise<UgxRateLine[]> {
  await requireStaff();
  const db = await getDb();
  const [rows, current] = await Promise.all([
    db
      .select({
        ...rateColumns,
        setByUserId: ugxRates.setByUserId,
        setByName: ugxRates.setByName,
        createdAt: ugxRates.createdAt,
      })
      .from(ugxRates)
      .orderBy(desc(ugxRates.createdAt), desc(ugxRates.effectiveFrom))
      .limit(limit),
    ugxRateAt(db, now),
  ]);
  return rows.map((r) => ({ ...r, current: r.id === current?.id }));
}

/**
 * A member of staff sets the rate: `ugxPerUsd` shillings ('3712.50') per US dollar from
 * `effectiveFrom` on (null: now). Audited in the same transaction, with who set it.
 */
export async function setUgxRate(input: {
  ugxPerUsd: string;
  effectiveFrom: Date | null;
}): Promise<UgxRate> {
  const staff = await requireStaff();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ugxRates)
      .values({
        ugxPerUsd: input.ugxPerUsd,
        effectiveFrom: input.effectiveFrom ?? new Date(),
        setByUserId: staff.userId,
        setByName: staff.name?.trim() || staff.email,
      })
      .returning(rateColumns);
    await recordAudit(
      {
        action: "payment.rate_set",
        actor: actorOf(staff),
        target: { type: "ugx_rate", id: row!.id },
        details: {
          ugxPerUsd: formatRate(row!.ugxPerUsd),
          effectiveFrom: row!.effectiveFrom.toISOString(),
        },
      },
      tx,
    );
    return row!;
  });
}
