"use client";

import { useRouter } from "next/navigation";

import { resetPasswordAction } from "@/actions/auth";
import { Form, SubmitButton } from "@/components/forms/form-field";
import { PasswordField } from "@/components/forms/password-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { PASSWORD_MIN, type ResetPasswordInput, resetPasswordSchema } from "@/lib/validations/auth";

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
      <PasswordField
        kind="new"
        name="password"
        label="New Password"
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <PasswordField
        kind="new"
        name="confirmPassword"
        id="reset-confirm"
        label="Confirm New Password"
      />
      <SubmitButton size="lg" pendingLabel="Loading..." className="h-11 w-full">
        Reset Password
      </SubmitButton>
    </Form>
  );
}
