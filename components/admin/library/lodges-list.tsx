import { BedDouble } from "lucide-react";

import { setLodgeActiveAction, setLodgeRoomActiveAction } from "@/actions/library";
import {
  CardFacts,
  CardHeader,
  Cell,
  DataTable,
  RowHeader,
} from "@/components/admin/list/data-table";
import { ListFrame } from "@/components/admin/list/list-states";
import { RowSwitch } from "@/components/admin/list/row-switch";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import type { LodgeDto, LodgeRoomDto } from "@/lib/library/data/lodges";
import { LIBRARY_PATHS } from "@/lib/library/list-query";
import { formatCost, MEAL_PLAN_LABELS } from "@/lib/library/rules";

import { LodgeDialog } from "./lodge-dialog";
import { LodgePictures } from "./lodge-pictures";
import { Offered } from "./offered";
import { RoomDialog } from "./room-dialog";

const ROOM_COLUMNS = [
  { label: "Room type" },
  { label: "Meal plan" },
  { label: "Per person sharing", end: true },
  { label: "Single supplement", end: true },
  { label: "Child", end: true },
  { label: "Offered" },
  { label: "Actions", end: true },
];

const none = <span className="text-muted-foreground">None</span>;
const asAdult = <span className="text-muted-foreground">As adult</span>;

function RoomActive({ room, lodgeName }: { room: LodgeRoomDto; lodgeName: string }) {
  return (
    <RowSwitch
      action={setLodgeRoomActiveAction}
      id={room.id}
      field="active"
      checked={room.isActive}
      label={`Offered: ${room.name}, ${lodgeName}`}
      failure="Failed to change the room."
      showValue
    />
  );
}

/** A lodge's rooms with their costs a night, or a note that it has none yet. */
function Rooms({ lodge }: { lodge: LodgeDto }) {
  if (lodge.rooms.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No rooms yet: add one so proposals can put travellers up here.
      </p>
    );
  const costs = (room: LodgeRoomDto) => ({
    sharing: formatCost(room.costPerNightMinor),
    single: room.singleSupplementMinor === null ? none : formatCost(room.singleSupplementMinor),
    child: room.childCostPerNightMinor === null ? asAdult : formatCost(room.childCostPerNightMinor),
  });
  return (
    <DataTable
      caption={`Rooms of ${lodge.name}, costs a night in US dollars`}
      cardsLabel={`Rooms of ${lodge.name}`}
      columns={ROOM_COLUMNS}
      rows={lodge.rooms}
      row={(room) => (
        <>
          <RowHeader>{room.name}</RowHeader>
          <Cell>{MEAL_PLAN_LABELS[room.mealPlan]}</Cell>
          <Cell end className="tabular-nums">
            {costs(room).sharing}
          </Cell>
          <Cell end className="tabular-nums">
            {costs(room).single}
          </Cell>
          <Cell end className="tabular-nums">
            {costs(room).child}
          </Cell>
          <Cell>
            <RoomActive room={room} lodgeName={lodge.name} />
          </Cell>
          <Cell end>
            <RoomDialog lodge={lodge} room={room} />
          </Cell>
        </>
      )}
      card={(room) => (
        <>
          <CardHeader
            title={room.name}
            subtitle={MEAL_PLAN_LABELS[room.mealPlan]}
            aside={<span className="font-semibold tabular-nums">{costs(room).sharing}</span>}
          />
          <CardFacts
            facts={[
              { label: "Single supplement", value: costs(room).single },
              { label: "Child", value: costs(room).child },
            ]}
          />
          <div className="flex items-center justify-between gap-3">
            <Offered>
              <RoomActive room={room} lodgeName={lodge.name} />
            </Offered>
            <RoomDialog lodge={lodge} room={room} />
          </div>
        </>
      )}
    />
  );
}

/**
 * One lodge: its name, park and description, whether it is offered, its pictures (uploaded, else
 * the seed artwork) with their upload and remove controls, and its rooms.
 */
function LodgeCard({ lodge }: { lodge: LodgeDto }) {
  return (
    <li className="grid min-w-0 gap-4 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-display text-lg font-bold text-forest-deep">{lodge.name}</h2>
            {lodge.isActive ? null : <Badge variant="outline">Retired</Badge>}
          </div>
          <p className="text-sm font-medium text-muted-foreground">{lodge.park}</p>
          {lodge.description ? (
            <p className="line-clamp-3 text-sm text-foreground/80">{lodge.description}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:justify-end">
          <Offered>
            <RowSwitch
              action={setLodgeActiveAction}
              id={lodge.id}
              field="active"
              checked={lodge.isActive}
              label={`Offered: ${lodge.name}`}
              failure="Failed to change the lodge."
              showValue
            />
          </Offered>
          <LodgeDialog lodge={lodge} />
          <RoomDialog lodge={lodge} />
        </div>
      </div>
      <LodgePictures
        lodgeId={lodge.id}
        lodgeName={lodge.name}
        pictures={lodge.pictures}
        artwork={lodge.pictures.length === 0 ? (lodge.picture?.src ?? null) : null}
      />
      <Rooms lodge={lodge} />
    </li>
  );
}

/** The lodges found, each with its rooms; why there are none when there are none. */
export function LodgesList({ lodges, q }: { lodges: LodgeDto[]; q: string }) {
  const rooms = lodges.reduce((n, lodge) => n + lodge.rooms.length, 0);
  return (
    <ListFrame
      count={
        lodges.length > 0 ? (
          <>
            {lodges.length} {lodges.length === 1 ? "lodge" : "lodges"}, {rooms}{" "}
            {rooms === 1 ? "room type" : "room types"}
          </>
        ) : null
      }
      result={{ items: lodges, total: lodges.length, page: 1, pageCount: 1 }}
      filtered={q !== ""}
      noMatches={{
        title: "No lodges found",
        clearHref: LIBRARY_PATHS.lodges,
        message: `No lodge's name or park holds "${q}".`,
      }}
      empty={
        <EmptyState icon={BedDouble} title="No lodges yet" action={<LodgeDialog />}>
          Lodges you add here, with their rooms and costs, are what proposals put travellers up in.
        </EmptyState>
      }
    >
      <ul className="grid grid-cols-1 gap-4" aria-label="Lodges">
        {lodges.map((lodge) => (
          <LodgeCard key={lodge.id} lodge={lodge} />
        ))}
      </ul>
    </ListFrame>
  );
}
