import { DeparturesList } from "@/components/admin/departures/departures-list";
import type { DeparturesQuery } from "@/lib/departures/list-query";
import { type DepartureChoices, listDeparturesForStaff } from "@/lib/departures/data/manage";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

/** One page of departures; a failed read is logged and the list shows as empty. */
export async function DeparturesPage({
  query,
  choices,
}: {
  query: DeparturesQuery;
  choices: DepartureChoices;
}) {
  const result = await loggedRead(
    "admin departures",
    () => listDeparturesForStaff(query),
    emptyPage(),
  );
  return <DeparturesList query={query} result={result} choices={choices} />;
}
