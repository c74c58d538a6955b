import type { Metadata } from "next";
import { Suspense } from "react";

import { LibraryTabs } from "@/components/admin/library/library-tabs";
import { LodgeDialog } from "@/components/admin/library/lodge-dialog";
import { ListSkeleton } from "@/components/admin/list/list-states";
import { ListSearch } from "@/components/lists/list-search";
import { Screen } from "@/components/shared/page-header";
import { libraryUrls } from "@/lib/library/list-query";
import type { SearchParams } from "@/lib/list-query";

import { Lodges } from "../list";

export const metadata: Metadata = { title: "Lodges · Library" };

/**
 * /admin/library/lodges: the lodges proposals put travellers up in, each with its rooms and their
 * costs a night, searched by name or park. Every member of staff adds and edits them.
 */
export default async function AdminLibraryLodgesPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const query = libraryUrls.lodges.parse(await searchParams);
  return (
    <Screen
      title="Library"
      description="The lodges, activities and vehicles tailor-made safaris are built from, at their cost to us."
      actions={<LodgeDialog />}
    >
      <LibraryTabs current="lodges" />
      <ListSearch
        id="library-lodges-search"
        label="Search lodges"
        placeholder="Search lodges by name or park"
        className="w-full max-w-md"
      />
      <Suspense key={query.q} fallback={<ListSkeleton label="Loading lodges" />}>
        <Lodges query={query} />
      </Suspense>
    </Screen>
  );
}
