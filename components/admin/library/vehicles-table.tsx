import { CarFront } from "lucide-react";

import { setVehicleActiveAction } from "@/actions/library";
import { CardFacts, CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable } from "@/components/admin/list/list-states";
import { RowSwitch } from "@/components/admin/list/row-switch";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import type { VehicleDto } from "@/lib/library/data/vehicles";
import { LIBRARY_PATHS } from "@/lib/library/list-query";
import { formatCost, VEHICLE_COST_UNITS } from "@/lib/library/rules";

import { VehicleDialog } from "./vehicle-dialog";
import { Offered } from "./offered";

const COLUMNS = [
  { label: "Vehicle" },
  { label: "Kind" },
  { label: "Seats", end: true },
  { label: "Cost", end: true },
  { label: "Offered" },
  { label: "Actions", end: true },
];

const KIND_NAMES = { vehicle: "By the day", transfer: "Transfer" } as const;

const cost = (v: VehicleDto) => `${formatCost(v.costMinor)} ${VEHICLE_COST_UNITS[v.kind]}`;

function Name({ vehicle }: { vehicle: VehicleDto }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {vehicle.name}
      {vehicle.isActive ? null : <Badge variant="outline">Retired</Badge>}
    </span>
  );
}

function Active({ vehicle }: { vehicle: VehicleDto }) {
  return (
    <RowSwitch
      action={setVehicleActiveAction}
      id={vehicle.id}
      field="active"
      checked={vehicle.isActive}
      label={`Offered: ${vehicle.name}`}
      failure="Failed to change the vehicle."
      showValue
    />
  );
}

/** The vehicles (by the day) and transfers (by the trip) found, with their seats and cost. */
export function VehiclesTable({ vehicles, q }: { vehicles: VehicleDto[]; q: string }) {
  return (
    <ListTable
      count={
        vehicles.length > 0 ? (
          <>
            {vehicles.length}{" "}
            {vehicles.length === 1 ? "vehicle or transfer" : "vehicles and transfers"}
          </>
        ) : null
      }
      result={{ items: vehicles, total: vehicles.length, page: 1, pageCount: 1 }}
      filtered={q !== ""}
      noMatches={{
        title: "No vehicles found",
        clearHref: LIBRARY_PATHS.vehicles,
        message: `No vehicle's name holds "${q}".`,
      }}
      empty={
        <EmptyState icon={CarFront} title="No vehicles yet" action={<VehicleDialog />}>
          Safari vehicles by the day and transfers by the trip you add here carry the
          proposals&apos; travellers.
        </EmptyState>
      }
      caption="Vehicles and transfers, costs in US dollars"
      cardsLabel="Vehicles"
      columns={COLUMNS}
      row={(vehicle) => (
        <>
          <RowHeader>
            <Name vehicle={vehicle} />
          </RowHeader>
          <Cell>{KIND_NAMES[vehicle.kind]}</Cell>
          <Cell end className="tabular-nums">
            {vehicle.seats}
          </Cell>
          <Cell end className="whitespace-nowrap tabular-nums">
            {cost(vehicle)}
          </Cell>
          <Cell>
            <Active vehicle={vehicle} />
          </Cell>
          <Cell end>
            <VehicleDialog vehicle={vehicle} />
          </Cell>
        </>
      )}
      card={(vehicle) => (
        <>
          <CardHeader
            title={<Name vehicle={vehicle} />}
            subtitle={KIND_NAMES[vehicle.kind]}
            aside={<span className="font-semibold tabular-nums">{cost(vehicle)}</span>}
          />
          <CardFacts facts={[{ label: "Seats", value: vehicle.seats }]} />
          <div className="flex items-center justify-between gap-3">
            <Offered>
              <Active vehicle={vehicle} />
            </Offered>
            <VehicleDialog vehicle={vehicle} />
          </div>
        </>
      )}
    />
  );
}
