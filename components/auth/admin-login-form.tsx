"use client";

import { useRouter } from "next/navigation";

import { adminSignInAction } from "@/actions/auth";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { PasswordField } from "@/components/forms/password-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { type SignInInput, signInSchema } from "@/lib/validations/auth";

/** The admin login: email and password, 'Signing in...' while busy. */
export function AdminLoginForm() {
  const router = useRouter();
  const { form, submit } = useActionForm<SignInInput>({
    schema: signInSchema,
    action: adminSignInAction,
    defaultValues: { email: "", password: "" },
    failure: { title: "Login Error", message: "An error occurred during login" },
    invalidTitle: "Login Failed",
    onSuccess: () => {
      router.replace("/admin");
      router.refresh();
    },
    onError: () => form.resetField("password"),
  });

  return (
    <Form
      form={form}
      onSubmit={submit}
      controlClassName="h-11"
      idPrefix="admin"
      className="grid gap-5"
    >
      <TextField name="email" label="Email" required type="email" autoComplete="email" />
      <PasswordField kind="current" name="password" label="Password" />
      <SubmitButton size="lg" pendingLabel="Signing in..." className="h-11 w-full">
        Sign In
      </SubmitButton>
    </Form>
  );
}
