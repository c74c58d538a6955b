import type { Metadata } from "next";
import { Suspense } from "react";

import { SubscribersBoardSkeleton } from "@/components/admin/newsletter/subscribers-board";
import { Screen } from "@/components/shared/page-header";
import { parseSubscribersQuery } from "@/lib/newsletter/list-query";
import type { SearchParams } from "@/lib/list-query";

import { SubscribersList } from "./list";

export const metadata: Metadata = { title: "Newsletter" };

/** /admin/newsletter: subscribers, their state, and the CSV export. */
export default async function AdminNewsletterPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const query = parseSubscribersQuery(await searchParams);
  return (
    <Screen
      title="Newsletter Subscribers"
      description="Who receives the newsletter. Export the active subscribers of any view as CSV."
    >
      {/* The search box is inside the board: a new search keeps it mounted (and focused). */}
      <Suspense key={`${query.filter}|${query.page}`} fallback={<SubscribersBoardSkeleton />}>
        <SubscribersList query={query} />
      </Suspense>
    </Screen>
  );
}
