"use client";

import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import { SelectField } from "@/components/forms/choice-fields";
import {
  CountryField,
  DateField,
  FieldError,
  NameField,
  TextareaField,
  TextField,
  useFieldError,
  useFieldId,
} from "@/components/forms/form-field";
import { RESIDENCIES, RESIDENCY_PROOFS } from "@/lib/domain";
import { PRIVATE_DATE_VALUE } from "@/lib/fields";
import { RESIDENCY_LABELS, RESIDENCY_PROOF_LABELS } from "@/lib/parks/rules";
import {
  TRAVELLER_NOTE_MAX,
  type TravellerFormValues,
  TRAVELLERS_MAX,
} from "@/lib/bookings/schemas/travellers";

/** 'Traveller 1 (lead)', 'Traveller 2' … */
export const travellerLabel = (position: number) =>
  position === 1 ? "Traveller 1 (lead)" : `Traveller ${position}`;

/**
 * How many traveller rows a wizard's trip has: one per member of the group on a scheduled
 * departure ('9+' counts 9), none for a private trip or before a date is chosen. A tour that needs
 * a park permit has them on any trip: each traveller's residency prices their permit.
 */
export function travellerSlots(departure: unknown, groupSize: unknown, permitTour = false): number {
  const onDeparture =
    typeof departure === "string" && departure !== "" && departure !== PRIVATE_DATE_VALUE;
  if (!onDeparture && !permitTour) return 0;
  const size = Number.parseInt(String(groupSize ?? ""), 10);
  return Number.isFinite(size) && size > 0 ? Math.min(size, TRAVELLERS_MAX) : 0;
}

const emptyRow = (fullName = ""): TravellerFormValues => ({
  fullName,
  nationality: "",
  dietary: "",
  medical: "",
  residency: "",
  dateOfBirth: "",
  proof: "",
});

const RESIDENCY_OPTIONS = [
  { value: "", label: "Not given" },
  ...RESIDENCIES.map((value) => ({ value, label: RESIDENCY_LABELS[value] })),
];
const PROOF_OPTIONS = [
  { value: "", label: "Not given" },
  ...RESIDENCY_PROOFS.map((value) => ({ value, label: RESIDENCY_PROOF_LABELS[value] })),
];

/**
 * The optional Travellers section of both booking wizards' last step, for a booking on a
 * scheduled departure: one row per member of the group with the name as on the passport,
 * nationality, dietary needs and medical notes. Reads the wizard's `departure` and `groupSize`.
 *
 * The form's `travellers` array follows the trip: the rows are made when the section first shows
 * (the lead's name prefilled with `leadName`), a smaller group drops the last ones and a private
 * trip drops them all, so the form never sends rows nobody sees. Only the rows the array holds
 * are rendered: an input registered before the array is made would fill it with empty rows.
 */
export function TravellerRows({
  leadName,
  note,
  permitTour = false,
}: {
  leadName: string;
  note: string;
  /** The tour needs a park permit: the rows are asked on a private trip too, and price it. */
  permitTour?: boolean;
}) {
  const { getValues, setValue } = useFormContext();
  const [departure, groupSize, travellers] = useWatch({
    name: ["departure", "groupSize", "travellers"],
  }) as [unknown, unknown, TravellerFormValues[] | undefined];
  const count = travellerSlots(departure, groupSize, permitTour);
  const shown = Math.min(travellers?.length ?? 0, count);
  const sectionId = useFieldId("travellers");
  const error = useFieldError("travellers");

  useEffect(() => {
    const rows = (getValues("travellers") ?? []) as TravellerFormValues[];
    if (rows.length === count) return;
    setValue(
      "travellers",
      Array.from({ length: count }, (_, i) => rows[i] ?? emptyRow(i === 0 ? leadName.trim() : "")),
    );
  }, [count, leadName, getValues, setValue]);

  if (count === 0) return null;
  return (
    <fieldset
      aria-describedby={[`${sectionId}-hint`, error ? `${sectionId}-error` : ""].join(" ").trim()}
      className="grid min-w-0 gap-4"
    >
      <legend className="mb-1 font-display text-lg font-semibold text-forest-deep">
        Travellers
      </legend>
      <p id={`${sectionId}-hint`} className="text-sm text-muted-foreground">
        Optional: each traveller&apos;s name exactly as on the passport, for permits and park entry.{" "}
        {permitTour
          ? "Their residency prices their park permit (a foreign non-resident's when not given). "
          : ""}
        {note}
      </p>
      <FieldError id={`${sectionId}-error`} error={error} />
      {Array.from({ length: shown }, (_, i) => (
        <fieldset
          key={i}
          className="grid min-w-0 gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold text-forest-deep">
            {travellerLabel(i + 1)}
          </legend>
          <TravellerFields index={i} />
        </fieldset>
      ))}
    </fieldset>
  );
}

/**
 * One traveller's fields (`travellers.{index}.…`, the rules of lib/bookings/schemas/travellers.ts):
 * the name as on the passport, nationality, dietary needs and medical notes, and for the park
 * their residency category, date of birth and the document they will carry, all optional.
 * `namesRow` sets the first two side by side in a grid of their own (for a one-column form).
 */
export function TravellerFields({
  index,
  medicalPlaceholder = "Allergies, medication…",
  namesRow = false,
}: {
  index: number;
  medicalPlaceholder?: string;
  namesRow?: boolean;
}) {
  const names = (
    <>
      <NameField name={`travellers.${index}.fullName`} label="Full name (as on passport)" />
      <CountryField name={`travellers.${index}.nationality`} label="Nationality" />
    </>
  );
  return (
    <>
      {namesRow ? <div className="grid gap-3 sm:grid-cols-2">{names}</div> : names}
      <TextField
        name={`travellers.${index}.dietary`}
        label="Dietary needs"
        maxLength={TRAVELLER_NOTE_MAX}
        placeholder="e.g. vegetarian, no nuts"
      />
      <TextareaField
        name={`travellers.${index}.medical`}
        label="Medical notes"
        rows={2}
        maxLength={TRAVELLER_NOTE_MAX}
        placeholder={medicalPlaceholder}
      />
      {/* For the park: the category prices their permits; a gorilla trek needs them 15 or older. */}
      {/* The whole row's width: three fields in half a row leave none of them room. */}
      <div className="col-span-full grid gap-3 sm:grid-cols-3">
        <SelectField
          name={`travellers.${index}.residency`}
          label="Residency"
          options={RESIDENCY_OPTIONS}
        />
        <DateField name={`travellers.${index}.dateOfBirth`} label="Date of birth" />
        <SelectField
          name={`travellers.${index}.proof`}
          label="Will carry"
          options={PROOF_OPTIONS}
        />
      </div>
    </>
  );
}
