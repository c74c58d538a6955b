import type { Metadata } from "next";
import { Suspense } from "react";

import { LibraryTabs } from "@/components/admin/library/library-tabs";
import { ActivityDialog } from "@/components/admin/library/activity-dialog";
import { ListSkeleton } from "@/components/admin/list/list-states";
import { ListSearch } from "@/components/lists/list-search";
import { Screen } from "@/components/shared/page-header";
import { libraryUrls } from "@/lib/library/list-query";
import type { SearchParams } from "@/lib/list-query";

import { Activities } from "../list";

export const metadata: Metadata = { title: "Activities · Library" };

/**
 * /admin/library/activities: the treks, boat trips and drives proposals fill the days with, at
 * their cost a person, with their park fee and permit, searched by name or park.
 */
export default async function AdminLibraryActivitiesPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const query = libraryUrls.activities.parse(await searchParams);
  return (
    <Screen
      title="Library"
      description="The lodges, activities and vehicles tailor-made safaris are built from, at their cost to us."
      actions={<ActivityDialog />}
    >
      <LibraryTabs current="activities" />
      <ListSearch
        id="library-activities-search"
        label="Search activities"
        placeholder="Search activities by name or park"
        className="w-full max-w-md"
      />
      <Suspense key={query.q} fallback={<ListSkeleton label="Loading activities" />}>
        <Activities query={query} />
      </Suspense>
    </Screen>
  );
}
