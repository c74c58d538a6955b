"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { adminSignInAction } from "@/actions/auth";
import { PasswordInput } from "@/components/auth/password-input";
import { toastResult } from "@/components/customer/action-feedback";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { idleState } from "@/lib/action-state";
import { PASSWORD_MAX, type SignInInput, signInSchema } from "@/lib/validations/auth";

/** The admin login: email and password, 'Signing in...' while busy. */
export function AdminLoginForm() {
  const router = useRouter();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const [pending, startTransition] = useTransition();

  const submit = form.handleSubmit((values) =>
    startTransition(async () => {
      try {
        const state = await adminSignInAction(idleState, values);
        toastResult(state, "Login Failed");
        if (state.status === "success") {
          router.replace("/admin");
          router.refresh();
        } else {
          form.resetField("password");
        }
      } catch {
        toast.error("Login Error", { description: "An error occurred during login" });
      }
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <FormField id="admin-email" label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("email")}
            type="email"
            autoComplete="email"
            className="h-11"
          />
        )}
      </FormField>
      <FormField id="admin-password" label="Password" required error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register("password")}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            className="h-11"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="h-11 w-full">
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
