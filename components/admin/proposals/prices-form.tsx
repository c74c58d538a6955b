"use client";

import { setVersionPricesAction } from "@/actions/proposals";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { centsToDollarsText } from "@/lib/library/rules";
import { versionPricesSchema } from "@/lib/proposals/schemas";

type Values = Record<string, string>;

/**
 * The three sell prices staff may set over the suggested ones; the total is recomputed. Set prices
 * stay through later changes to the draft until 'Use suggested prices' puts the suggestion back.
 */
export function PricesForm({
  versionId,
  prices,
  setByStaff,
}: {
  versionId: string;
  prices: { pricePerAdultMinor: number; pricePerChildMinor: number; singleSupplementMinor: number };
  /** Staff set the prices (kept on every change); false: they follow the suggestion. */
  setByStaff: boolean;
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
      <p className="text-sm text-muted-foreground" role="status">
        {setByStaff ? (
          <>
            <span className="font-semibold text-foreground">Prices set by staff</span>: they stay
            when the days, the party or the markup change; only the total follows the party.
          </>
        ) : (
          <>
            <span className="font-semibold text-foreground">Suggested prices</span>: they follow
            every change to the days, the party or the markup until you set your own.
          </>
        )}
      </p>
      <TextField name="pricePerAdult" label="Price per adult ($)" required inputMode="decimal" />
      <TextField name="pricePerChild" label="Price per child ($)" required inputMode="decimal" />
      <TextField
        name="singleSupplement"
        label="Single supplement ($)"
        required
        inputMode="decimal"
      />
      <div className="flex flex-wrap justify-end gap-2">
        {setByStaff ? (
          <Button
            type="button"
            variant="outline"
            disabled={reset.pending}
            onClick={() => reset.run({ versionId, use: "suggested" })}
          >
            {reset.pending ? "Resetting..." : "Use suggested prices"}
          </Button>
        ) : null}
        <SubmitButton pendingLabel="Saving...">Set prices</SubmitButton>
      </div>
    </Form>
  );
}
