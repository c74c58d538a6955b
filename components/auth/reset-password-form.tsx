"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { resetPasswordAction } from "@/actions/auth";
import { PasswordInput } from "@/components/auth/password-input";
import { FormField } from "@/components/forms/form-field";
import { stateMessage } from "@/components/customer/action-feedback";
import { Button } from "@/components/ui/button";
import { type ActionState, idleState } from "@/lib/action-state";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  type ResetPasswordInput,
  resetPasswordSchema,
} from "@/lib/validations/auth";

/** A new password for the account of a reset link; then back to Sign In. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const [pending, startTransition] = useTransition();

  const submit = form.handleSubmit((values) => {
    startTransition(async () => {
      let state: ActionState;
      try {
        state = await resetPasswordAction(idleState, values);
      } catch {
        toast.error("Reset Failed", { description: "Something went wrong. Please try again." });
        return;
      }
      if (state.status === "success") {
        toast.success(state.title, { description: state.message });
        router.replace("/customer/auth");
        router.refresh();
        return;
      }
      if (state.status === "error") {
        toast.error(state.title, { description: state.message });
        return;
      }
      if (state.status === "invalid") {
        for (const [field, messages] of Object.entries(state.fieldErrors)) {
          if (field === "password" || field === "confirmPassword")
            form.setError(field, { message: messages[0] });
        }
      }
      toast.error("Reset Failed", { description: stateMessage(state) });
    });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <FormField
        id="reset-password"
        label="New Password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register("password")}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            className="h-11"
          />
        )}
      </FormField>
      <FormField
        id="reset-confirm"
        label="Confirm New Password"
        required
        error={errors.confirmPassword?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register("confirmPassword")}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            className="h-11"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="h-11 w-full">
        {pending ? "Loading..." : "Reset Password"}
      </Button>
    </form>
  );
}
