import "server-only";

import { redirect } from "next/navigation";
import { cache } from "react";

import { auth } from "@/auth";
import type { AdminRole } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import { loadSessionUser, type SessionUser } from "@/lib/dal/auth";

/**
 * Who is calling, checked on the server next to the data. Every DAL function that reads or writes
 * a customer's or the staff's data starts with requireCustomer() or requireAdmin(). The proxy and
 * the layouts only redirect; they are not the security boundary.
 */

/** The Auth.js session (JWT checked against users.session_version), once per request. */
export const getSession = cache(async () => {
  const session = await auth();
  return session?.user?.id ? session : null;
});

/** The signed-in user, read fresh from the database (email, verification, role), or null. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getSession();
  if (!session) return null;
  const user = await loadSessionUser(session.user.id);
  // A token may outlive its account or its verification: such a caller is signed out.
  return user && user.emailVerified ? user : null;
});

export type Customer = {
  userId: string;
  email: string;
  /** Always true for a signed-in customer (unverified accounts cannot sign in); kept explicit
   * because decisions.md 8 matches bookings by email only when it is verified. */
  emailVerified: boolean;
  name: string | null;
};

/** The signed-in customer (any signed-in user); signed-out callers go to /customer/auth. */
export async function requireCustomer(): Promise<Customer> {
  const user = await getCurrentUser();
  if (!user) redirect("/customer/auth");
  return { userId: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name };
}

/** The caller's admin_users role, or null (signed out or not staff). */
export async function getAdminRole(): Promise<AdminRole | null> {
  return (await getCurrentUser())?.role ?? null;
}

export type Admin = { userId: string; email: string; name: string | null; role: AdminRole };

/** The signed-in staff member; others go to /admin/login (which explains a missing role). */
export async function requireAdmin(): Promise<Admin> {
  const user = await getCurrentUser();
  if (!user) redirect("/admin/login");
  if (!user.role) redirect("/admin/login?error=AccessDenied");
  return { userId: user.id, email: user.email, name: user.name, role: user.role };
}

/**
 * For route handlers, which answer with a status instead of a redirect: the signed-in staff
 * member, or DomainError `unauthenticated` (401) for a signed-out caller and `forbidden` (403)
 * for anyone signed in without an admin_users role.
 */
export async function requireAdminForRoute(): Promise<Admin> {
  const user = await getCurrentUser();
  if (!user) throw new DomainError("unauthenticated");
  if (!user.role) throw new DomainError("forbidden");
  return { userId: user.id, email: user.email, name: user.name, role: user.role };
}
