"use client";

import { Pencil, Plus } from "lucide-react";
import { useWatch } from "react-hook-form";

import { saveProposalLineAction } from "@/actions/proposals";
import { SelectField } from "@/components/forms/choice-fields";
import { DateField, Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { PROPOSAL_LINE_KINDS, type ProposalLineKind } from "@/lib/domain";
import { centsToDollarsText } from "@/lib/library/rules";
import type { ProposalLineDto } from "@/lib/proposals/data/staff";
import { PROPOSAL_LINE_KIND_LABELS } from "@/lib/proposals/line-labels";
import { proposalLineSchema } from "@/lib/proposals/schemas";

type Values = Record<string, string>;

/** The library's rows a line can be taken from, by kind, each with its cost in its label. */
export type LineChoices = Record<
  Exclude<ProposalLineKind, "other">,
  { value: string; label: string }[]
>;

const QUANTITY_LABELS: Record<ProposalLineKind, string> = {
  stay: "Nights",
  activity: "Quantity",
  vehicle: "Days",
  transfer: "Trips",
  other: "Quantity",
};

/** Add a line to a day (no `line`) or edit one: from the library by kind, or typed by hand. */
export function LineDialog({
  versionId,
  day,
  line,
  choices,
}: {
  versionId: string;
  day: number;
  line?: ProposalLineDto;
  choices: LineChoices;
}) {
  const editing = line !== undefined;
  const typed = editing && line.itemId === null;
  const { form, submit, dialog, close } = useDialogForm<Values>(
    () => ({
      versionId,
      lineId: line?.id ?? "",
      day: String(day),
      kind: line?.kind ?? "stay",
      source: typed || line?.kind === "other" ? "typed" : "library",
      itemId: line?.itemId ?? "",
      description: line && (typed || editing) ? line.description : "",
      quantity: String(line?.quantity ?? 1),
      unitCost: line && typed ? centsToDollarsText(Math.round(line.costMinor / line.quantity)) : "",
      holdReleaseOn: line?.holdReleaseOn ?? "",
    }),
    {
      schema: proposalLineSchema as never,
      action: saveProposalLineAction,
      failure: { title: "Error", message: "Failed to save the line." },
      invalidTitle: "Line Not Saved",
      resetOnSuccess: !editing,
    },
  );
  const kind = (useWatch({ control: form.control, name: "kind" }) ?? "stay") as ProposalLineKind;
  const chosenSource = useWatch({ control: form.control, name: "source" }) ?? "library";
  const source = kind === "other" ? "typed" : chosenSource;
  return (
    <DialogShell
      {...dialog}
      trigger={
        editing ? (
          <Button type="button" variant="ghost" size="sm">
            <Pencil aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Edit</span>
            <span className="sr-only"> {line.description}</span>
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" className="bg-card">
            <Plus aria-hidden="true" />
            Add line<span className="sr-only"> to day {day}</span>
          </Button>
        )
      }
      className="sm:max-w-xl"
      title={editing ? `Edit line, day ${day}` : `Add a line to day ${day}`}
      description="Priced from the library for the party (park fees apart, at face value), or typed with its cost."
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={
          editing ? `line-${line.id.slice(0, 8)}` : `line-new-${versionId.slice(0, 8)}-${day}`
        }
        className="grid gap-4 sm:grid-cols-2"
      >
        <SelectField
          name="kind"
          label="Kind"
          required
          options={PROPOSAL_LINE_KINDS.map((k) => ({
            value: k,
            label: PROPOSAL_LINE_KIND_LABELS[k],
          }))}
        />
        {kind === "other" ? (
          <p className="self-end text-sm text-muted-foreground">Typed by hand.</p>
        ) : (
          <SelectField
            name="source"
            label="From"
            required
            options={[
              { value: "library", label: "The library" },
              { value: "typed", label: "Typed by hand" },
            ]}
          />
        )}
        {source === "library" && kind !== "other" ? (
          <SelectField
            name="itemId"
            label="Library row"
            required
            placeholder={choices[kind].length ? "Choose" : "Nothing in the library yet"}
            options={choices[kind]}
            className="sm:col-span-2"
          />
        ) : null}
        <TextField
          name="description"
          label="Description"
          required={source === "typed"}
          hint={source === "library" ? "Blank: the library row's own words." : undefined}
          className="sm:col-span-2"
        />
        {kind === "activity" && source === "library" ? null : (
          <TextField name="quantity" label={QUANTITY_LABELS[kind]} required inputMode="numeric" />
        )}
        {source === "typed" ? (
          <TextField name="unitCost" label="Cost each ($)" required inputMode="decimal" />
        ) : null}
        {kind === "stay" ? (
          <DateField
            name="holdReleaseOn"
            label="Lodge hold released on"
            hint="Staff are reminded three days before."
          />
        ) : null}
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">{editing ? "Save line" : "Add line"}</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
