import "server-only";

import { and, eq, gt, like, sql } from "drizzle-orm";

import { type Db, getDb } from "@/db";
import { pick } from "@/db/columns";
import { newsletterSubscriptions, users, verificationTokens } from "@/db/schema";
import { byEmail } from "@/lib/accounts/data/by-email";
import { deleteTokensOf, issueToken } from "@/lib/accounts/data/tokens";
import { recordAudit } from "@/lib/audit/data/trail";
import { callerActor, currentSessionId, getAdminRole, requireCustomer } from "@/lib/session";
import { endSessions } from "@/lib/accounts/data/sessions";
import { subscriptionOf } from "@/lib/newsletter/data/subscriptions";
import { type EmailPreferences, LOCKED_PREFERENCES } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { normalizeEmail } from "@/lib/email-address";
import {
  EMAIL_CHANGE_TTL_HOURS,
  emailChangeEmail,
  emailChangeNoticeEmail,
  verifyUrl,
} from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/accounts/password";
import { newPasswordProblem } from "@/lib/accounts/password-rules";
import type { PreferencesRequest } from "@/lib/accounts/schemas/profile";

/**
 * The signed-in customer's own account: profile, email change, password, sessions, email
 * preferences.
 */

export type Profile = {
  id: string;
  fullName: string | null;
  email: string;
  phone: string | null;
  country: string | null;
  createdAt: string | null;
  lastSignInAt: string | null;
  emailVerified: boolean;
  /** A new address waiting for its confirmation link, if any. */
  pendingEmail: string | null;
};

/** The account's password hash (null: it has none; undefined: there is no such account). */
async function passwordHashOf(db: Db, userId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash;
}

export async function getMyProfile(): Promise<Profile> {
  const me = await requireCustomer();
  const db = await getDb();
  const [[row], [pending]] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: users.name,
        ...pick(users, "email", "phone", "country", "createdAt", "lastSignInAt", "emailVerified"),
      })
      .from(users)
      .where(eq(users.id, me.userId))
      .limit(1),
    db
      .select({ identifier: verificationTokens.identifier })
      .from(verificationTokens)
      .where(
        and(
          like(verificationTokens.identifier, `email-change:${me.userId}:%`),
          gt(verificationTokens.expires, new Date()),
        ),
      )
      .limit(1),
  ]);
  if (!row) throw new Error("profile: signed-in user not found");
  return {
    ...row,
    createdAt: row.createdAt?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    emailVerified: row.emailVerified !== null,
    pendingEmail: pending ? pending.identifier.slice(`email-change:${me.userId}:`.length) : null,
  };
}

export type ProfileUpdate = {
  fullName: string | null;
  phone: string | null;
  country: string | null;
  email: string;
  currentPassword?: string;
};

/**
 * Saves name, phone and country. A different email is not changed here: with the right current
 * password, a confirmation link goes to the new address (and a notice to the current one), and
 * the email changes when that link is opened. Returns the address waiting for confirmation.
 */
export async function updateMyProfile(
  input: ProfileUpdate,
): Promise<{ emailChangeRequested: string | null }> {
  const me = await requireCustomer();
  const newEmail = normalizeEmail(input.email);
  const changingEmail = newEmail !== normalizeEmail(me.email);
  const db = await getDb();

  if (changingEmail) {
    // A mailed link never signs a staff account in, and its email is where its alerts go: staff
    // have theirs changed by an admin (admin:create --new-email) instead.
    if (await getAdminRole()) throw new DomainError("staff_email_change");
    const passwordHash = await passwordHashOf(db, me.userId);
    if (!input.currentPassword || !(await verifyPassword(input.currentPassword, passwordHash))) {
      throw new DomainError("wrong_password");
    }
  }

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ name: input.fullName, phone: input.phone, country: input.country })
      .where(eq(users.id, me.userId));
    if (!changingEmail) return;
    await tx
      .delete(verificationTokens)
      .where(like(verificationTokens.identifier, `email-change:${me.userId}:%`));
    // An address that already has an account gets nothing and the answer is the same.
    const [taken] = await tx.select({ id: users.id }).from(users).where(byEmail(newEmail)).limit(1);
    if (taken) return;
    const token = await issueToken(
      tx,
      `email-change:${me.userId}:${newEmail}`,
      EMAIL_CHANGE_TTL_HOURS * 3_600_000,
    );
    await queueEmail(
      { to: newEmail, ...emailChangeEmail(newEmail, verifyUrl(token, "email-change")) },
      tx,
    );
    await queueEmail({ to: me.email, ...emailChangeNoticeEmail(newEmail) }, tx);
  });
  return { emailChangeRequested: changingEmail ? newEmail : null };
}

