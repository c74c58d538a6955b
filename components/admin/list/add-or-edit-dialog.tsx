"use client";

import { Pencil, Plus } from "lucide-react";
import type { DefaultValues, FieldValues } from "react-hook-form";

import { Form, SubmitButton } from "@/components/forms/form-field";
import { type ActionFormOptions, useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";

/** One side of the dialog: the action it sends to, its schema, and what a failed request says. */
type Side<TValues extends FieldValues> = Pick<ActionFormOptions<TValues>, "action"> & {
  schema: unknown;
  failure: string;
};

/**
 * A staff list's 'Add <noun>' button, or a row's 'Edit' button, and the form each opens in a
 * dialog: each opening starts from the row as it is now (or an empty form), a success closes it
 * (an added row's form is emptied for the next), a refused input keeps what was typed with the
 * reasons on the fields. `children` are the form's fields, laid out on two columns from `sm`.
 */
export function AddOrEditDialog<TValues extends FieldValues>({
  noun,
  editing,
  addedTo,
  values,
  add,
  edit,
  description,
  idPrefix,
  children,
}: {
  /** 'Vehicle': 'Add Vehicle', 'Edit Vehicle', 'Vehicle Not Added'. */
  noun: string;
  /** The row edited (absent: the Add dialog), and how the hidden text of its Edit button names it. */
  editing?: { name: string };
  /** Hidden text after 'Add <noun>' naming where it is added ('to Gorilla Lodge'). */
  addedTo?: string;
  values: () => DefaultValues<TValues>;
  add: Side<TValues>;
  edit: Side<TValues>;
  description: React.ReactNode;
  /** The form's id prefix, unique on the page (one per row's dialog). */
  idPrefix: string;
  children: React.ReactNode;
}) {
  const side = editing ? edit : add;
  const { form, submit, dialog, close } = useDialogForm<TValues>(values, {
    schema: side.schema as ActionFormOptions<TValues>["schema"],
    action: side.action,
    failure: { title: "Error", message: side.failure },
    invalidTitle: editing ? "Update Failed" : `${noun} Not Added`,
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
            <span className="sr-only">{` ${editing.name}`}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden="true" />
            {`Add ${noun}`}
            {addedTo ? <span className="sr-only">{` ${addedTo}`}</span> : null}
          </Button>
        )
      }
      className="sm:max-w-xl"
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      description={description}
    >
      <Form form={form} onSubmit={submit} idPrefix={idPrefix} className="grid gap-4 sm:grid-cols-2">
        {children}
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">
            {editing ? "Save Changes" : `Add ${noun}`}
          </SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
