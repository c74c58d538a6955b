import type { Metadata } from "next";
import { Suspense } from "react";

import { SubscribersBoard } from "@/components/admin/newsletter/subscribers-board";
import { PageHeader } from "@/components/shared/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { parseSubscribersQuery } from "@/lib/admin-messages";

export const metadata: Metadata = { title: "Newsletter" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function BoardSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4" aria-busy="true" aria-label="Loading subscribers">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-11 rounded-xl" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-12 rounded-xl" />
      ))}
    </div>
  );
}

/** Admin Newsletter (A83-A91): subscribers, their state, and the CSV export. */
export default async function AdminNewsletterPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const query = parseSubscribersQuery(await searchParams);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Newsletter Subscribers"
        description="Who receives the newsletter. Export the active subscribers of any view as CSV."
      />
      <Suspense key={`${query.q}|${query.filter}|${query.page}`} fallback={<BoardSkeleton />}>
        <SubscribersBoard query={query} />
      </Suspense>
    </div>
  );
}
