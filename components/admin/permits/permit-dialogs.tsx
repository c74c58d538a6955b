"use client";

import { Pencil, Plus } from "lucide-react";

import {
  createPermitLotAction,
  setTourPermitAction,
  updatePermitLotStateAction,
} from "@/actions/parks";
import { SelectField } from "@/components/forms/choice-fields";
import { DateField, Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { PARK_FEES, PERMIT_LOT_STATES } from "@/lib/domain";
import type { PermitLotDto, PermitTourDto } from "@/lib/parks/data/permits";
import { PARK_FEE_LABELS, PERMIT_LOT_STATE_LABELS } from "@/lib/parks/rules";
import { permitLotSchema, permitLotStateSchema, tourPermitSchema } from "@/lib/parks/schemas";

type Values = Record<string, string>;

const STATE_OPTIONS = PERMIT_LOT_STATES.map((value) => ({
  value,
  label: PERMIT_LOT_STATE_LABELS[value],
}));

/** Add Permit Lot: the permits booked with UWA for a park and trek day. */
export function PermitLotDialog() {
  const { form, submit, dialog, close } = useDialogForm<Values>(
    () => ({
      park: "Bwindi Impenetrable",
      sector: "",
      trekDate: "",
      quantity: "",
      uwaReference: "",
      currency: "USD",
      faceValue: "",
      state: "blocked",
      blockedUntil: "",
      note: "",
    }),
    {
      schema: permitLotSchema as never,
      action: createPermitLotAction,
      failure: { title: "Error", message: "Failed to add the permit lot." },
      invalidTitle: "Lot Not Added",
      resetOnSuccess: true,
    },
  );
  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          Add Permit Lot
        </Button>
      }
      className="sm:max-w-xl"
      title="Add Permit Lot"
      description="Permits booked with UWA for one park and trek day. Departures trekking there that day offer no more seats than permits left."
    >
      <Form form={form} onSubmit={submit} idPrefix="lot-new" className="grid gap-4 sm:grid-cols-2">
        <TextField name="park" label="Park" required maxLength={80} />
        <TextField name="sector" label="Sector" maxLength={80} placeholder="Rushaga" />
        <DateField name="trekDate" label="Trek day" required />
        <TextField name="quantity" label="Permits" required inputMode="numeric" placeholder="8" />
        <TextField name="uwaReference" label="UWA reference" maxLength={80} />
        <SelectField
          name="currency"
          label="Currency"
          required
          options={[
            { value: "USD", label: "US dollars" },
            { value: "UGX", label: "Uganda shillings" },
          ]}
        />
        <TextField name="faceValue" label="Face value per permit" inputMode="decimal" />
        <SelectField name="state" label="State" required options={STATE_OPTIONS} />
        <DateField
          name="blockedUntil"
          label="Blocked until"
          hint="While blocked: UWA's deadline."
        />
        <TextField name="note" label="Note" maxLength={300} className="sm:col-span-2" />
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">Add Permit Lot</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}

/** A lot's state: blocked until a day, deposit paid, paid, cancelled, rescheduled. */
export function PermitLotStateDialog({ lot }: { lot: PermitLotDto }) {
  const { form, submit, dialog, close } = useDialogForm<Values>(
    () => ({ id: lot.id, state: lot.state, blockedUntil: lot.blockedUntil ?? "" }),
    {
      schema: permitLotStateSchema as never,
      action: updatePermitLotStateAction,
      failure: { title: "Error", message: "Failed to update the permit lot." },
      invalidTitle: "Update Failed",
    },
  );
  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button type="button" variant="outline" size="sm" className="bg-card">
          <Pencil aria-hidden="true" />
          State
          <span className="sr-only">{` of ${lot.quantity} permits, ${lot.park}, ${lot.trekDate}`}</span>
        </Button>
      }
      title="Permit Lot State"
      description={`${lot.quantity} permits, ${lot.park}${lot.sector ? ` (${lot.sector})` : ""}, ${lot.trekDate}.`}
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={`lot-${lot.id.slice(0, 8)}`}
        className="grid gap-4"
      >
        <SelectField name="state" label="State" required options={STATE_OPTIONS} />
        <DateField name="blockedUntil" label="Blocked until" />
        <FormDialogFooter onCancel={close}>
          <SubmitButton pendingLabel="Saving...">Save State</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}

/** Which permit a tour's trekkers need, in which park, on which day of the trip (admins). */
export function TourPermitDialog({ tour }: { tour: PermitTourDto }) {
  const { form, submit, dialog, close } = useDialogForm<Values>(
    () => ({
      tourId: tour.id,
      permitFee: tour.permitFee ?? "",
      permitPark: tour.permitPark ?? "",
      trekDay: String(tour.trekDay),
    }),
    {
      schema: tourPermitSchema as never,
      action: setTourPermitAction,
      failure: { title: "Error", message: "Failed to save the tour's permit." },
      invalidTitle: "Permit Not Saved",
    },
  );
  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button type="button" variant="outline" size="sm" className="bg-card">
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only">{` the permit of ${tour.title}`}</span>
        </Button>
      }
      title="Tour Permit"
      description={`${tour.title}: the permit each trekker needs. Blank: none.`}
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={`permit-${tour.id.slice(0, 8)}`}
        className="grid gap-4"
      >
        <SelectField
          name="permitFee"
          label="Permit"
          options={[
            { value: "", label: "No permit" },
            ...PARK_FEES.filter((f) => f !== "park_entry").map((value) => ({
              value,
              label: PARK_FEE_LABELS[value],
            })),
          ]}
        />
        <TextField name="permitPark" label="Park" maxLength={80} />
        <TextField
          name="trekDay"
          label="Trek on day"
          required
          inputMode="numeric"
          hint="Day 1 is the departure day."
        />
        <FormDialogFooter onCancel={close}>
          <SubmitButton pendingLabel="Saving...">Save Permit</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
