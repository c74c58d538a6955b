import type { Metadata } from "next";
import { safeCallbackUrl } from "@/lib/accounts/callback-url";
import { redirect } from "next/navigation";

import { AdminLoginForm } from "@/components/auth/admin-login-form";
import { AuthShell } from "@/components/auth/auth-shell";
import { getCurrentUser } from "@/lib/session";

/** Where a successful login goes: the admin page the visitor asked for, else /admin. */
function adminCallbackUrl(value: string | string[] | undefined): string {
  const url = safeCallbackUrl(value, "/admin");
  const path = url.split(/[?#]/)[0] ?? "";
  return (path === "/admin" || path.startsWith("/admin/")) && path !== "/admin/login"
    ? url
    : "/admin";
}

export const metadata: Metadata = { title: "Admin Login", robots: { index: false } };

/**
 * /admin/login, the proxy's target for signed-out visitors of /admin/*. A signed-in admin goes
 * to /admin; a signed-in customer sees the form (and 'Access Denied' if they sign in).
 */
export default async function AdminLoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, params] = await Promise.all([getCurrentUser(), searchParams]);
  const callbackUrl = adminCallbackUrl(params.callbackUrl);
  if (user?.role) redirect(callbackUrl);
  const denied = params.error === "AccessDenied" && user;
  // A staff account's email-change link changes the email but signs nobody in.
  const emailChanged = params.notice === "email-changed";
  return (
    <AuthShell
      title="Admin Login"
      description="Staff sign-in for bookings, messages and the tour catalogue."
    >
      {denied ? (
        <p
          role="alert"
          className="mb-5 rounded-lg bg-destructive/10 p-3 text-sm font-medium text-destructive"
        >
          Access Denied: you don&apos;t have admin privileges. Sign in with a staff account.
        </p>
      ) : null}
      {emailChanged ? (
        <p role="status" className="mb-5 rounded-lg bg-primary/10 p-3 text-sm font-medium">
          Email Updated: your new email address is confirmed. Sign in with it and your password (and
          your verification code, if you use one).
        </p>
      ) : null}
      <AdminLoginForm callbackUrl={callbackUrl} />
    </AuthShell>
  );
}
