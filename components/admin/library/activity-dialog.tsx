"use client";

import { createActivityAction, updateActivityAction } from "@/actions/library";
import { SelectField, SwitchField } from "@/components/forms/choice-fields";
import {
  FieldError,
  TextareaField,
  TextField,
  useFieldError,
  useFieldId,
} from "@/components/forms/form-field";
import { AddOrEditDialog } from "@/components/admin/list/add-or-edit-dialog";
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
  return (
    <AddOrEditDialog<Values>
      noun="Activity"
      editing={activity}
      values={() => valuesOf(activity)}
      add={{
        schema: activitySchema,
        action: createActivityAction,
        failure: "Failed to add the activity.",
      }}
      edit={{
        schema: updateActivitySchema,
        action: updateActivityAction,
        failure: "Failed to update the activity.",
      }}
      idPrefix={activity ? `activity-${activity.id.slice(0, 8)}` : "activity-new"}
      description="An activity at its cost to us a person, in US dollars. The park fee is added from the tariffs on its day."
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
    </AddOrEditDialog>
  );
}
