import type { Metadata } from "next";
import { safeCallbackUrl } from "@/lib/accounts/callback-url";
import { redirect } from "next/navigation";
import { Suspense } from "react";

import { AuthShell } from "@/components/auth/auth-shell";
import { CustomerAuthCard } from "@/components/auth/customer-auth-card";
import { NoticeToast } from "@/components/customer/notice-toast";
import { getCurrentUser } from "@/lib/session";

export const metadata: Metadata = {
  title: "My Account",
  description:
    "Sign in to follow your bookings and message our team, or create your Breathe Uganda account.",
  robots: { index: false },
};

export default async function CustomerAuthPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  // A signed-in user has nothing to do here.
  if (await getCurrentUser()) redirect(callbackUrl);
  const view = params.forgot ? "forgot" : params.tab === "signup" ? "signup" : "signin";
  return (
    <AuthShell
      title="Welcome to Breathe Uganda"
      description="Sign in to follow your bookings and message our team, or create an account."
    >
      <CustomerAuthCard callbackUrl={callbackUrl} initialView={view} />
      <Suspense>
        <NoticeToast />
      </Suspense>
    </AuthShell>
  );
}
