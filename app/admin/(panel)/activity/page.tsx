import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";

import { ActivityToolbar } from "@/components/admin/activity/activity-list";
import { ListSkeleton } from "@/components/admin/list/list-states";
import { Screen } from "@/components/shared/page-header";
import { parseActivityQuery } from "@/lib/audit/activity";
import { requireAdmin } from "@/lib/session";
import { DomainError } from "@/lib/errors";
import type { SearchParams } from "@/lib/list-query";

import { ActivityEvents } from "./list";

export const metadata: Metadata = { title: "Activity" };

/**
 * The role `admin` only. Staff have no link here; one who types the address gets the admin
 * area's Not Found instead of an empty list (the list's read would refuse them, and a refused
 * read only shows as empty).
 */
async function adminOnly(): Promise<void> {
  try {
    await requireAdmin();
  } catch (error) {
    if (error instanceof DomainError && error.code === "forbidden") notFound();
    throw error;
  }
}

/** /admin/activity: the audit trail, newest first, filtered and paged in the URL. */
export default async function AdminActivityPage({ searchParams }: { searchParams: SearchParams }) {
  await adminOnly();
  const query = parseActivityQuery(await searchParams);
  return (
    <Screen
      title="Activity"
      description="Who did what and when: sign-ins, refusals and every change by staff, newest first. Times are Kampala time."
    >
      <ActivityToolbar />
      <Suspense
        key={`${query.actor}|${query.action}|${query.target}|${query.targetId}|${query.from}|${query.to}|${query.page}`}
        fallback={<ListSkeleton label="Loading activity" rows={6} />}
      >
        <ActivityEvents query={query} />
      </Suspense>
    </Screen>
  );
}
