import "server-only";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

import { auth } from "@/auth";
import { type AuditActor, actorOf, VISITOR } from "@/lib/audit/events";
import { recordAuditSafely } from "@/lib/audit/data/trail";
import type { AdminRole } from "@/lib/domain";
import { getDb } from "@/db";
import { DomainError } from "@/lib/errors";
import { loadSessionUser, type SessionUser } from "@/lib/accounts/data/session-user";
import { endSessions } from "@/lib/accounts/data/sessions";
import { REQUEST_PATH_HEADER } from "@/lib/request-path";

/**
 * Who is calling, checked on the server next to the data. Every DAL function that reads or writes
 * a customer's or the staff's data starts with requireCustomer() or requireStaff(). The proxy and
 * the layouts only redirect; they are not the security boundary.
 */

/**
 * The Auth.js session, once per request: its JWT names a live server-side session
 * (lib/accounts/data/sessions.ts) and carries the user's current session_version (auth.ts).
 */
export const getSession = cache(async () => {
  const session = await auth();
  return session?.user?.id ? session : null;
});

/** The caller's own server-side session id (kept when they change their password), or null. */
export async function currentSessionId(): Promise<string | null> {
  return (await getSession())?.sessionId ?? null;
}

/** Sign Out: deletes the caller's own server-side session; a visitor has none to end. */
export async function endMySession(): Promise<void> {
  const session = await getSession();
  if (!session?.sessionId) return;
  const actor = await callerActor();
  await endSessions(await getDb(), session.user.id, { only: session.sessionId });
  await recordAuditSafely({ action: "auth.sign_out", actor });
}

/** The signed-in user, read fresh from the database (email, verification, role), or null. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getSession();
  if (!session) return null;
  const user = await loadSessionUser(session.user.id);
  // A token may outlive its account or its verification: such a caller is signed out.
  return user && user.emailVerified ? user : null;
});

/** The caller as the audit trail names it: their account and role, or a visitor. */
export async function callerActor(): Promise<AuditActor> {
  const user = await getCurrentUser();
  return user ? actorOf({ userId: user.id, email: user.email, role: user.role }) : VISITOR;
}

/** A refused authorization, recorded (with the page or action path) before it is answered. */
async function recordRefusal(reason: string): Promise<void> {
  const path = (await headers()).get(REQUEST_PATH_HEADER);
  await recordAuditSafely({
    action: "auth.access_denied",
    actor: await callerActor(),
    outcome: "denied",
    details: { reason, ...(path ? { path } : {}) },
  });
}

export type Customer = {
  userId: string;
  email: string;
  /** Always true for a signed-in customer (unverified accounts cannot sign in); kept explicit
   * because bookings match by email only when it is verified (docs/decisions/0004). */
  emailVerified: boolean;
  name: string | null;
  /** When the account was made (its greeting: 'Welcome' on its first day, then 'Welcome back'). */
  createdAt?: Date;
};

/**
 * Sends a caller without a live session to `signInPath` with the page they asked for as its
 * callbackUrl (which the sign-in page checks before using it), as the proxy does for a visitor
 * without a session cookie. A cookie whose session has ended elsewhere gets past the proxy.
 */
async function redirectToSignIn(signInPath: string): Promise<never> {
  const asked = (await headers()).get(REQUEST_PATH_HEADER);
  if (!asked || asked.startsWith(signInPath)) redirect(signInPath);
  redirect(`${signInPath}?callbackUrl=${encodeURIComponent(asked)}`);
}

/** The signed-in customer (any signed-in user); signed-out callers go to /customer/auth. */
export async function requireCustomer(): Promise<Customer> {
  const user = await getCurrentUser();
  if (!user) return redirectToSignIn("/customer/auth");
  return {
    userId: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    createdAt: user.createdAt,
  };
}

/** The caller's admin_users role, or null (signed out or not staff). */
export async function getAdminRole(): Promise<AdminRole | null> {
  return (await getCurrentUser())?.role ?? null;
}

/** A signed-in member of staff, of either role (`admin` or `staff`). */
export type Staff = {
  userId: string;
  email: string;
  name: string | null;
  role: AdminRole;
  mfaRequired: boolean;
  mfaEnabled: boolean;
};

/** A member of staff with the `admin` role: what requireAdmin() answers. */
export type Admin = Staff & { role: "admin" };

/** The staff member a signed-in account with a role is (`role`: its role, checked by the caller). */
const staffOf = (user: SessionUser, role: AdminRole): Staff => ({
  userId: user.id,
  email: user.email,
  name: user.name,
  role,
  mfaRequired: user.mfaRequired,
  mfaEnabled: user.mfaEnabled,
});

/** Where a staff member whose account requires a second factor sets it up first. */
export const MFA_SETUP_PATH = "/admin/account";

/**
 * The signed-in staff member, any role, whatever the state of the second factor: only the
 * account page (/admin/account, where TOTP is set up) and the panel's shell use it. Others go
 * to /admin/login (which explains a missing role).
 */
export async function requireStaffAccount(): Promise<Staff> {
  const user = await getCurrentUser();
  if (!user) return redirectToSignIn("/admin/login");
  if (!user.role) {
    await recordRefusal("not staff");
    redirect("/admin/login?error=AccessDenied");
  }
  return staffOf(user, user.role);
}

/**
 * The signed-in staff member (roles admin and staff): bookings, messages, newsletter, tours.
 * An account that must use a second factor and has not set it up yet is sent to set it up.
 */
export async function requireStaff(): Promise<Staff> {
  const staff = await requireStaffAccount();
  if (staff.mfaRequired && !staff.mfaEnabled) redirect(MFA_SETUP_PATH);
  return staff;
}

/**
 * The role `admin` only: guides, staff accounts, deleting tours. Members of staff with the
 * `staff` role get `forbidden` (the action's toast says so); others are sent as by
 * requireStaff(). Anything new that only admins may do starts here, never with requireStaff().
 */
export async function requireAdmin(): Promise<Admin> {
  const staff = await requireStaff();
  if (staff.role !== "admin") {
    await recordRefusal("admin role needed");
    throw new DomainError("forbidden");
  }
  return { ...staff, role: "admin" };
}

/**
 * For route handlers, which answer with a status instead of a redirect: the signed-in staff
 * member, or DomainError `unauthenticated` (401) for a signed-out caller and `forbidden` (403)
 * for anyone signed in without an admin_users role, or whose account must set up its second factor
 * first.
 */
export async function requireStaffForRoute(): Promise<Staff> {
  const user = await getCurrentUser();
  if (!user) throw new DomainError("unauthenticated");
  if (!user.role || (user.mfaRequired && !user.mfaEnabled)) {
    await recordRefusal(user.role ? "second factor not set up" : "not staff");
    throw new DomainError("forbidden");
  }
  return staffOf(user, user.role);
}
