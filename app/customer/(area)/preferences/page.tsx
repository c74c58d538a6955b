import type { Metadata } from "next";
import { Suspense } from "react";

import { PreferencesForm } from "@/components/customer/preferences-form";
import { PreferencesSkeleton } from "@/components/customer/preferences-skeleton";
import { formatDay, todayIso } from "@/lib/customer";
import { DEFAULT_EMAIL_PREFERENCES } from "@/lib/domain";
import { getMyPreferences } from "@/lib/dal/account";
import { requireCustomer } from "@/lib/dal/session";
import { loggedRead } from "@/lib/logged-read";

export const metadata: Metadata = { title: "Email Preferences" };

async function Preferences() {
  const me = await requireCustomer();
  const view = await loggedRead("email preferences", getMyPreferences, {
    email: me.email,
    preferences: DEFAULT_EMAIL_PREFERENCES,
    newsletterSubscribed: false,
  });
  return (
    <PreferencesForm
      email={view.email}
      initial={view.preferences}
      subscribed={view.newsletterSubscribed}
      lastUpdated={formatDay(todayIso())}
    />
  );
}

export default function EmailPreferencesPage() {
  return (
    <Suspense fallback={<PreferencesSkeleton />}>
      <Preferences />
    </Suspense>
  );
}
