import type { Metadata } from "next";
import { Suspense } from "react";

import {
  DashboardLinks,
  DashboardOverview,
  DashboardOverviewSkeleton,
} from "@/components/customer/dashboard";
import { Screen } from "@/components/shared/page-header";
import { Plus } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { greetingName, welcomeWords } from "@/lib/accounts/labels";
import { requireCustomer } from "@/lib/session";

export const metadata: Metadata = { title: "Dashboard" };

export default async function CustomerDashboardPage() {
  const me = await requireCustomer();
  return (
    <Screen
      title={`${welcomeWords(me.createdAt)}, ${greetingName({ name: me.name, email: me.email })}!`}
      description="Here's what's coming up on your Uganda adventures."
      actions={
        <LinkButton href="/customer/new-booking" icon={Plus} size="lg">
          New Trip
        </LinkButton>
      }
    >
      <Suspense fallback={<DashboardOverviewSkeleton />}>
        <DashboardOverview />
      </Suspense>
      <DashboardLinks />
    </Screen>
  );
}
