"use client";

import { useRouter } from "next/navigation";

import { disableMfaAction } from "@/actions/staff";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { type MfaCodeInput, mfaCodeSchema } from "@/lib/validations/staff";

/** Turning TOTP off: a current code (or a recovery code) confirms it is really you. */
export function MfaDisableForm() {
  const router = useRouter();
  const { form, submit } = useActionForm<MfaCodeInput>({
    schema: mfaCodeSchema,
    action: disableMfaAction,
    defaultValues: { code: "" },
    failure: { title: "Error", message: "Failed to turn off two-step verification." },
    invalidTitle: "Verification Failed",
    resetOnSuccess: true,
    onSuccess: () => router.refresh(),
  });
  return (
    <Form form={form} onSubmit={submit} idPrefix="mfa-disable" className="grid gap-4 sm:max-w-xs">
      <TextField
        name="code"
        label="Code from the app or a recovery code"
        required
        autoComplete="one-time-code"
        maxLength={20}
      />
      <SubmitButton variant="outline" pendingLabel="Turning off...">
        Turn Off
      </SubmitButton>
    </Form>
  );
}
