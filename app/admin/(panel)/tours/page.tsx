import type { Metadata } from "next";
import { Suspense } from "react";

import { ListSkeleton } from "@/components/admin/list/list-states";
import { OpenedByUrl } from "@/components/admin/list/opened-by-url";
import { AddTourButton } from "@/components/admin/tours/tour-dialogs";
import { ListSearch } from "@/components/lists/list-search";
import { Screen } from "@/components/shared/page-header";
import { parseAdminToursQuery } from "@/lib/tours/list-query";
import type { SearchParams } from "@/lib/list-query";

import { EditTour, ToursList, TourMedia } from "./list";

export const metadata: Metadata = { title: "Tours" };

/**
 * /admin/tours: every tour, newest first, searched by title or slug. ?edit=<id> opens the Edit
 * dialog, ?media=<id> the Manage Media panel.
 */
export default async function AdminToursPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseAdminToursQuery(await searchParams);
  return (
    <Screen
      title="Tours Management"
      description="Manage the tours displayed across the website."
      actions={<AddTourButton />}
    >
      <ListSearch
        id="tours-search"
        label="Search tours"
        placeholder="Search tours by title or slug"
        resetKeys={["edit", "media"]}
        className="w-full max-w-md"
      />
      <Suspense key={`${query.q}|${query.page}`} fallback={<ListSkeleton label="Loading tours" />}>
        <ToursList query={query} />
      </Suspense>
      <OpenedByUrl id={query.edit}>
        {(id) => <EditTour key={id} query={query} id={id} />}
      </OpenedByUrl>
      <OpenedByUrl id={query.media}>
        {(id) => <TourMedia key={id} query={query} id={id} />}
      </OpenedByUrl>
    </Screen>
  );
}
