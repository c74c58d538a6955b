import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db";
import { pick } from "@/db/columns";
import { adminUsers, users } from "@/db/schema";
import { byEmail } from "@/lib/accounts/data/by-email";
import { staffRowOfUser } from "@/lib/accounts/data/staff-row";
import { type AuditActor, SYSTEM } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import type { AdminRole } from "@/lib/domain";
import { normalizeEmail } from "@/lib/email-address";
import { DomainError } from "@/lib/errors";
import { hashPassword } from "@/lib/accounts/password";
import { newPasswordProblem } from "@/lib/accounts/password-rules";

/**
 * Staff accounts, made from the command line (`npm run admin:create`, scripts/admin-create.ts).
 * No session is checked: whoever runs the command holds the database itself (docs/decisions/0006).
 * Each change is saved with its audit event in one transaction, the actor being the site itself
 * (`system`): the command knows no signed-in person.
 */

export type StaffAccountInput = {
  email: string;
  role: AdminRole;
  /** Required for a new account; for an existing one, a new password (its sessions end). */
  password?: string;
  /** Required for a new account; for an existing one, replaces the name when given. */
  name?: string;
  /** The account must turn on a second factor before any other admin page (never turned off here). */
  requireMfa?: boolean;
};

export type StaffAccountResult = {
  userId: string;
  email: string;
  created: boolean;
  previousRole: AdminRole | null;
  role: AdminRole;
  mfaRequired: boolean;
};

/** The account of an email, if any, and its role (the command asks only for what is missing). */
export async function findAccount(email: string): Promise<{
  id: string;
  name: string | null;
  role: AdminRole | null;
  mfaRequired: boolean | null;
} | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...pick(users, "id", "name"),
      ...pick(adminUsers, "role", "mfaRequired"),
    })
    .from(users)
    .leftJoin(adminUsers, staffRowOfUser)
    .where(byEmail(email))
    .limit(1);
  return row
    ? { id: row.id, name: row.name, role: row.role ?? null, mfaRequired: row.mfaRequired ?? null }
    : null;
}

/**
 * Creates a verified account with an admin_users row, or promotes (or changes the role of) an
 * existing one, marking its email verified. A password goes through the rules of every new
 * password (lib/accounts/password-rules.ts): `password_rejected` with the reason.
 */
export async function upsertStaffAccount(
  input: StaffAccountInput,
  actor: AuditActor = SYSTEM,
): Promise<StaffAccountResult> {
  const email = normalizeEmail(input.email);
  const existing = await findAccount(email);
  if (!existing && (!input.password || !input.name?.trim()))
    throw new Error("A new account needs a name and a password.");
  if (input.password) {
    const problem = await newPasswordProblem(input.password, email);
    if (problem) throw new DomainError("password_rejected", { reason: problem });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const db = await getDb();
  return db.transaction(async (tx) => {
    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx
        .update(users)
        .set({
          emailVerified: sql`coalesce(${users.emailVerified}, now())`,
          ...(input.name?.trim() ? { name: input.name.trim() } : {}),
          ...(passwordHash
            ? { passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` }
            : {}),
        })
        .where(sql`${users.id} = ${userId}`);
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email, name: input.name!.trim(), passwordHash, emailVerified: new Date() })
        .returning({ id: users.id });
      userId = created!.id;
    }
    const [row] = await tx
      .insert(adminUsers)
      .values({ userId, role: input.role, mfaRequired: input.requireMfa ?? false })
      .onConflictDoUpdate({
        target: adminUsers.userId,
        set: {
          role: input.role,
          ...(input.requireMfa ? { mfaRequired: true } : {}),
        },
      })
      .returning({ role: adminUsers.role, mfaRequired: adminUsers.mfaRequired });
    // A new member of staff (a new account, or a customer promoted) or a change to one.
    const joined = !existing?.role;
    await recordAudit(
      {
        action: joined ? "staff.create" : "staff.update",
        actor,
        target: { type: "user", id: userId },
        details: {
          email,
          newAccount: !existing,
          role: { from: existing?.role ?? null, to: row!.role },
          mfaRequired: { from: existing?.mfaRequired ?? null, to: row!.mfaRequired },
          ...(existing && input.name?.trim() && input.name.trim() !== existing.name
            ? { name: { from: existing.name, to: input.name.trim() } }
            : {}),
          // A new password for an existing account ends its sessions (its value is never kept).
          ...(existing && passwordHash ? { sessionsEnded: true } : {}),
        },
      },
      tx,
    );
    return {
      userId,
      email,
      created: !existing,
      previousRole: existing?.role ?? null,
      role: row!.role,
      mfaRequired: row!.mfaRequired,
    };
  });
}
