"use client";

import { createLodgeAction, updateLodgeAction } from "@/actions/library";
import { SelectField } from "@/components/forms/choice-fields";
import { TextareaField, TextField } from "@/components/forms/form-field";
import { AddOrEditDialog } from "@/components/admin/list/add-or-edit-dialog";
import type { LodgeDto } from "@/lib/library/data/lodges";
import { LODGE_PLACES } from "@/lib/library/rules";
import { lodgeSchema, updateLodgeSchema } from "@/lib/library/schemas";

import { plainOptions } from "./options";

type Values = Record<string, string>;

const valuesOf = (lodge?: LodgeDto): Values => ({
  ...(lodge ? { id: lodge.id } : {}),
  name: lodge?.name ?? "",
  park: lodge?.park ?? "",
  description: lodge?.description ?? "",
});

/** Add Lodge (no `lodge`) or Edit a lodge: its name, the park or town it stands in, a description. */
export function LodgeDialog({ lodge }: { lodge?: LodgeDto }) {
  return (
    <AddOrEditDialog<Values>
      noun="Lodge"
      editing={lodge}
      values={() => valuesOf(lodge)}
      add={{ schema: lodgeSchema, action: createLodgeAction, failure: "Failed to add the lodge." }}
      edit={{
        schema: updateLodgeSchema,
        action: updateLodgeAction,
        failure: "Failed to update the lodge.",
      }}
      idPrefix={lodge ? `lodge-${lodge.id.slice(0, 8)}` : "lodge-new"}
      description="A lodge or hotel proposals can put travellers up in. Its rooms and their costs are added next."
    >
      <TextField name="name" label="Name" required maxLength={120} />
      <SelectField
        name="park"
        label="Park or town"
        required
        placeholder="Choose a park or town"
        options={plainOptions(LODGE_PLACES)}
      />
      <TextareaField
        name="description"
        label="Description"
        maxLength={2000}
        rows={4}
        hint="What travellers read of it in their proposal."
        className="sm:col-span-2"
      />
    </AddOrEditDialog>
  );
}
