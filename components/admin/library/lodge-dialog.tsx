"use client";

import { Pencil, Plus } from "lucide-react";

import { createLodgeAction, updateLodgeAction } from "@/actions/library";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextareaField, TextField } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
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
  const editing = lodge !== undefined;
  const { form, submit, dialog, close } = useDialogForm<Values>(() => valuesOf(lodge), {
    schema: (editing ? updateLodgeSchema : lodgeSchema) as never,
    action: editing ? updateLodgeAction : createLodgeAction,
    failure: editing
      ? { title: "Error", message: "Failed to update the lodge." }
      : { title: "Error", message: "Failed to add the lodge." },
    invalidTitle: editing ? "Update Failed" : "Lodge Not Added",
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
            <span className="sr-only">{` ${lodge.name}`}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden="true" />
            Add Lodge
          </Button>
        )
      }
      className="sm:max-w-xl"
      title={editing ? "Edit Lodge" : "Add Lodge"}
      description="A lodge or hotel proposals can put travellers up in. Its rooms and their costs are added next."
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={editing ? `lodge-${lodge.id.slice(0, 8)}` : "lodge-new"}
        className="grid gap-4 sm:grid-cols-2"
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
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">
            {editing ? "Save Changes" : "Add Lodge"}
          </SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
