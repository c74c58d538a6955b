import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { resellerBookings } from "@/db/schema";
import { requireAdmin } from "@/lib/session";

import { listResellers, type Reseller } from "./resellers";

/** The admin Resellers screen's reads: admins only (the guard is called here). */

/** A reseller as the admin Resellers screen lists it. */
export type ResellerRow = Reseller & {
  /** Keys still valid: their first characters only. */
  activeKeys: string[];
  revokedKeys: number;
  confirmedBookings: number;
  seats: number;
  /** Its net for its confirmed bookings, US cents: what it owes (nothing in test mode). */
  owedMinor: number;
};

/** Every reseller with its keys and sales, by name: the admin Resellers screen (admins only). */
export async function listResellersForAdmin(): Promise<ResellerRow[]> {
  await requireAdmin();
  const list = await listResellers();
  const db = await getDb();
  const sales = await db
    .select({
      resellerId: resellerBookings.resellerId,
      bookings: sql<number>`count(*)::int`,
      seats: sql<number>`coalesce(sum(jsonb_array_length(${resellerBookings.unitItems})), 0)::int`,
      owed: sql<number>`coalesce(sum(${resellerBookings.netMinor} * jsonb_array_length(${resellerBookings.unitItems})) filter (where not ${resellerBookings.testMode}), 0)::bigint`,
    })
    .from(resellerBookings)
    .where(eq(resellerBookings.status, "confirmed"))
    .groupBy(resellerBookings.resellerId);
  return list.map(({ keys, ...r }) => {
    const sold = sales.find((s) => s.resellerId === r.id);
    return {
      ...r,
      activeKeys: keys.filter((k) => !k.revokedAt).map((k) => k.prefix),
      revokedKeys: keys.filter((k) => k.revokedAt).length,
      confirmedBookings: Number(sold?.bookings ?? 0),
      seats: Number(sold?.seats ?? 0),
      owedMinor: Number(sold?.owed ?? 0),
    };
  });
}
