import Link from "next/link";

import { CardFacts, CardHeader, Cell } from "@/components/admin/list/data-table";
import { ListDates, ListTable, ListToolbar, rowCount } from "@/components/admin/list/list-states";
import { CardTime, TimeHeader } from "@/components/admin/list/row-time";
import { ShieldCheck } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { ListSearch } from "@/components/lists/list-search";
import { ListSelect } from "@/components/lists/list-select";
import { EmptyState } from "@/components/shared/empty-state";
import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import { Button } from "@/components/ui/button";
import {
  ACTION_OPTIONS,
  ACTIVITY_PAGE_SIZE,
  type ActivityQuery,
  activityHref,
  actionLabel,
  isFiltered,
  OUTCOME_LABELS,
  ROLE_LABELS,
  targetLabel,
} from "@/lib/audit/activity";
import type { ActivityPage, ActivityRow } from "@/lib/audit/data/activity";
import { targetName } from "@/lib/audit/sentences";
import type { AuditOutcome } from "@/lib/domain";

const COLUMNS = [
  { label: "Time" },
  { label: "Actor" },
  { label: "Action" },
  { label: "Target" },
  { label: "Outcome" },
  { label: "Client Address" },
];

const OUTCOME_TONES: Record<AuditOutcome, Tone> = {
  success: "good",
  failure: "waiting",
  denied: "bad",
};

/**
 * The actor, action and date filters of /admin/activity, in the URL. The actor is an email as
 * recorded, matched whole in any case (a row's actor links to it). Any change goes back to page 1.
 */
export function ActivityToolbar() {
  return (
    <ListToolbar className="md:flex-wrap">
      <ListSearch
        id="activity-actor"
        param="actor"
        label="Actor email"
        showLabel
        placeholder="Full email address"
        className="md:min-w-72"
      />
      <ListSelect id="activity-action" label="Action" param="action" options={ACTION_OPTIONS} />
      <ListDates idPrefix="activity" />
    </ListToolbar>
  );
}

function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  return (
    <StatusBadge tone={OUTCOME_TONES[outcome]} status={outcome}>
      {OUTCOME_LABELS[outcome] ?? outcome}
    </StatusBadge>
  );
}

/** The actor's label, a link to their activity alone, over their role. */
function Actor({ e, query }: { e: ActivityRow; query: ActivityQuery }) {
  return (
    <span className="grid gap-0.5">
      <Link
        href={activityHref(query, { actor: e.actorLabel, page: 1 })}
        scroll={false}
        prefetch={false}
        className="font-medium break-all text-forest-deep underline-offset-4 hover:underline"
      >
        <span className="sr-only">Show the activity of </span>
        {e.actorLabel}
      </Link>
      <span className="text-xs text-muted-foreground">{ROLE_LABELS[e.actorRole]}</span>
    </span>
  );
}

/** What was done, and what changed in a sentence. */
function Action({ e }: { e: ActivityRow }) {
  return (
    <div className="grid gap-0.5">
      <span className="font-medium">{actionLabel(e.action)}</span>
      {e.summary ? (
        <span className="text-xs break-words text-muted-foreground">{e.summary}</span>
      ) : null}
    </div>
  );
}

/**
 * The target as staff name it ('Booking 5DF585EE'), a link to the thing itself where it has a
 * screen, and a link to the events of that target alone; 'None' without one.
 */
function Target({ e, query }: { e: ActivityRow; query: ActivityQuery }) {
  if (!e.target) return <span className="text-muted-foreground">None</span>;
  const { label, href } = e.target;
  return (
    <span className="grid gap-0.5">
      {href ? (
        <Link
          href={href}
          prefetch={false}
          className="inline-flex min-h-6 items-center font-medium break-words text-forest-deep underline-offset-4 hover:underline"
        >
          <span className="sr-only">Open </span>
          {label}
        </Link>
      ) : (
        <span className="font-medium break-words">{label}</span>
      )}
      <Link
        href={activityHref(query, {
          target: e.targetType ?? "",
          targetId: e.targetId ?? "",
          page: 1,
        })}
        scroll={false}
        prefetch={false}
        className="inline-flex min-h-6 items-center text-xs text-muted-foreground underline-offset-4 hover:underline"
      >
        All its activity<span className="sr-only"> ({label})</span>
      </Link>
    </span>
  );
}

const address = (e: ActivityRow) =>
  e.ip ? (
    <span className="font-mono text-xs break-all">{e.ip}</span>
  ) : (
    <span className="text-muted-foreground">Unknown</span>
  );

/** The target filter, which only the rows' links set: what it shows and how to leave it. */
function TargetFilter({ query }: { query: ActivityQuery }) {
  if (!query.target && !query.targetId) return null;
  const label =
    targetName(query.target || "target", query.targetId || null)?.label ??
    targetLabel(query.target || "target", query.targetId || null);
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm">
      <span>
        Only the activity of <span className="font-semibold">{label}</span>
      </span>
      <Button asChild variant="outline" size="sm" className="bg-card">
        <Link href={activityHref(query, { target: "", targetId: "", page: 1 })} scroll={false}>
          Show every target
        </Link>
      </Button>
    </p>
  );
}

/** One page of /admin/activity: the target filter, the count, the rows, the empty state, the pager. */
export function ActivityList({ query, result }: { query: ActivityQuery; result: ActivityPage }) {
  return (
    <ListTable
      before={<TargetFilter query={query} />}
      count={rowCount(result, "event", "events")}
      result={result}
      pages={listPages("Activity pages", "events", ACTIVITY_PAGE_SIZE)}
      href={(page) => activityHref(query, { page })}
      filtered={isFiltered(query)}
      noMatches={{ title: "No activity found", clearHref: activityHref({}) }}
      empty={
        <EmptyState icon={ShieldCheck} title="No activity yet">
          Sign-ins and changes by staff appear here as they happen.
        </EmptyState>
      }
      caption="Activity, newest first"
      cardsLabel="Activity"
      columns={COLUMNS}
      minWidth="64rem"
      row={(e) => (
        <>
          <TimeHeader at={e.occurredAt} />
          <Cell className="max-w-[16rem]">
            <Actor e={e} query={query} />
          </Cell>
          <Cell className="max-w-[20rem] min-w-[12rem]">
            <Action e={e} />
          </Cell>
          <Cell className="max-w-[14rem]">
            <Target e={e} query={query} />
          </Cell>
          <Cell>
            <OutcomeBadge outcome={e.outcome} />
          </Cell>
          <Cell>{address(e)}</Cell>
        </>
      )}
      card={(e) => (
        <>
          <CardHeader
            title={actionLabel(e.action)}
            subtitle={<CardTime at={e.occurredAt} />}
            aside={<OutcomeBadge outcome={e.outcome} />}
          />
          {e.summary ? (
            <p className="text-sm break-words text-muted-foreground">{e.summary}</p>
          ) : null}
          <CardFacts
            facts={[
              {
                label: "Actor",
                value: <Actor e={e} query={query} />,
              },
              { label: "Target", value: <Target e={e} query={query} /> },
              { label: "Client Address", value: address(e) },
              {
                label: "Action Code",
                value: <span className="font-mono text-xs break-all">{e.action}</span>,
              },
            ]}
          />
        </>
      )}
    />
  );
}
