"use client";

import { useRouter } from "next/navigation";

import { resetPasswordAction } from "@/actions/accounts";
import { AuthForm } from "@/components/auth/auth-form";
import { SubmitButton } from "@/components/forms/form-field";
import { PasswordField } from "@/components/forms/password-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { PASSWORD_MIN, type ResetPasswordInput, resetPasswordSchema } from "@/lib/accounts/schemas/sign-in";

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
    <AuthForm form={form} onSubmit={submit} idPrefix="reset">
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
    </AuthForm>
  );
}
