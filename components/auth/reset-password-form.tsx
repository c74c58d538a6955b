"use client";

import { useRouter } from "next/navigation";

import { resetPasswordAction } from "@/actions/auth";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  type ResetPasswordInput,
  resetPasswordSchema,
} from "@/lib/validations/auth";

/** A new password for the account of a reset link; then back to Sign In. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const { form, submit } = useActionForm<ResetPasswordInput>({
    schema: resetPasswordSchema,
    action: resetPasswordAction,
    defaultValues: { token, password: "", confirmPassword: "" },
    failure: { title: "Reset Failed", message: "Something went wrong. Please try again." },
    onSuccess: () => {
      router.replace("/customer/auth");
      router.refresh();
    },
  });

  return (
    <Form
      form={form}
      onSubmit={submit}
      controlClassName="h-11"
      idPrefix="reset"
      className="grid gap-5"
    >
      <TextField
        name="password"
        label="New Password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <TextField
        name="confirmPassword"
        id="reset-confirm"
        label="Confirm New Password"
        required
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <SubmitButton size="lg" pendingLabel="Loading..." className="h-11 w-full">
        Reset Password
      </SubmitButton>
    </Form>
  );
}
