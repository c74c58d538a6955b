import { ActivitiesTable } from "@/components/admin/library/activities-table";
import { LodgesList } from "@/components/admin/library/lodges-list";
import { VehiclesTable } from "@/components/admin/library/vehicles-table";
import { listActivities } from "@/lib/library/data/activities";
import { listLodges } from "@/lib/library/data/lodges";
import { listVehicles } from "@/lib/library/data/vehicles";
import type { LibraryQuery } from "@/lib/library/list-query";
import { loggedRead } from "@/lib/logged-read";

/** The library's lists as read for a search; a failed read is logged and shows as empty. */

export async function Lodges({ query }: { query: LibraryQuery }) {
  const lodges = await loggedRead("admin library lodges", () => listLodges(query.q), []);
  return <LodgesList lodges={lodges} q={query.q} />;
}

export async function Activities({ query }: { query: LibraryQuery }) {
  const activities = await loggedRead(
    "admin library activities",
    () => listActivities(query.q),
    [],
  );
  return <ActivitiesTable activities={activities} q={query.q} />;
}

export async function Vehicles({ query }: { query: LibraryQuery }) {
  const vehicles = await loggedRead("admin library vehicles", () => listVehicles(query.q), []);
  return <VehiclesTable vehicles={vehicles} q={query.q} />;
}
