"use client";

import { Ticket } from "lucide-react";

import { holdSeatsAction } from "@/actions/departures";
import {
  EmailField,
  Form,
  NameField,
  PhoneField,
  SubmitButton,
  TextareaField,
  TextField,
} from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import {
  heldUntilText,
  STAFF_HOLD_NOTE_MAX,
  STAFF_HOLD_SEATS_MAX,
  type StaffHoldInput,
  staffHoldSchema,
} from "@/lib/departures/schemas/staff-hold";

type Values = Required<StaffHoldInput>;

const empty = (departureId: string): Values => ({
  departureId,
  fullName: "",
  email: "",
  phone: "",
  seats: "1",
  note: "",
});

/**
 * 'Hold Seats' of an open departure: staff hold seats for a named party without payment. The hold
 * is a confirmed booking whose seats go back on sale at its option date if nothing is paid by
 * then; the dialog states that date.
 */
export function HoldSeatsDialog({
  departure,
  heldUntil,
}: {
  departure: {
    id: string;
    /** 'Gorilla Safari, Jun 12 - Jun 18, 2027': the dialog's description and the button's name. */
    label: string;
    /** Seats free now: the most the hold may take. */
    free: number;
  };
  /** The option date of a hold made now ('Dec 5, 2026'). */
  heldUntil: string;
}) {
  const { form, submit, dialog, close } = useDialogForm<Values>(() => empty(departure.id), {
    schema: staffHoldSchema as never,
    action: holdSeatsAction,
    failure: { title: "Error", message: "Failed to hold seats." },
    invalidTitle: "Seats Not Held",
  });

  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button type="button" variant="outline" size="sm" className="bg-card">
          <Ticket aria-hidden="true" />
          Hold Seats<span className="sr-only"> on {departure.label}</span>
        </Button>
      }
      className="max-h-[90dvh] overflow-y-auto sm:max-w-lg"
      title="Hold Seats"
      description={`${departure.label}. ${heldUntilText(heldUntil)}`}
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={`hold-${departure.id.slice(0, 8)}`}
        className="grid gap-4 sm:grid-cols-2"
      >
        <NameField name="fullName" label="Full Name" required className="sm:col-span-2" />
        <EmailField name="email" label="Email" required />
        <PhoneField name="phone" label="Phone" />
        <TextField
          name="seats"
          label="Seats"
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, Math.min(departure.free, STAFF_HOLD_SEATS_MAX))}
          step={1}
          hint={`${departure.free} ${departure.free === 1 ? "seat" : "seats"} free now.`}
        />
        <TextareaField
          name="note"
          label="Note"
          rows={3}
          maxLength={STAFF_HOLD_NOTE_MAX}
          hint="For staff only: it goes in the booking's history."
          className="sm:col-span-2"
        />
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Holding...">Hold Seats</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
