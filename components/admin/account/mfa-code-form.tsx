"use client";

import { Form, TextField } from "@/components/forms/form-field";
import {
  type ActionFormOptions,
  type FormAction,
  useActionForm,
} from "@/components/forms/use-action-form";
import { type MfaCodeInput, mfaCodeSchema } from "@/lib/accounts/schemas/staff";

/**
 * A code from the authenticator app (or a recovery code) that confirms a change of the second
 * factor: turning it on (the first code) or off. `failure`: the toast's message when it fails.
 */
export function MfaCodeForm({
  action,
  idPrefix,
  label,
  numeric = false,
  failure,
  resetOnSuccess,
  onSuccess,
  children,
}: {
  action: FormAction;
  idPrefix: string;
  label: string;
  /** A 6-digit code only (the phone's keypad). */
  numeric?: boolean;
  failure: string;
  resetOnSuccess?: boolean;
  onSuccess: ActionFormOptions<MfaCodeInput>["onSuccess"];
  /** The submit button. */
  children: React.ReactNode;
}) {
  const { form, submit } = useActionForm<MfaCodeInput>({
    schema: mfaCodeSchema,
    action,
    defaultValues: { code: "" },
    failure: { title: "Error", message: failure },
    invalidTitle: "Verification Failed",
    resetOnSuccess,
    onSuccess,
  });
  return (
    <Form form={form} onSubmit={submit} idPrefix={idPrefix} className="grid gap-4 sm:max-w-xs">
      <TextField
        name="code"
        label={label}
        required
        autoComplete="one-time-code"
        inputMode={numeric ? "numeric" : undefined}
        maxLength={20}
      />
      {children}
    </Form>
  );
}
