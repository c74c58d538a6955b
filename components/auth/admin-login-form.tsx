"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

import { adminSignInAction } from "@/actions/accounts";
import { AuthForm } from "@/components/auth/auth-form";
import { SubmitButton, TextField } from "@/components/forms/form-field";
import { PasswordField } from "@/components/forms/password-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { type AdminSignInInput, adminSignInSchema } from "@/lib/accounts/schemas/staff";

/**
 * The admin login: email and password, 'Signing in...' while busy. An account with a second
 * factor gets a second step asking for the 6-digit code (or a recovery code); the password stays
 * in the form and is sent again with it (no session exists before the code is checked).
 */
export function AdminLoginForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [step, setStep] = useState<"password" | "code">("password");
  const { form, submit } = useActionForm<AdminSignInInput>({
    schema: adminSignInSchema,
    action: adminSignInAction,
    defaultValues: { email: "", password: "", code: "" },
    failure: { title: "Login Error", message: "An error occurred during login" },
    invalidTitle: "Login Failed",
    onSuccess: () => {
      router.replace(callbackUrl);
      router.refresh();
    },
    onError: (state) => {
      if (state.code === "mfa_required") {
        setStep("code");
        return;
      }
      setStep("password");
      form.resetField("code");
      form.resetField("password");
    },
  });

  // The code field exists once the second step has rendered: focus it then (not in the same
  // tick as setStep, which would run before React commits it on a slow device).
  useEffect(() => {
    if (step === "code") form.setFocus("code");
  }, [step, form]);

  const back = () => {
    setStep("password");
    form.resetField("code");
    form.resetField("password");
  };

  return (
    <AuthForm form={form} onSubmit={submit} idPrefix="admin">
      <div className={step === "code" ? "hidden" : "grid gap-5"}>
        <TextField name="email" label="Email" required type="email" autoComplete="email" />
        <PasswordField kind="current" name="password" label="Password" />
      </div>
      {step === "code" ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Two-step verification is on for{" "}
            <span className="font-medium text-foreground">{form.getValues("email")}</span>. Open
            your authenticator app and enter the current code, or one of your recovery codes.
          </p>
          <TextField
            name="code"
            label="Verification code"
            required
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            placeholder="123456"
          />
        </div>
      ) : null}
      <SubmitButton size="lg" pendingLabel="Signing in..." className="h-11 w-full">
        {step === "code" ? "Verify and Sign In" : "Sign In"}
      </SubmitButton>
      {step === "code" ? (
        <Button type="button" variant="ghost" onClick={back} className="-mt-2">
          Use a different account
        </Button>
      ) : null}
    </AuthForm>
  );
}
