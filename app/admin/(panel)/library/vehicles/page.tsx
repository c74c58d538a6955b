import type { Metadata } from "next";
import { Suspense } from "react";

import { LibraryTabs } from "@/components/admin/library/library-tabs";
import { VehicleDialog } from "@/components/admin/library/vehicle-dialog";
import { ListSkeleton } from "@/components/admin/list/list-states";
import { ListSearch } from "@/components/lists/list-search";
import { Screen } from "@/components/shared/page-header";
import { libraryUrls } from "@/lib/library/list-query";
import type { SearchParams } from "@/lib/list-query";

import { Vehicles } from "../list";

export const metadata: Metadata = { title: "Vehicles · Library" };

/**
 * /admin/library/vehicles: safari vehicles hired by the day and transfers priced by the trip,
 * searched by name.
 */
export default async function AdminLibraryVehiclesPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const query = libraryUrls.vehicles.parse(await searchParams);
  return (
    <Screen
      title="Library"
      description="The lodges, activities and vehicles tailor-made safaris are built from, at their cost to us."
      actions={<VehicleDialog />}
    >
      <LibraryTabs current="vehicles" />
      <ListSearch
        id="library-vehicles-search"
        label="Search vehicles"
        placeholder="Search vehicles by name"
        className="w-full max-w-md"
      />
      <Suspense key={query.q} fallback={<ListSkeleton label="Loading vehicles" />}>
        <Vehicles query={query} />
      </Suspense>
    </Screen>
  );
}
