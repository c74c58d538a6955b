import type { Metadata } from "next";
import Link from "next/link";

import { AuthShell } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Button } from "@/components/ui/button";
import { isResetTokenValid } from "@/lib/accounts/data/password-reset";

export const metadata: Metadata = {
  title: "Reset Password",
  robots: { index: false },
  referrer: "no-referrer",
};

/** The page of a reset link (/customer/reset-password?token=…): open to signed-out visitors. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token: raw } = await searchParams;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const valid = await isResetTokenValid(token);
  if (!valid) {
    return (
      <AuthShell
        title="Link expired"
        description="This reset link is invalid, has expired or was already used."
      >
        <div className="grid gap-3">
          <Button asChild size="lg" className="h-11 w-full">
            <Link href="/customer/auth?forgot=1">Request a new link</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link href="/customer/auth">Back to Sign In</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Choose a new password"
      description="Changing your password signs you out everywhere."
    >
      <ResetPasswordForm token={token} />
    </AuthShell>
  );
}
