"use client";

import { createGuideAction, updateGuideAction } from "@/actions/guides";
import { SwitchField } from "@/components/forms/choice-fields";
import { EmailField, NameField, PhoneField, TextField } from "@/components/forms/form-field";
import { AddOrEditDialog } from "@/components/admin/list/add-or-edit-dialog";
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
  return (
    <AddOrEditDialog<Values>
      noun="Guide"
      editing={guide && { name: guide.fullName }}
      // Each opening starts from the guide as it is now.
      values={() => valuesOf(guide)}
      add={{ schema: guideSchema, action: createGuideAction, failure: "Failed to add guide." }}
      edit={{
        schema: updateGuideSchema,
        action: updateGuideAction,
        failure: "Failed to update guide.",
      }}
      idPrefix={guide ? `guide-${guide.id.slice(0, 8)}` : "guide-new"}
      description={
        guide
          ? "Update the guide's contact details, specialty and languages."
          : "Guides lead the trips and are assigned to paid bookings."
      }
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
    </AddOrEditDialog>
  );
}