/* ------------------------------------------------------------------------------------------ */
/* Password and sessions                                                                       */
/* ------------------------------------------------------------------------------------------ */

/**
 * Change Password: with the right current password (else `wrong_password`), a new one that the
 * rules allow (else `password_rejected`). In one transaction: the new hash, every token of the
 * user deleted (a pending email-change or reset link mailed before no longer works) and every
 * other session ended; the caller's own session goes on.
 */
export async function changeMyPassword(
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const me = await requireCustomer();
  const actor = await callerActor();
  const keep = await currentSessionId();
  const db = await getDb();
  const currentHash = await passwordHashOf(db, me.userId);
  if (!currentHash || !(await verifyPassword(currentPassword, currentHash))) {
    throw new DomainError("wrong_password");
  }
  const problem = await newPasswordProblem(newPassword, me.email);
  if (problem) throw new DomainError("password_rejected", { reason: problem });
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Only over the hash that was checked: a change made meanwhile (another tab) wins.
    const changed = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, me.userId), eq(users.passwordHash, currentHash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new DomainError("wrong_password");
    await deleteTokensOf(tx, me.userId);
    await endSessions(tx, me.userId, { except: keep });
    await recordAudit(
      { action: "auth.password_change", actor, details: { otherSessionsEnded: true } },
      tx,
    );
  });
}

/** 'Sign out of all devices': ends every session of the caller, this one included. */
export async function endAllMySessions(): Promise<void> {
  const me = await requireCustomer();
  const actor = await callerActor();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await endSessions(tx, me.userId, "all");
    await recordAudit({ action: "auth.sign_out_everywhere", actor }, tx);
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Email preferences                                                                           */
/* ------------------------------------------------------------------------------------------ */

export type PreferencesView = {
  email: string;
  preferences: EmailPreferences;
  newsletterSubscribed: boolean;
  /** When they were last saved, or when the account was made (the defaults' date). */
  updatedAt: Date;
};

export async function getMyPreferences(): Promise<PreferencesView> {
  const me = await requireCustomer();
  const db = await getDb();
  const [[row], [subscription]] = await Promise.all([
    db
      .select({
        preferences: users.emailPreferences,
        updatedAt:
          sql<Date>`coalesce(${users.emailPreferencesUpdatedAt}, ${users.createdAt})`.mapWith(
            (value: Date | string) => new Date(value),
          ),
      })
      .from(users)
      .where(eq(users.id, me.userId))
      .limit(1),
    db
      .select({ isActive: newsletterSubscriptions.isActive })
      .from(newsletterSubscriptions)
      .where(subscriptionOf(me.email))
      .limit(1),
  ]);
  if (!row) throw new Error("preferences: signed-in user not found");
  return {
    email: me.email,
    preferences: row.preferences,
    newsletterSubscribed: subscription?.isActive ?? false,
    updatedAt: row.updatedAt,
  };
}

/**
 * Saves the preferences and syncs the newsletter (the Newsletter switch is the subscription): on and not subscribed, an
 * active record is upserted; off and subscribed, is_active is set false. booking_updates and
 * admin_messages are locked on: a request turning them off is refused (`preferences_locked`),
 * here and nowhere else.
 */
export async function saveMyPreferences(
  preferences: PreferencesRequest,
): Promise<{ newsletterSubscribed: boolean }> {
  const me = await requireCustomer();
  if (LOCKED_PREFERENCES.some((key) => preferences[key] !== true)) {
    throw new DomainError("preferences_locked");
  }
  const clean: EmailPreferences = {
    newsletter: preferences.newsletter === true,
    booking_updates: true,
    promotional_emails: preferences.promotional_emails === true,
    trip_reminders: preferences.trip_reminders === true,
    admin_messages: true,
  };
  const address = normalizeEmail(me.email);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ emailPreferences: clean, emailPreferencesUpdatedAt: sql`now()` })
      .where(eq(users.id, me.userId));
    const byAddress = subscriptionOf(address);
    const [subscription] = await tx
      .select({ isActive: newsletterSubscriptions.isActive })
      .from(newsletterSubscriptions)
      .where(byAddress)
      .limit(1);
    const subscribed = subscription?.isActive ?? false;
    if (clean.newsletter && !subscribed) {
      const inserted = await tx
        .insert(newsletterSubscriptions)
        .values({ email: address, isActive: true })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      if (inserted.length === 0) {
        await tx
          .update(newsletterSubscriptions)
          .set({ isActive: true, subscribedAt: sql`now()`, unsubscribedAt: null })
          .where(byAddress);
      }
    } else if (!clean.newsletter && subscribed) {
      await tx
        .update(newsletterSubscriptions)
        .set({ isActive: false, unsubscribedAt: sql`now()` })
        .where(byAddress);
    }
    return { newsletterSubscribed: clean.newsletter };
  });
}
