"use client";

import { Pencil } from "lucide-react";

import { updateDepartureAction } from "@/actions/departures";
import { Form, SubmitButton } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import {
  NO_GUIDE,
  type UpdateDepartureInput,
  updateDepartureSchema,
} from "@/lib/departures/schemas/departures";

import { DepartureFields, type GuideOption, priceValues } from "./departure-fields";

/** What the Edit dialog shows of a departure. */
export type EditedDeparture = {
  id: string;
  /** 'Gorilla Safari, Jun 12 - Jun 18, 2027': the dialog's description and the button's name. */
  label: string;
  capacity: number;
  prices: Record<string, number>;
  cutoffDays: number;
  minGroup: number | null;
  guideId: string | null;
  note: string | null;
};

type Values = Required<Omit<UpdateDepartureInput, "prices">> & {
  prices: { name: string; price: string }[];
};

const valuesOf = (d: EditedDeparture, tiers: readonly string[]): Values => ({
  id: d.id,
  capacity: String(d.capacity),
  prices: priceValues(tiers, d.prices),
  cutoffDays: String(d.cutoffDays),
  minGroup: d.minGroup?.toString() ?? "",
  guideId: d.guideId ?? NO_GUIDE,
  note: d.note ?? "",
});

/**
 * A departure's Edit: capacity (never below the seats taken), prices, cutoff, minimum group,
 * guide (given to its bookings too) and note.
 */
export function EditDepartureDialog({
  departure,
  tiers,
  guides,
}: {
  departure: EditedDeparture;
  tiers: readonly string[];
  guides: readonly GuideOption[];
}) {
  // Each opening starts from the departure as it is now.
  const { form, submit, dialog, close } = useDialogForm<Values>(() => valuesOf(departure, tiers), {
    schema: updateDepartureSchema as never,
    action: updateDepartureAction,
    failure: { title: "Error", message: "Failed to update departure." },
    invalidTitle: "Update Failed",
  });

  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button type="button" variant="outline" size="sm" className="bg-card">
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {departure.label}</span>
        </Button>
      }
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      title="Edit Departure"
      description={departure.label}
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={`departure-${departure.id.slice(0, 8)}`}
        className="grid gap-4 sm:grid-cols-2"
      >
        <DepartureFields tiers={tiers} guides={guides} />
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">Save Changes</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
