"use client";

import { createVehicleAction, updateVehicleAction } from "@/actions/library";
import { SelectField } from "@/components/forms/choice-fields";
import { TextareaField, TextField } from "@/components/forms/form-field";
import { AddOrEditDialog } from "@/components/admin/list/add-or-edit-dialog";
import { VEHICLE_KINDS } from "@/lib/domain";
import type { VehicleDto } from "@/lib/library/data/vehicles";
import { centsToDollarsText, VEHICLE_KIND_LABELS } from "@/lib/library/rules";
import { updateVehicleSchema, vehicleSchema } from "@/lib/library/schemas";

import { optionsOf } from "./options";

type Values = Record<string, string>;

const valuesOf = (vehicle?: VehicleDto): Values => ({
  ...(vehicle ? { id: vehicle.id } : {}),
  name: vehicle?.name ?? "",
  kind: vehicle?.kind ?? "vehicle",
  seats: vehicle ? String(vehicle.seats) : "",
  cost: centsToDollarsText(vehicle?.costMinor),
  description: vehicle?.description ?? "",
});

/** Add Vehicle (no `vehicle`) or Edit one: a vehicle by the day or a transfer by the trip. */
export function VehicleDialog({ vehicle }: { vehicle?: VehicleDto }) {
  return (
    <AddOrEditDialog<Values>
      noun="Vehicle"
      editing={vehicle}
      values={() => valuesOf(vehicle)}
      add={{
        schema: vehicleSchema,
        action: createVehicleAction,
        failure: "Failed to add the vehicle.",
      }}
      edit={{
        schema: updateVehicleSchema,
        action: updateVehicleAction,
        failure: "Failed to update the vehicle.",
      }}
      idPrefix={vehicle ? `vehicle-${vehicle.id.slice(0, 8)}` : "vehicle-new"}
      description="A vehicle hired by the day, or a transfer (a flight, an airport run) priced by the trip, at its cost to us."
    >
      <TextField name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
      <SelectField
        name="kind"
        label="Kind"
        required
        options={optionsOf(VEHICLE_KINDS, VEHICLE_KIND_LABELS)}
      />
      <TextField name="seats" label="Seats" required inputMode="numeric" placeholder="6" />
      <TextField
        name="cost"
        label="Cost"
        required
        inputMode="decimal"
        placeholder="230"
        hint="US$ a day (a vehicle) or a trip (a transfer)."
      />
      <TextareaField
        name="description"
        label="Description"
        maxLength={2000}
        rows={3}
        className="sm:col-span-2"
      />
    </AddOrEditDialog>
  );
}
