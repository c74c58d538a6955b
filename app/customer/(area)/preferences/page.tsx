import type { Metadata } from "next";
import { formatDay } from "@/lib/dates";
import { Suspense } from "react";

import { PreferencesForm } from "@/components/customer/preferences-form";
import { PreferencesSkeleton } from "@/components/customer/preferences-skeleton";
import { getMyPreferences } from "@/lib/accounts/data/profile";
import { requireCustomer } from "@/lib/session";
import { loggedRead } from "@/lib/logged-read";

export const metadata: Metadata = { title: "Email Preferences" };

async function Preferences() {
  const me = await requireCustomer();
  // A failed read is logged and shown as such, with Save disabled: offering the defaults would
  // overwrite the customer's stored choice on the next save.
  const view = await loggedRead("email preferences", getMyPreferences, null);
  return (
    <PreferencesForm
      email={view?.email ?? me.email}
      initial={view?.preferences ?? null}
      subscribed={view?.newsletterSubscribed ?? false}
      lastUpdated={view ? formatDay(view.updatedAt) : null}
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
