import { SubscribersBoard } from "@/components/admin/newsletter/subscribers-board";
import type { SubscribersQuery } from "@/lib/newsletter/list-query";
import { listSubscribersForStaff, type SubscriberPage } from "@/lib/newsletter/data/subscribers";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

const EMPTY: SubscriberPage = {
  ...emptyPage(),
  counts: { total: 0, active: 0, inactive: 0 },
  filterCounts: { all: 0, active: 0, inactive: 0 },
  filterCapped: { all: false, active: false, inactive: false },
};

/** The counts and one page of subscribers; a failed read is logged and the board is empty. */
export async function SubscribersList({ query }: { query: SubscribersQuery }) {
  const result = await loggedRead(
    "admin newsletter subscribers",
    () => listSubscribersForStaff(query),
    EMPTY,
  );
  return <SubscribersBoard query={query} result={result} />;
}
