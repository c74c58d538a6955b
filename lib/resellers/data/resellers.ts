import "server-only";

import { and, asc, eq, isNull, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import { resellerApiKeys, resellers, resellerTourPrices } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import { type AuditActor, SYSTEM } from "@/lib/audit/events";
import { DomainError } from "@/lib/errors";
import { hashApiKey, keyPrefix, newApiKey, type ResellerPricing } from "@/lib/resellers/rules";

/**
 * Resellers and their API keys. A key is shown once, when issued; only its SHA-256 is stored, so
 * a key is found by hashing what the caller sends. A revoked key is refused from that moment.
 * Creating a reseller, issuing a key and revoking keys are in the audit trail, written in the
 * change's transaction with `actor` (the admin on the Resellers screen, lib/resellers/data/
 * admin.ts; the terminal's script); the key itself never, only its first characters.
 */

export type Reseller = ResellerPricing & {
  id: string;
  name: string;
  testMode: boolean;
};

/** Another reseller has the name (names are unique in any case). */
export class ResellerNameTaken extends Error {
  constructor(name: string) {
    super(`A reseller named ${name} exists already.`);
    this.name = "ResellerNameTaken";
  }
}

const resellerColumns = {
  id: resellers.id,
  name: resellers.name,
  commissionPercent: resellers.commissionPercent,
  testMode: resellers.testMode,
};

/** The reseller's own net prices by tour id, read with it (one query per API call). */
const tourNets = sql<
  Record<string, number>
>`coalesce((select jsonb_object_agg(${resellerTourPrices.tourId}, ${resellerTourPrices.netMinor}) from ${resellerTourPrices} where ${resellerTourPrices.resellerId} = ${resellers.id}), '{}'::jsonb)`;

/** A reseller's row as its pricing reads it: net prices as numbers. */
const withNets = <R extends { tourNets: Record<string, number> }>(row: R): R => ({
  ...row,
  tourNets: Object.fromEntries(Object.entries(row.tourNets).map(([k, v]) => [k, Number(v)])),
});

/** The reseller a key belongs to, when the key is known and not revoked; else null. */
export async function resellerByKey(key: string): Promise<Reseller | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...resellerColumns, tourNets })
    .from(resellerApiKeys)
    .innerJoin(resellers, eq(resellers.id, resellerApiKeys.resellerId))
    .where(and(eq(resellerApiKeys.keyHash, hashApiKey(key)), isNull(resellerApiKeys.revokedAt)))
    .limit(1);
  return row ? withNets(row) : null;
}

/**
 * Creates a reseller (a name not already used, in any case) with its first key; returns both,
 * the key in full, for the one time it is shown.
 */
/** A reseller as the audit trail names the target of a change. */
const auditTarget = (id: string) => ({ type: "reseller", id });

export async function createReseller(
  input: {
    name: string;
    commissionPercent?: number;
    testMode?: boolean;
  },
  actor: AuditActor = SYSTEM,
): Promise<{ reseller: Reseller; key: string }> {
  const db = await getDb();
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    const [reseller] = await tx
      .insert(resellers)
      .values({
        name,
        commissionPercent: input.commissionPercent ?? 0,
        testMode: input.testMode ?? false,
      })
      .onConflictDoNothing()
      .returning(resellerColumns);
    if (!reseller) throw new ResellerNameTaken(name);
    const key = newApiKey(reseller.testMode);
    await tx
      .insert(resellerApiKeys)
      .values({ resellerId: reseller.id, keyHash: hashApiKey(key), prefix: keyPrefix(key) });
    await recordAudit(
      {
        action: "reseller.create",
        actor,
        target: auditTarget(reseller.id),
        details: {
          name: reseller.name,
          commission: `${reseller.commissionPercent} %`,
          testMode: reseller.testMode,
          key: `${keyPrefix(key)}…`,
        },
      },
      tx,
    );
    return { reseller: { ...reseller, tourNets: {} }, key };
  });
}

/** A reseller's id by its name (any case), or null. */
async function resellerIdByName(name: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: resellers.id })
    .from(resellers)
    .where(sql`lower(${resellers.name}) = lower(${name.trim()})`);
  return row?.id ?? null;
}

/** Issues another key to the reseller named (shown once), beside its others; `not_found`. */
export async function issueApiKey(name: string, actor: AuditActor = SYSTEM): Promise<string> {
  const resellerId = await resellerIdByName(name);
  if (!resellerId) throw new DomainError("not_found");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [reseller] = await tx
      .select({ testMode: resellers.testMode })
      .from(resellers)
      .where(eq(resellers.id, resellerId));
    const key = newApiKey(reseller!.testMode);
    await tx
      .insert(resellerApiKeys)
      .values({ resellerId, keyHash: hashApiKey(key), prefix: keyPrefix(key) });
    await recordAudit(
      {
        action: "reseller.key_issue",
        actor,
        target: auditTarget(resellerId),
        details: { key: `${keyPrefix(key)}…` },
      },
      tx,
    );
    return key;
  });
}

/**
 * Revokes the named reseller's live keys starting with `prefix` (as the Resellers screen shows
 * them): refused from now on. Returns how many were revoked; `not_found` for an unknown reseller.
 */
export async function revokeApiKeys(
  name: string,
  prefix: string,
  actor: AuditActor = SYSTEM,
): Promise<number> {
  const resellerId = await resellerIdByName(name);
  if (!resellerId) throw new DomainError("not_found");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(resellerApiKeys)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(resellerApiKeys.resellerId, resellerId),
          isNull(resellerApiKeys.revokedAt),
          sql`starts_with(${resellerApiKeys.prefix}, ${prefix.slice(0, 12)})`,
        ),
      )
      .returning({ prefix: resellerApiKeys.prefix });
    // Nothing revoked is nothing to record (the screen says the key is already revoked).
    if (rows.length > 0)
      await recordAudit(
        {
          action: "reseller.key_revoke",
          actor,
          target: auditTarget(resellerId),
          details: { keys: rows.map((r) => `${r.prefix}…`) },
        },
        tx,
      );
    return rows.length;
  });
}

/** A reseller by id with its pricing, or null (the jobs' and the admin screen's reads). */
export async function resellerById(id: string, tx?: Tx): Promise<Reseller | null> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({ ...resellerColumns, tourNets })
    .from(resellers)
    .where(eq(resellers.id, id));
  return row ? withNets(row) : null;
}

/** Every reseller with its keys (prefixes and dates only), by name. */
export async function listResellers() {
  const db = await getDb();
  const rows = await db
    .select({ ...resellerColumns, tourNets })
    .from(resellers)
    .orderBy(asc(resellers.name))
    .then((list) => list.map(withNets));
  const keys = await db
    .select({
      id: resellerApiKeys.id,
      resellerId: resellerApiKeys.resellerId,
      prefix: resellerApiKeys.prefix,
      createdAt: resellerApiKeys.createdAt,
      revokedAt: resellerApiKeys.revokedAt,
    })
    .from(resellerApiKeys)
    .orderBy(asc(resellerApiKeys.createdAt));
  return rows.map((r) => ({ ...r, keys: keys.filter((k) => k.resellerId === r.id) }));
}
