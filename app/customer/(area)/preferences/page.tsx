import type { Metadata } from "next";
import { Suspense } from "react";

import { PreferencesForm } from "@/components/customer/preferences-form";
import { PreferencesSkeleton } from "@/components/customer/preferences-skeleton";
import { formatDay, todayIso } from "@/lib/customer";
import { getMyPreferences } from "@/lib/dal/account";

export const metadata: Metadata = { title: "Email Preferences" };

async function Preferences() {
  const view = await getMyPreferences();
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
