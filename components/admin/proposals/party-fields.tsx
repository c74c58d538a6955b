"use client";

import { SelectField } from "@/components/forms/choice-fields";
import { TextField } from "@/components/forms/form-field";
import { RESIDENCIES } from "@/lib/domain";
import { RESIDENCY_LABELS } from "@/lib/parks/rules";

const RESIDENCY_OPTIONS = RESIDENCIES.map((value) => ({ value, label: RESIDENCY_LABELS[value] }));

/** Who travels: adults, children, single rooms and the party's UWA residency category. */
export function PartyFields() {
  return (
    <>
      <TextField name="adults" label="Adults" required inputMode="numeric" />
      <TextField name="children" label="Children" required inputMode="numeric" />
      <TextField
        name="singleRooms"
        label="Single rooms"
        required
        inputMode="numeric"
        hint="Adults alone in a room: each pays the single supplement."
      />
      <SelectField
        name="residency"
        label="Residency"
        required
        options={RESIDENCY_OPTIONS}
        hint="Park fees are priced in this UWA category."
      />
    </>
  );
}
