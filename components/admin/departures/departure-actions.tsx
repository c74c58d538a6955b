"use client";

import { Ban, Lock, LockOpen } from "lucide-react";
import { useState } from "react";

import { cancelDepartureAction, setDepartureSalesAction } from "@/actions/departures";
import { Form, TextareaField } from "@/components/forms/form-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { DialogShell } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import {
  type CancelDepartureInput,
  cancelDepartureSchema,
  REASON_MAX,
} from "@/lib/departures/schemas/departures";

/** Close (stop sales) an open departure, or reopen a closed one. */
export function SalesButton({
  id,
  label,
  open,
}: {
  id: string;
  /** The departure, for screen readers ('Gorilla Safari, Jun 12 - Jun 18, 2027'). */
  label: string;
  open: boolean;
}) {
  const { run, pending } = useActionCall(setDepartureSalesAction, {
    failure: { title: "Error", message: "Failed to change the departure's sales." },
  });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="bg-card"
      disabled={pending}
      onClick={() => run({ id, open: !open })}
    >
      {open ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
      {open ? "Close" : "Reopen"}
      <span className="sr-only"> {label}</span>
    </Button>
  );
}

/**
 * Cancel a departure, behind a confirmation with the reason the travellers will read. It cannot be
 * undone: every booking of the date is cancelled and each traveller is emailed.
 */
export function CancelDepartureDialog({
  id,
  label,
  bookings,
}: {
  id: string;
  label: string;
  /** Live bookings of the date: the confirmation says how many will be cancelled. */
  bookings: number;
}) {
  const [open, setOpen] = useState(false);
  const { form, submit, pending } = useActionForm<Required<CancelDepartureInput>>({
    schema: cancelDepartureSchema as never,
    action: cancelDepartureAction,
    defaultValues: { id, reason: "" },
    failure: { title: "Error", message: "Failed to cancel departure." },
    invalidTitle: "Departure Not Cancelled",
    onSuccess: () => setOpen(false),
  });
  const consequence =
    bookings === 0
      ? "It has no bookings."
      : `Its ${bookings === 1 ? "booking" : `${bookings} bookings`} will be cancelled and each traveller emailed the reason below.`;
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) form.reset({ id, reason: "" });
        setOpen(next);
      }}
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Ban aria-hidden="true" />
          Cancel<span className="sr-only"> {label}</span>
        </Button>
      }
      className="sm:max-w-md"
      title="Cancel Departure?"
      description={`${label}. ${consequence} This cannot be undone.`}
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={`cancel-${id.slice(0, 8)}`}
        className="grid gap-4"
      >
        <TextareaField
          name="reason"
          label="Reason"
          required
          rows={3}
          maxLength={REASON_MAX}
          hint="The travellers read it in their email."
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            Keep Departure
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? "Cancelling..." : "Cancel Departure"}
          </Button>
        </DialogFooter>
      </Form>
    </DialogShell>
  );
}
