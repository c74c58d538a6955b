"use client";

import { Pencil, Plus } from "lucide-react";

import { createActivityAction, updateActivityAction } from "@/actions/library";
import { SelectField, SwitchField } from "@/components/forms/choice-fields";
import {
  FieldError,
  Form,
  SubmitButton,
  TextareaField,
  TextField,
  useFieldError,
  useFieldId,
} from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { PARK_FEES } from "@/lib/domain";
import type { ActivityDto } from "@/lib/library/data/activities";
import { centsToDollarsText, LODGE_PLACES } from "@/lib/library/rules";
import { activitySchema, NONE, updateActivitySchema } from "@/lib/library/schemas";
import { PARK_FEE_LABELS } from "@/lib/parks/rules";

import { optionsOf, plainOptions } from "./options";

type Values = Record<string, string | boolean>;

const PLACE_OPTIONS = [{ value: NONE, label: "No park or town" }, ...plainOptions(LODGE_PLACES)];
const FEE_OPTIONS = [
  { value: NONE, label: "No park fee" },
  ...optionsOf(PARK_FEES, PARK_FEE_LABELS),
];

const valuesOf = (activity?: ActivityDto): Values => ({
  ...(activity ? { id: activity.id } : {}),
  name: activity?.name ?? "",
  park: activity?.park ?? NONE,
  parkFee: activity?.parkFee ?? NONE,
  cost: centsToDollarsText(activity?.costPerPersonMinor),
  childCost: centsToDollarsText(activity?.childCostMinor),
  needsPermit: activity?.needsPermit ?? false,
  description: activity?.description ?? "",
});

/** The permit switch's error (a permit without its park or fee), read out when it appears. */
function PermitError() {
  const id = useFieldId("needsPermit");
  return <FieldError id={`${id}-error`} error={useFieldError("needsPermit")} />;
}

/** Add Activity (no `activity`) or Edit one: its park, cost a person, park fee and permit. */
export function ActivityDialog({ activity }: { activity?: ActivityDto }) {
  const editing = activity !== undefined;
  const { form, submit, dialog, close } = useDialogForm<Values>(() => valuesOf(activity), {
    schema: (editing ? updateActivitySchema : activitySchema) as never,
    action: editing ? updateActivityAction : createActivityAction,
    failure: editing
      ? { title: "Error", message: "Failed to update the activity." }
      : { title: "Error", message: "Failed to add the activity." },
    invalidTitle: editing ? "Update Failed" : "Activity Not Added",
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
            <span className="sr-only">{` ${activity.name}`}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden="true" />
            Add Activity
          </Button>
        )
      }
      className="sm:max-w-xl"
      title={editing ? "Edit Activity" : "Add Activity"}
      description="An activity at its cost to us a person, in US dollars. The park fee is added from the tariffs on its day."
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={editing ? `activity-${activity.id.slice(0, 8)}` : "activity-new"}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
        <SelectField name="park" label="Park or town" options={PLACE_OPTIONS} />
        <SelectField name="parkFee" label="Park fee" options={FEE_OPTIONS} />
        <TextField
          name="cost"
          label="Per person"
          required
          inputMode="decimal"
          placeholder="35"
          hint="US$, park fee apart."
        />
        <TextField
          name="childCost"
          label="Child"
          inputMode="decimal"
          hint="US$. Blank: as an adult."
        />
        <div className="grid gap-2 rounded-xl border border-border/70 p-4 sm:col-span-2">
          <SwitchField
            name="needsPermit"
            label="Needs a permit"
            description="Takes a permit from the park's permit stock (a gorilla or chimpanzee trek): choose its park and fee."
            className="[&_label]:text-sm"
          />
          <PermitError />
        </div>
        <TextareaField
          name="description"
          label="Description"
          maxLength={2000}
          rows={3}
          className="sm:col-span-2"
        />
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">
            {editing ? "Save Changes" : "Add Activity"}
          </SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
