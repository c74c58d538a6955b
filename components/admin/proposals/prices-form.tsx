"use client";

import { setVersionPricesAction } from "@/actions/proposals";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { centsToDollarsText } from "@/lib/library/rules";
import { versionPricesSchema } from "@/lib/proposals/schemas";

type Values = Record<string, string>;

/** The three sell prices staff may set over the suggested ones; the total is recomputed. */
export function PricesForm({
  versionId,
  prices,
  followsSuggestion,
}: {
  versionId: string;
  prices: { pricePerAdultMinor: number; pricePerChildMinor: number; singleSupplementMinor: number };
  followsSuggestion: boolean;
}) {
  const { form, submit } = useActionForm<Values>({
    schema: versionPricesSchema as never,
    action: setVersionPricesAction,
    defaultValues: {
      versionId,
      use: "set",
      pricePerAdult: centsToDollarsText(prices.pricePerAdultMinor),
      pricePerChild: centsToDollarsText(prices.pricePerChildMinor),
      singleSupplement: centsToDollarsText(prices.singleSupplementMinor),
    },
    failure: { title: "Error", message: "Failed to save the prices." },
    invalidTitle: "Prices Not Saved",
  });
  const reset = useActionCall(setVersionPricesAction, {
    failure: { title: "Error", message: "Failed to reset the prices." },
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={`prices-${versionId.slice(0, 8)}`}
      className="grid gap-4"
    >
      <TextField name="pricePerAdult" label="Price per adult ($)" required inputMode="decimal" />
      <TextField name="pricePerChild" label="Price per child ($)" required inputMode="decimal" />
      <TextField
        name="singleSupplement"
        label="Single supplement ($)"
        required
        inputMode="decimal"
      />
      <div className="flex flex-wrap justify-end gap-2">
        {followsSuggestion ? null : (
          <Button
            type="button"
            variant="outline"
            disabled={reset.pending}
            onClick={() => reset.run({ versionId, use: "suggested" })}
          >
            {reset.pending ? "Resetting..." : "Use suggested prices"}
          </Button>
        )}
        <SubmitButton pendingLabel="Saving...">Set prices</SubmitButton>
      </div>
    </Form>
  );
}
