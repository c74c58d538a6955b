import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { users } from "@/db/schema";
import { normalizeEmail } from "@/lib/email-address";
import { DomainError } from "@/lib/errors";
import { byEmail, staffByEmail } from "@/lib/accounts/data/by-email";
import { deleteTokensOf } from "@/lib/accounts/data/tokens";
import { SYSTEM } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";

/**
 * A staff member's email, changed by an admin from the admin:create command. A customer changes
 * theirs in Profile Settings (lib/accounts/data/profile.ts), confirmed by the link mailed to the
 * new address (lib/accounts/data/email-links.ts).
 */

/**
 * An admin changes a staff member's email (staff cannot change theirs through a mailed link).
 * Every session of the account ends and every mailed link of it stops working. Run from the
 * admin:create command. Throws `not_found` for an email that is not staff, and
 * `staff_email_change` when the new email already belongs to an account.
 */
export async function changeStaffEmail(email: string, newEmail: string): Promise<void> {
  const db = await getDb();
  const next = normalizeEmail(newEmail);
  await db.transaction(async (tx) => {
    const row = await staffByEmail(tx, email);
    if (!row) throw new DomainError("not_found");
    const [taken] = await tx.select({ id: users.id }).from(users).where(byEmail(next)).limit(1);
    if (taken) throw new DomainError("staff_email_change");
    await tx
      .update(users)
      .set({
        email: next,
        emailVerified: new Date(),
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(eq(users.id, row.userId));
    await deleteTokensOf(tx, row.userId);
    await recordAudit(
      {
        action: "auth.email_change",
        actor: SYSTEM,
        target: { type: "user", id: row.userId },
        details: { from: row.email, to: next, by: "admin" },
      },
      tx,
    );
  });
}
