"use client";

import { updateVersionSettingsAction } from "@/actions/proposals";
import {
  DateField,
  Form,
  SubmitButton,
  TextareaField,
  TextField,
} from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import type { ProposalVersionDto } from "@/lib/proposals/data/staff";
import { versionSettingsSchema } from "@/lib/proposals/schemas";

import { PartyFields } from "./party-fields";

type Values = Record<string, string>;

/** A draft's party, dates, markup, deposit and words; saving reprices it. */
export function VersionSettingsForm({ version }: { version: ProposalVersionDto }) {
  const { form, submit } = useActionForm<Values>({
    schema: versionSettingsSchema as never,
    action: updateVersionSettingsAction,
    defaultValues: {
      versionId: version.id,
      title: version.title,
      summary: version.summary ?? "",
      startDate: version.startDate,
      adults: String(version.adults),
      children: String(version.children),
      singleRooms: String(version.singleRooms),
      residency: version.residency,
      markupPercent: String(version.markupPercent),
      depositPercent: String(version.depositPercent),
      optionDate: version.optionDate,
      inclusions: version.inclusions.join("\n"),
      exclusions: version.exclusions.join("\n"),
    },
    failure: { title: "Error", message: "Failed to save the draft." },
    invalidTitle: "Not Saved",
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={`settings-${version.id.slice(0, 8)}`}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField name="title" label="Title" required className="sm:col-span-2" />
      <TextareaField
        name="summary"
        label="Summary"
        rows={3}
        hint="A few words to the traveller at the top of the proposal."
        className="sm:col-span-2"
      />
      <DateField name="startDate" label="Start date" required />
      <DateField
        name="optionDate"
        label="Option date"
        required
        hint="The last day the traveller can accept."
      />
      <PartyFields />
      <TextField name="markupPercent" label="Markup (%)" required inputMode="numeric" />
      <TextField name="depositPercent" label="Deposit (%)" required inputMode="numeric" />
      <TextareaField name="inclusions" label="Included" rows={4} hint="One a line." />
      <TextareaField name="exclusions" label="Not included" rows={4} hint="One a line." />
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton pendingLabel="Saving...">Save draft</SubmitButton>
      </div>
    </Form>
  );
}
