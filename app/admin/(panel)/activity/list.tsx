import { ActivityList } from "@/components/admin/activity/activity-list";
import type { ActivityQuery } from "@/lib/audit/activity";
import { listAuditEvents } from "@/lib/audit/data/activity";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

/** One page of the audit trail; a failed read is logged and the list shows as empty. */
export async function ActivityEvents({ query }: { query: ActivityQuery }) {
  const result = await loggedRead("admin activity", () => listAuditEvents(query), emptyPage());
  return <ActivityList query={query} result={result} />;
}
