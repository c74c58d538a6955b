import type { Metadata } from "next";
import { Suspense } from "react";

import { AddDepartures, DeparturesToolbar } from "@/components/admin/departures/departures-list";
import { ListSkeleton } from "@/components/admin/list/list-states";
import { Screen } from "@/components/shared/page-header";
import { parseDeparturesQuery } from "@/lib/departures/list-query";
import { type DepartureChoices, getDepartureChoices } from "@/lib/departures/data/manage";
import { requireStaff } from "@/lib/session";
import type { SearchParams } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

import { DeparturesPage } from "./list";

export const metadata: Metadata = { title: "Departures" };

const noChoices: DepartureChoices = { tours: [], guides: [], months: [], heldUntil: "" };

/**
 * /admin/departures: the dated departures of every tour by start date (upcoming by default),
 * filtered by tour, month and status in the URL. Staff and admins add, edit, close and cancel,
 * and hold seats for a named party unpaid until its option date.
 */
export default async function AdminDeparturesPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  await requireStaff();
  const query = parseDeparturesQuery(await searchParams);
  const choices = await loggedRead("departure choices", getDepartureChoices, noChoices);
  return (
    <Screen
      title="Departures"
      description="Scheduled dates of your tours and their seats. Dates are Kampala dates."
      actions={<AddDepartures choices={choices} />}
    >
      <DeparturesToolbar choices={choices} />
      <Suspense
        key={`${query.tour}|${query.month}|${query.status}|${query.page}`}
        fallback={<ListSkeleton label="Loading departures" rows={6} />}
      >
        <DeparturesPage query={query} choices={choices} />
      </Suspense>
    </Screen>
  );
}
