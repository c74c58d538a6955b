"use client";

import { Pencil, Plus } from "lucide-react";

import { createVehicleAction, updateVehicleAction } from "@/actions/library";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextareaField, TextField } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
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
  const editing = vehicle !== undefined;
  const { form, submit, dialog, close } = useDialogForm<Values>(() => valuesOf(vehicle), {
    schema: (editing ? updateVehicleSchema : vehicleSchema) as never,
    action: editing ? updateVehicleAction : createVehicleAction,
    failure: editing
      ? { title: "Error", message: "Failed to update the vehicle." }
      : { title: "Error", message: "Failed to add the vehicle." },
    invalidTitle: editing ? "Update Failed" : "Vehicle Not Added",
    resetOnSuccess: !editing,
  });
  return (
    <DialogShell
      {...dialog}
      trigger={
        editing ? (
          <Button type="button" variant="outline" size="sm" className="bg-card">
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only">{` ${vehicle.name}`}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden="true" />
            Add Vehicle
          </Button>
        )
      }
      className="sm:max-w-xl"
      title={editing ? "Edit Vehicle" : "Add Vehicle"}
      description="A vehicle hired by the day, or a transfer (a flight, an airport run) priced by the trip, at its cost to us."
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={editing ? `vehicle-${vehicle.id.slice(0, 8)}` : "vehicle-new"}
        className="grid gap-4 sm:grid-cols-2"
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
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">
            {editing ? "Save Changes" : "Add Vehicle"}
          </SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
