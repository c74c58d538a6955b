import "server-only";

import { sql } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { adminUsers, users } from "@/db/schema";
import { staffRowOfUser } from "@/lib/accounts/data/staff-row";
import { normalizeEmail } from "@/lib/email-address";

/** Finding an account by its email, in any case: every email is stored normalized. */

export const byEmail = (email: string) => sql`lower(${users.email}) = ${normalizeEmail(email)}`;

/** The staff account with this email (any case), for the admin's repairs; undefined if none. */
export async function staffByEmail(tx: Db | Tx, email: string) {
  const [row] = await tx
    .select({ userId: users.id, email: users.email, lockedAt: adminUsers.mfaLockedAt })
    .from(users)
    .innerJoin(adminUsers, staffRowOfUser)
    .where(byEmail(email))
    .limit(1);
  return row;
}
