import "server-only";

import { eq } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { adminUsers, users } from "@/db/schema";
import type { AdminRole } from "@/lib/domain";

/**
 * An account's admin_users row, the one that makes it staff: read fresh wherever being staff
 * counts, so a role given or taken away counts at once.
 */

/**
 * The account's staff role as its admin_users row says now, or null for an account without one
 * (a customer): what decides a session's limits, whether a sign-in is staff's, and that a mailed
 * link alone never signs a staff account in.
 */
export async function staffRoleOf(db: Db | Tx, userId: string): Promise<AdminRole | null> {
  const [row] = await db
    .select({ role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  return row?.role ?? null;
}

/** How an account's users row and its staff row join (left: anyone; inner: staff only). */
export const staffRowOfUser = eq(adminUsers.userId, users.id);
