import { Compass } from "lucide-react";

import { setActivityActiveAction } from "@/actions/library";
import { CardFacts, CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable } from "@/components/admin/list/list-states";
import { RowSwitch } from "@/components/admin/list/row-switch";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import type { ActivityDto } from "@/lib/library/data/activities";
import { LIBRARY_PATHS } from "@/lib/library/list-query";
import { formatCost } from "@/lib/library/rules";
import { PARK_FEE_LABELS } from "@/lib/parks/rules";

import { ActivityDialog } from "./activity-dialog";
import { Offered } from "./offered";

const COLUMNS = [
  { label: "Activity" },
  { label: "Park" },
  { label: "Per person", end: true },
  { label: "Child", end: true },
  { label: "Park fee" },
  { label: "Offered" },
  { label: "Actions", end: true },
];

const dash = <span className="text-muted-foreground">—</span>;

const childCost = (a: ActivityDto) =>
  a.childCostMinor === null ? (
    <span className="text-muted-foreground">As adult</span>
  ) : (
    formatCost(a.childCostMinor)
  );

/** The park fee, and a badge when the activity takes a permit from the stock. */
function Fee({ activity }: { activity: ActivityDto }) {
  if (!activity.parkFee && !activity.needsPermit) return dash;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {activity.parkFee ? PARK_FEE_LABELS[activity.parkFee] : null}
      {activity.needsPermit ? <Badge variant="accent">Permit</Badge> : null}
    </span>
  );
}

function Name({ activity }: { activity: ActivityDto }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {activity.name}
      {activity.isActive ? null : <Badge variant="outline">Retired</Badge>}
    </span>
  );
}

function Active({ activity }: { activity: ActivityDto }) {
  return (
    <RowSwitch
      action={setActivityActiveAction}
      id={activity.id}
      field="active"
      checked={activity.isActive}
      label={`Offered: ${activity.name}`}
      failure="Failed to change the activity."
      showValue
    />
  );
}

/** The activities found with their costs a person, park fee and permit. */
export function ActivitiesTable({ activities, q }: { activities: ActivityDto[]; q: string }) {
  return (
    <ListTable
      count={
        activities.length > 0 ? (
          <>
            {activities.length} {activities.length === 1 ? "activity" : "activities"}
          </>
        ) : null
      }
      result={{ items: activities, total: activities.length, page: 1, pageCount: 1 }}
      filtered={q !== ""}
      noMatches={{
        title: "No activities found",
        clearHref: LIBRARY_PATHS.activities,
        message: `No activity's name or park holds "${q}".`,
      }}
      empty={
        <EmptyState icon={Compass} title="No activities yet" action={<ActivityDialog />}>
          Treks, boat trips and game drives you add here, with their costs and park fees, are what
          proposals fill the days with.
        </EmptyState>
      }
      caption="Activities by park, costs in US dollars a person"
      cardsLabel="Activities"
      columns={COLUMNS}
      row={(activity) => (
        <>
          <RowHeader>
            <Name activity={activity} />
          </RowHeader>
          <Cell>{activity.park ?? dash}</Cell>
          <Cell end className="tabular-nums">
            {formatCost(activity.costPerPersonMinor)}
          </Cell>
          <Cell end className="tabular-nums">
            {childCost(activity)}
          </Cell>
          <Cell>
            <Fee activity={activity} />
          </Cell>
          <Cell>
            <Active activity={activity} />
          </Cell>
          <Cell end>
            <ActivityDialog activity={activity} />
          </Cell>
        </>
      )}
      card={(activity) => (
        <>
          <CardHeader
            title={<Name activity={activity} />}
            subtitle={activity.park ?? undefined}
            aside={
              <span className="font-semibold tabular-nums">
                {formatCost(activity.costPerPersonMinor)}
              </span>
            }
          />
          <CardFacts
            facts={[
              { label: "Child", value: childCost(activity) },
              { label: "Park fee", value: <Fee activity={activity} /> },
            ]}
          />
          <div className="flex items-center justify-between gap-3">
            <Offered>
              <Active activity={activity} />
            </Offered>
            <ActivityDialog activity={activity} />
          </div>
        </>
      )}
    />
  );
}
