import Link from "next/link";
import { formatDayTime } from "@/lib/dates";

import { Mail, SearchX, Users } from "@/components/icons";
import { ListPager } from "@/components/lists/list-pager";
import { ListSearch } from "@/components/admin/messages/list-search";
import { StatCard } from "@/components/shared/stat-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { countLabel, listHref, SUBSCRIBER_FILTERS, type SubscriberFilter, SUBSCRIBERS_PAGE_SIZE, type SubscribersQuery } from "@/lib/admin-messages";
import { listSubscribersForStaff, type SubscriberPage } from "@/lib/dal/admin-newsletter";
import { loggedRead } from "@/lib/logged-read";
import { cn } from "@/lib/utils";

import { ExportButton } from "./export-button";
import { SubscriberStatusButton } from "./subscriber-status-button";

const FILTER_LABELS: Record<SubscriberFilter, string> = {
  all: "All",
  active: "Active",
  inactive: "Inactive",
};

const EMPTY: SubscriberPage = {
  items: [],
  total: 0,
  page: 1,
  pageCount: 1,
  counts: { total: 0, active: 0, inactive: 0 },
  filterCounts: { all: 0, active: 0, inactive: 0 },
  capped: { all: false, active: false, inactive: false },
};

const href = (query: SubscribersQuery, changes: Partial<SubscribersQuery>) =>
  listHref("/admin/newsletter", { ...query, page: 1, ...changes }, { page: 1, filter: "all" });

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge variant="outline" className="border-transparent bg-emerald-100 text-emerald-900">
      Active
    </Badge>
  ) : (
    <Badge variant="outline" className="border-transparent bg-stone-200 text-stone-700">
      Inactive
    </Badge>
  );
}

/** Counts, search, filters, Export CSV and one page of subscribers (A83-A91). */
export async function SubscribersBoard({ query }: { query: SubscribersQuery }) {
  // A failed read is logged; the list stays empty and no message is shown (A91).
  const result = await loggedRead(
    "admin newsletter subscribers",
    () => listSubscribersForStaff(query),
    EMPTY,
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Total Subscribers" value={result.counts.total} icon={Users} />
        <StatCard label="Active" value={result.counts.active} icon={Mail} />
        <StatCard label="Unsubscribed" value={result.counts.inactive} icon={SearchX} />
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <ListSearch
          q={query.q}
          id="subscribers-search"
          label="Search subscribers by email"
          placeholder="Search by email"
        />
        <div className="flex flex-wrap items-center gap-2">
          <nav
            aria-label="Filter subscribers"
            className="flex gap-1 rounded-xl bg-secondary/70 p-1"
          >
            {SUBSCRIBER_FILTERS.map((f) => (
              <Link
                key={f}
                href={href(query, { filter: f })}
                scroll={false}
                aria-current={query.filter === f ? "page" : undefined}
                className={cn(
                  "rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                  query.filter === f
                    ? "bg-card text-forest-deep shadow-sm"
                    : "text-muted-foreground hover:bg-card/60 hover:text-forest-deep",
                )}
              >
                {`${FILTER_LABELS[f]} (${countLabel(result.filterCounts[f], result.capped[f])})`}
              </Link>
            ))}
          </nav>
          <ExportButton q={query.q} filter={query.filter} />
        </div>
      </div>

      {result.items.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-border bg-card p-10 text-center">
          <SearchX className="size-9 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold text-forest-deep">
            {result.counts.total === 0 ? "No subscribers yet" : "No subscribers match this view"}
          </p>
        </div>
      ) : (
        <>
          <div className="relative hidden overflow-x-auto rounded-2xl border border-border/70 bg-card shadow-sm sm:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Newsletter subscribers, newest first</caption>
              <thead className="border-b border-border/70 bg-secondary/50 text-xs tracking-wide text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Email Address
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Subscribed Date
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border/60">
                {result.items.map((s) => (
                  <tr key={s.id} className="hover:bg-secondary/30">
                    <td className="px-4 py-3 align-top">
                      <StatusBadge active={s.isActive} />
                    </td>
                    <td className="px-4 py-3 align-top">
                      <span className="font-medium break-all text-forest-deep">{s.email}</span>
                    </td>
                    <td className="px-4 py-3 align-top whitespace-nowrap text-muted-foreground">
                      <time dateTime={s.subscribedAt}>{formatDayTime(s.subscribedAt)}</time>
                    </td>
                    <td className="px-4 py-3 align-top">
                      <div className="flex flex-wrap justify-end gap-1">
                        <Button asChild variant="outline" size="sm" className="bg-card">
                          <a href={`mailto:${encodeURIComponent(s.email)}`}>
                            Send Email
                            <span className="sr-only"> to {s.email}</span>
                          </a>
                        </Button>
                        <SubscriberStatusButton id={s.id} email={s.email} isActive={s.isActive} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid grid-cols-1 gap-3 sm:hidden" aria-label="Subscribers">
            {result.items.map((s) => (
              <li
                key={s.id}
                className="grid gap-3 rounded-2xl border border-border/70 bg-card p-4 shadow-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium break-all text-forest-deep">{s.email}</p>
                    <p className="text-xs text-muted-foreground">
                      Subscribed{" "}
                      <time dateTime={s.subscribedAt}>{formatDayTime(s.subscribedAt)}</time>
                    </p>
                  </div>
                  <StatusBadge active={s.isActive} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm" className="bg-card">
                    <a href={`mailto:${encodeURIComponent(s.email)}`}>
                      Send Email
                      <span className="sr-only"> to {s.email}</span>
                    </a>
                  </Button>
                  <SubscriberStatusButton id={s.id} email={s.email} isActive={s.isActive} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <ListPager
        label="Subscriber pages"
        page={result.page}
        pageCount={result.pageCount}
        total={result.total}
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        shown={result.items.length}
        capped={result.capped[query.filter]}
        href={(page) => href(query, { page })}
      />
    </div>
  );
}
