import { CardHeader, Cell } from "@/components/admin/list/data-table";
import { ListSkeleton, ListTable } from "@/components/admin/list/list-states";
import { When } from "@/components/admin/list/row-time";
import { ListTabs } from "@/components/admin/list/list-tabs";
import { Mail, SearchX, Users } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { ListSearch } from "@/components/lists/list-search";
import { EmptyState } from "@/components/shared/empty-state";
import { StatCard } from "@/components/shared/stat-card";
import { StatusBadge } from "@/components/shared/status-badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import {
  SUBSCRIBER_FILTERS,
  type SubscriberFilter,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscribersQuery,
} from "@/lib/newsletter/list-query";
import type { StaffSubscriber, SubscriberPage } from "@/lib/newsletter/data/subscribers";
import { countLabel, listHref } from "@/lib/list-query";

import { ExportButton } from "./export-button";
import { SubscriberStatusButton } from "./subscriber-status-button";

const FILTER_LABELS: Record<SubscriberFilter, string> = {
  all: "All",
  active: "Active",
  inactive: "Inactive",
};

const COLUMNS = [
  { label: "Status" },
  { label: "Email Address" },
  { label: "Subscribed Date" },
  { label: "Actions", end: true },
];

const href = (query: SubscribersQuery, changes: Partial<SubscribersQuery>) =>
  listHref("/admin/newsletter", { ...query, page: 1, ...changes }, { filter: "all" });

function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <StatusBadge tone="good">Active</StatusBadge>
  ) : (
    <StatusBadge tone="done">Inactive</StatusBadge>
  );
}

function Actions({ s }: { s: StaffSubscriber }) {
  return (
    <>
      <Button asChild variant="outline" size="sm" className="bg-card">
        <a href={`mailto:${encodeURIComponent(s.email)}`}>
          Send Email
          <span className="sr-only"> to {s.email}</span>
        </a>
      </Button>
      <SubscriberStatusButton id={s.id} email={s.email} isActive={s.isActive} />
    </>
  );
}

/** Counts, search, filters, Export CSV and one page of subscribers. */
export function SubscribersBoard({
  query,
  result,
}: {
  query: SubscribersQuery;
  result: SubscriberPage;
}) {
  return (
    <ListTable
      className="gap-6"
      before={
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <StatCard label="Total Subscribers" value={result.counts.total} icon={Users} />
            <StatCard label="Active" value={result.counts.active} icon={Mail} />
            <StatCard label="Unsubscribed" value={result.counts.inactive} icon={SearchX} />
          </div>
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
            <ListSearch
              id="subscribers-search"
              label="Search subscribers by email"
              placeholder="Search by email"
            />
            <div className="flex flex-wrap items-center gap-2">
              <ListTabs
                label="Filter subscribers"
                tabs={SUBSCRIBER_FILTERS.map((f) => ({
                  href: href(query, { filter: f }),
                  current: query.filter === f,
                  label: `${FILTER_LABELS[f]} (${countLabel(result.filterCounts[f], result.filterCapped[f])})`,
                }))}
              />
              <ExportButton q={query.q} filter={query.filter} />
            </div>
          </div>
        </>
      }
      result={result}
      pages={listPages("Subscriber pages", "subscribers", SUBSCRIBERS_PAGE_SIZE)}
      href={(page) => href(query, { page })}
      empty={
        <EmptyState
          icon={SearchX}
          title={
            result.counts.total === 0 ? "No subscribers yet" : "No subscribers match this view"
          }
        />
      }
      caption="Newsletter subscribers, newest first"
      cardsLabel="Subscribers"
      columns={COLUMNS}
      row={(s) => (
        <>
          <Cell>
            <ActiveBadge active={s.isActive} />
          </Cell>
          <Cell>
            <span className="font-medium break-all text-forest-deep">{s.email}</span>
          </Cell>
          <Cell className="whitespace-nowrap text-muted-foreground">
            <When at={s.subscribedAt} />
          </Cell>
          <Cell end>
            <div className="flex flex-wrap justify-end gap-1">
              <Actions s={s} />
            </div>
          </Cell>
        </>
      )}
      card={(s) => (
        <>
          <CardHeader
            title={<span className="break-all">{s.email}</span>}
            subtitle={
              <span className="text-xs">
                Subscribed <When at={s.subscribedAt} />
              </span>
            }
            aside={<ActiveBadge active={s.isActive} />}
          />
          <div className="flex flex-wrap gap-2">
            <Actions s={s} />
          </div>
        </>
      )}
    />
  );
}

export function SubscribersBoardSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <ListSkeleton label="Loading subscribers" />
    </div>
  );
}
