"use client";

import { CalendarPlus, Pencil } from "lucide-react";

import { saveProposalDayAction } from "@/actions/proposals";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextareaField, TextField } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import type { ProposalDayDto } from "@/lib/proposals/data/staff";
import { PROPOSAL_PLACE_NAMES } from "@/lib/proposals/places";
import { proposalDaySchema } from "@/lib/proposals/schemas";

type Values = Record<string, string>;

const PLACES = PROPOSAL_PLACE_NAMES.map((name) => ({ value: name, label: name }));

/** Add day (no `day`) or edit one: its title, where it ends, staff's notes. */
export function DayDialog({ versionId, day }: { versionId: string; day?: ProposalDayDto }) {
  const editing = day !== undefined;
  const { form, submit, dialog, close } = useDialogForm<Values>(
    () => ({
      versionId,
      dayId: day?.id ?? "",
      title: day?.title ?? "",
      place: day?.place ?? "",
      notes: day?.notes ?? "",
    }),
    {
      schema: proposalDaySchema as never,
      action: saveProposalDayAction,
      failure: { title: "Error", message: "Failed to save the day." },
      invalidTitle: "Day Not Saved",
      resetOnSuccess: !editing,
    },
  );
  return (
    <DialogShell
      {...dialog}
      trigger={
        editing ? (
          <Button type="button" variant="outline" size="sm" className="bg-card">
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> day {day.day}</span>
          </Button>
        ) : (
          <Button type="button" variant="outline" className="bg-card">
            <CalendarPlus aria-hidden="true" />
            Add day
          </Button>
        )
      }
      title={editing ? `Edit day ${day.day}` : "Add day"}
      description="Where the party ends the day draws the route on the traveller's map."
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={editing ? `day-${day.id.slice(0, 8)}` : `day-new-${versionId.slice(0, 8)}`}
        className="grid gap-4"
      >
        <TextField name="title" label="Title" required placeholder="Gorilla trekking" />
        <SelectField name="place" label="Ends in" required options={PLACES} placeholder="Choose" />
        <TextareaField name="notes" label="Notes" rows={4} />
        <FormDialogFooter onCancel={close}>
          <SubmitButton pendingLabel="Saving...">{editing ? "Save day" : "Add day"}</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
