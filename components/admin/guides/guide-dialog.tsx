"use client";

import { Pencil, Plus } from "lucide-react";

import { createGuideAction, updateGuideAction } from "@/actions/guides";
import { SwitchField } from "@/components/forms/choice-fields";
import {
  EmailField,
  Form,
  NameField,
  PhoneField,
  SubmitButton,
  TextField,
} from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import type { GuideDto } from "@/lib/guides/data/guides";
import { guideSchema, type UpdateGuideInput, updateGuideSchema } from "@/lib/guides/schemas";

type Values = Omit<UpdateGuideInput, "id"> & { id?: string };

const valuesOf = (guide?: GuideDto): Values => ({
  ...(guide ? { id: guide.id } : {}),
  fullName: guide?.fullName ?? "",
  email: guide?.email ?? "",
  phoneNumber: guide?.phoneNumber ?? "",
  specialty: guide?.specialty ?? "",
  languages: guide?.languages.join(", ") ?? "",
  isAvailable: guide?.isAvailable ?? true,
});

/** Add Guide (no `guide`) or Edit (a row's guide): the form in a dialog, closed on success. */
export function GuideDialog({ guide }: { guide?: GuideDto }) {
  const editing = guide !== undefined;
  // Each opening starts from the guide as it is now.
  const { form, submit, dialog, close } = useDialogForm<Values>(() => valuesOf(guide), {
    schema: (editing ? updateGuideSchema : guideSchema) as never,
    action: editing ? updateGuideAction : createGuideAction,
    failure: editing
      ? { title: "Error", message: "Failed to update guide." }
      : { title: "Error", message: "Failed to add guide." },
    invalidTitle: editing ? "Update Failed" : "Guide Not Added",
    resetOnSuccess: !editing,
  });

  return (
    <DialogShell
      {...dialog}
      trigger={
        editing ? (
          <Button type="button" variant="outline" size="sm" className="bg-card">
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {guide.fullName}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden="true" />
            Add Guide
          </Button>
        )
      }
      className="sm:max-w-xl"
      title={editing ? "Edit Guide" : "Add Guide"}
      description={
        editing
          ? "Update the guide's contact details, specialty and languages."
          : "Guides lead the trips and are assigned to paid bookings."
      }
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={editing ? `guide-${guide.id.slice(0, 8)}` : "guide-new"}
        className="grid gap-4 sm:grid-cols-2"
      >
        <NameField name="fullName" label="Full Name" required className="sm:col-span-2" />
        <EmailField name="email" label="Email" placeholder="guide@example.com" />
        <PhoneField name="phoneNumber" label="Phone" placeholder="+256 7XX XXX XXX" />
        <TextField
          name="specialty"
          label="Specialty"
          maxLength={80}
          placeholder="Gorilla Trekking"
          className="sm:col-span-2"
        />
        <TextField
          name="languages"
          label="Languages"
          maxLength={300}
          placeholder="English, Luganda, Swahili"
          hint="Separate languages with commas."
          className="sm:col-span-2"
        />
        <SwitchField
          name="isAvailable"
          label="Available"
          description="Only available guides are assigned to bookings automatically."
          className="rounded-xl border border-border/70 p-4 sm:col-span-2 [&_label]:text-sm"
        />
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">
            {editing ? "Save Changes" : "Add Guide"}
          </SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
