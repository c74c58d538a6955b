import type { Metadata } from "next";

import { MfaDisableForm } from "@/components/admin/account/mfa-disable-form";
import { MfaSetup } from "@/components/admin/account/mfa-setup";
import { PageHeader } from "@/components/shared/page-header";
import { SettingsCard } from "@/components/shared/settings-card";
import { ShieldCheck } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import { getMyMfa } from "@/lib/accounts/data/second-factor";
import { requireStaffAccount } from "@/lib/session";

export const metadata: Metadata = { title: "Account" };

const ROLE_TEXT = {
  admin: "Administrator: bookings, messages, newsletter, tours, and guides and staff accounts.",
  staff: "Staff: bookings, messages, newsletter and tours.",
} as const;

/**
 * /admin/account: who is signed in, and the second factor (TOTP). Open before a required second
 * factor is set up: requireStaff() sends such an account here from every other admin page.
 */
export default async function AdminAccountPage() {
  const [me, mfa] = await Promise.all([requireStaffAccount(), getMyMfa()]);
  const mustSetUp = mfa.required && !mfa.enabled;
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title="Account" description="Your staff account and how you sign in." />
      {mustSetUp ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/30 bg-destructive/10 p-4 text-sm font-medium text-destructive"
        >
          Your account requires two-step verification. Set it up to open the rest of the admin area.
        </p>
      ) : null}
      <SettingsCard id="staff-account" title="Staff Account">
        <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{me.name ?? "—"}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{me.email}</dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd>{ROLE_TEXT[me.role]}</dd>
        </dl>
      </SettingsCard>
      <SettingsCard
        id="two-step"
        title="Two-Step Verification"
        icon={<ShieldCheck className="size-5 text-primary" aria-hidden="true" />}
      >
        <div className="grid gap-5">
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant={mfa.enabled ? "default" : "outline"}>
              {mfa.enabled ? "On" : "Off"}
            </Badge>
            <p className="text-sm text-muted-foreground">
              {mfa.enabled
                ? `Sign-in asks for a code from your authenticator app. ${mfa.recoveryCodesLeft} recovery code${mfa.recoveryCodesLeft === 1 ? "" : "s"} left.`
                : "Protect the admin area with a code from an authenticator app on your phone, asked after your password."}
            </p>
          </div>
          {mfa.enabled ? (
            mfa.required ? (
              <p className="text-sm text-muted-foreground">
                Two-step verification is required for your account and cannot be turned off.
              </p>
            ) : (
              <MfaDisableForm />
            )
          ) : (
            <MfaSetup setup={mfa.setup} />
          )}
        </div>
      </SettingsCard>
    </div>
  );
}
