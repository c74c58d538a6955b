"use client";

import { SelectField } from "@/components/forms/choice-fields";
import { TextareaField, TextField } from "@/components/forms/form-field";
import { NO_GUIDE, NOTE_MAX } from "@/lib/departures/schemas/departures";

/** A guide of the guide select. */
export type GuideOption = { id: string; fullName: string; isAvailable: boolean };

/** The guide select's options: No guide, then each guide (an unavailable one says so). */
export const guideOptions = (guides: readonly GuideOption[]) => [
  { value: NO_GUIDE, label: "No guide" },
  ...guides.map((g) => ({
    value: g.id,
    label: g.isAvailable ? g.fullName : `${g.fullName} (unavailable)`,
  })),
];

/** The prices a departure form holds: one per tier of the tour, blank for the tour's own. */
export const priceValues = (tiers: readonly string[], prices: Record<string, number> = {}) =>
  tiers.map((name) => ({ name, price: prices[name]?.toString() ?? "" }));

/**
 * The fields Add Departures and Edit share: capacity, per-tier prices, cutoff, minimum group,
 * guide and note.
 */
export function DepartureFields({
  tiers,
  guides,
}: {
  tiers: readonly string[];
  guides: readonly GuideOption[];
}) {
  return (
    <>
      <TextField
        name="capacity"
        label="Capacity"
        required
        type="number"
        min={1}
        max={500}
        inputMode="numeric"
        hint="Seats on sale."
      />
      <TextField
        name="cutoffDays"
        label="Cutoff (days)"
        type="number"
        min={0}
        max={365}
        inputMode="numeric"
        hint="Sales stop this many days before the date."
      />
      <TextField
        name="minGroup"
        label="Minimum group"
        type="number"
        min={1}
        max={500}
        inputMode="numeric"
        hint="Travellers needed to run it: 'Guaranteed' once booked."
      />
      <SelectField name="guideId" label="Guide" options={guideOptions(guides)} />
      {tiers.length > 0 ? (
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-forest-deep">
            Prices per person (USD)
          </legend>
          <p className="text-xs text-muted-foreground sm:col-span-2">
            Leave a price empty to use the tour&apos;s price.
          </p>
          {tiers.map((tier, i) => (
            <TextField
              key={tier}
              name={`prices.${i}.price`}
              label={tier}
              type="number"
              min={1}
              inputMode="numeric"
            />
          ))}
        </fieldset>
      ) : null}
      <TextareaField
        name="note"
        label="Note"
        rows={2}
        maxLength={NOTE_MAX}
        hint="For staff only."
        className="sm:col-span-2"
      />
    </>
  );
}
