"use client";

import { useRouter } from "next/navigation";

import { setUgxRateAction } from "@/actions/payments";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { ugxRateSchema } from "@/lib/payments/rate-schema";

/**
 * 'Set rate' on the Payments screen: shillings per US dollar, from a Kampala date and time
 * (empty: from now). The list above it shows the new rate once saved.
 */
export function UgxRateForm() {
  const router = useRouter();
  const { form, submit } = useActionForm({
    schema: ugxRateSchema,
    action: setUgxRateAction,
    defaultValues: { rate: "", effectiveFrom: "" },
    failure: { title: "Error", message: "Failed to save the rate." },
    resetOnSuccess: true,
    onSuccess: () => router.refresh(),
  });
  return (
    <Form form={form} onSubmit={submit} idPrefix="ugx-rate" className="grid gap-4 sm:grid-cols-3">
      <TextField
        name="rate"
        label="UGX per 1 USD"
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 3700"
      />
      <TextField
        name="effectiveFrom"
        label="Effective from (Kampala)"
        type="datetime-local"
        hint="Leave empty for now."
      />
      <SubmitButton pendingLabel="Saving..." className="self-end justify-self-start">
        Set rate
      </SubmitButton>
    </Form>
  );
}
