import "server-only";

import { and, asc, desc, eq, isNull, lte, or, gte } from "drizzle-orm";

import { getDb } from "@/db";
import { parkFeeTariffs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import { actorOf } from "@/lib/audit/events";
import { DomainError } from "@/lib/errors";
import { formatFee, tariffOn, type TariffQuery, type TariffRow } from "@/lib/parks/rules";
import type { TariffInput, UpdateTariffInput } from "@/lib/parks/schemas";
import { requireAdmin, requireStaff } from "@/lib/session";
import { refreshCatalogue } from "@/lib/tours/data/catalogue";

/**
 * The park fee tariffs (/admin/tariffs). Every staff member reads them; only the role `admin` adds
 * or edits a row, each change saved with its audit event in one transaction. Prices are read by
 * day (feeOn): the row in force on the day of the visit.
 */

export type TariffDto = TariffRow & {
  id: string;
  carriedOver: boolean;
  note: string | null;
  updatedByName: string | null;
};

const columns = {
  id: parkFeeTariffs.id,
  fee: parkFeeTariffs.fee,
  park: parkFeeTariffs.park,
  residency: parkFeeTariffs.residency,
  ageBand: parkFeeTariffs.ageBand,
  currency: parkFeeTariffs.currency,
  amountMinor: parkFeeTariffs.amountMinor,
  effectiveFrom: parkFeeTariffs.effectiveFrom,
  effectiveTo: parkFeeTariffs.effectiveTo,
  carriedOver: parkFeeTariffs.carriedOver,
  note: parkFeeTariffs.note,
  updatedByName: parkFeeTariffs.updatedByName,
};

/** Every row: by fee, then category, newest tariff first. */
export async function listTariffs(): Promise<TariffDto[]> {
  await requireStaff();
  const db = await getDb();
  return db
    .select(columns)
    .from(parkFeeTariffs)
    .orderBy(
      asc(parkFeeTariffs.fee),
      asc(parkFeeTariffs.residency),
      asc(parkFeeTariffs.ageBand),
      desc(parkFeeTariffs.effectiveFrom),
      asc(parkFeeTariffs.id),
    );
}

const summary = (row: TariffDto) => ({
  fee: row.fee,
  park: row.park,
  residency: row.residency,
  ageBand: row.ageBand,
  amount: formatFee(row.amountMinor, row.currency),
  effectiveFrom: row.effectiveFrom,
  effectiveTo: row.effectiveTo,
  carriedOver: row.carriedOver,
});

export async function createTariff(data: TariffInput): Promise<TariffDto> {
  const admin = await requireAdmin();
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(parkFeeTariffs)
      .values({ ...data, updatedByName: admin.name?.trim() || admin.email })
      .returning(columns);
    await recordAudit(
      {
        action: "tariff.create",
        actor: actorOf(admin),
        target: { type: "tariff", id: row!.id },
        details: summary(row!),
      },
      tx,
    );
    return row!;
  });
  // The tour pages and lists quote prices with the fees in force.
  refreshCatalogue();
  return created;
}

export async function updateTariff({ id, ...data }: UpdateTariffInput): Promise<TariffDto> {
  const admin = await requireAdmin();
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(parkFeeTariffs)
      .where(eq(parkFeeTariffs.id, id))
      .for("update");
    if (!before) throw new DomainError("not_found");
    const [row] = await tx
      .update(parkFeeTariffs)
      .set({ ...data, updatedByName: admin.name?.trim() || admin.email, updatedAt: new Date() })
      .where(eq(parkFeeTariffs.id, id))
      .returning(columns);
    await recordAudit(
      {
        action: "tariff.update",
        actor: actorOf(admin),
        target: { type: "tariff", id },
        details: { from: summary(before), to: summary(row!) },
      },
      tx,
    );
    return row!;
  });
  refreshCatalogue();
  return updated;
}

/**
 * The fee a visit is charged on its day (query.day), or null when no tariff covers it. Public:
 * prices are what the site sells at, shown to anyone.
 */
export async function feeOn(query: TariffQuery): Promise<TariffDto | null> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(parkFeeTariffs)
    .where(
      and(
        eq(parkFeeTariffs.fee, query.fee),
        eq(parkFeeTariffs.residency, query.residency),
        eq(parkFeeTariffs.ageBand, query.ageBand),
        lte(parkFeeTariffs.effectiveFrom, query.day),
        or(isNull(parkFeeTariffs.effectiveTo), gte(parkFeeTariffs.effectiveTo, query.day)),
      ),
    );
  return tariffOn(rows, query);
}
