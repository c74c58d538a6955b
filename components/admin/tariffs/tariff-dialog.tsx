"use client";

import { createTariffAction, updateTariffAction } from "@/actions/parks";
import { SelectField, SwitchField } from "@/components/forms/choice-fields";
import { DateField, TextField } from "@/components/forms/form-field";
import { AddOrEditDialog } from "@/components/admin/list/add-or-edit-dialog";
import { AGE_BANDS, PARK_FEES, RESIDENCIES } from "@/lib/domain";
import type { TariffDto } from "@/lib/parks/data/tariffs";
import { AGE_BAND_LABELS, PARK_FEE_LABELS, RESIDENCY_LABELS } from "@/lib/parks/rules";
import { tariffSchema, updateTariffSchema } from "@/lib/parks/schemas";

type Values = Record<string, string | boolean>;

const options = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The amount as the form shows it: dollars with cents only when there are any, whole shillings. */
const amountText = (row: TariffDto) =>
  row.currency === "UGX"
    ? String(row.amountMinor)
    : row.amountMinor % 100 === 0
      ? String(row.amountMinor / 100)
      : (row.amountMinor / 100).toFixed(2);

const valuesOf = (row?: TariffDto): Values => ({
  ...(row ? { id: row.id } : {}),
  fee: row?.fee ?? "gorilla_tracking",
  park: row?.park ?? "",
  residency: row?.residency ?? "foreign_non_resident",
  ageBand: row?.ageBand ?? "adult",
  currency: row?.currency ?? "USD",
  amount: row ? amountText(row) : "",
  effectiveFrom: row?.effectiveFrom ?? "",
  effectiveTo: row?.effectiveTo ?? "",
  carriedOver: row?.carriedOver ?? false,
  note: row?.note ?? "",
});

/** Add Tariff (no `row`) or Edit (a row of the table): the form in a dialog, closed on success. */
export function TariffDialog({ row }: { row?: TariffDto }) {
  return (
    <AddOrEditDialog<Values>
      noun="Tariff"
      editing={
        row && {
          name: `${PARK_FEE_LABELS[row.fee]}, ${RESIDENCY_LABELS[row.residency]}, from ${row.effectiveFrom}`,
        }
      }
      values={() => valuesOf(row)}
      add={{
        schema: tariffSchema,
        action: createTariffAction,
        failure: "Failed to add the tariff.",
      }}
      edit={{
        schema: updateTariffSchema,
        action: updateTariffAction,
        failure: "Failed to update the tariff.",
      }}
      idPrefix={row ? `tariff-${row.id.slice(0, 8)}` : "tariff-new"}
      description="A park fee as UWA publishes it, for one residency category, in force between two dates."
    >
      <SelectField name="fee" label="Fee" required options={options(PARK_FEES, PARK_FEE_LABELS)} />
      <TextField name="park" label="Park" maxLength={80} hint="Blank: every park." />
      <SelectField
        name="residency"
        label="Residency"
        required
        options={options(RESIDENCIES, RESIDENCY_LABELS)}
      />
      <SelectField
        name="ageBand"
        label="Age band"
        required
        options={options(AGE_BANDS, AGE_BAND_LABELS)}
      />
      <SelectField
        name="currency"
        label="Currency"
        required
        options={[
          { value: "USD", label: "US dollars" },
          { value: "UGX", label: "Uganda shillings" },
        ]}
      />
      <TextField name="amount" label="Amount" required inputMode="decimal" placeholder="800" />
      <DateField name="effectiveFrom" label="Effective from" required />
      <DateField name="effectiveTo" label="Effective to" hint="Blank: until a new tariff." />
      <SwitchField
        name="carriedOver"
        label="Carried over"
        description="Kept on past its published end until UWA publishes a successor."
        className="rounded-xl border border-border/70 p-4 sm:col-span-2 [&_label]:text-sm"
      />
      <TextField name="note" label="Note" maxLength={300} className="sm:col-span-2" />
    </AddOrEditDialog>
  );
}
