"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { type FieldValues, type Path, useForm, type UseFormReturn } from "react-hook-form";
import { toast } from "sonner";

import {
  forgotPasswordAction,
  resendVerificationAction,
  signInAction,
  signUpAction,
} from "@/actions/auth";
import { PasswordInput } from "@/components/auth/password-input";
import { FormField } from "@/components/forms/form-field";
import { stateMessage, toastResult } from "@/components/customer/action-feedback";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type ActionState, idleState } from "@/lib/action-state";
import {
  emailOnlySchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type SignInInput,
  signInSchema,
  type SignUpInput,
  signUpSchema,
} from "@/lib/validations/auth";

type View = "signin" | "signup" | "forgot";

/** Server field errors onto the form; returns the first message (for the toast). */
function applyFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  state: ActionState,
): string | undefined {
  if (state.status !== "invalid") return undefined;
  let first: string | undefined;
  for (const [field, messages] of Object.entries(state.fieldErrors)) {
    first ??= messages[0];
    if (field in form.getValues())
      form.setError(field as Path<T>, { type: "server", message: messages[0] });
  }
  return first ?? stateMessage(state);
}

const UNEXPECTED = "Something went wrong. Please check your connection and try again.";

/**
 * /customer/auth: the Sign In and Sign Up tabs, 'Forgot password?' and the offer of a new
 * verification link. Submitting shows 'Loading...'. Messages never say whether an email has an
 * account.
 */
export function CustomerAuthCard({
  callbackUrl,
  initialView,
}: {
  callbackUrl: string;
  initialView: View;
}) {
  const [view, setView] = useState<View>(initialView);
  const tab = view === "signup" ? "signup" : "signin";
  return (
    <Tabs value={tab} onValueChange={(value) => setView(value as View)} className="gap-6">
      <TabsList className="grid h-11 w-full grid-cols-2">
        <TabsTrigger value="signin">Sign In</TabsTrigger>
        <TabsTrigger value="signup">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="signin">
        {view === "forgot" ? (
          <ForgotPasswordForm onBack={() => setView("signin")} />
        ) : (
          <SignInForm callbackUrl={callbackUrl} onForgot={() => setView("forgot")} />
        )}
      </TabsContent>
      <TabsContent value="signup">
        <SignUpForm />
      </TabsContent>
    </Tabs>
  );
}

function ResendVerification({ email, intro }: { email: string; intro: string }) {
  const [pending, startTransition] = useTransition();
  const resend = () =>
    startTransition(async () => {
      try {
        toastResult(await resendVerificationAction(idleState, { email }), "Error");
      } catch {
        toast.error("Error", { description: UNEXPECTED });
      }
    });
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-savanna/60 bg-savanna-soft/60 p-4 text-sm text-forest-deep"
    >
      <p className="flex items-start gap-2">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{intro}</span>
      </p>
      <Button
        type="button"
        variant="outline"
        onClick={resend}
        disabled={pending}
        className="w-full bg-card"
      >
        {pending ? "Loading..." : "Send a new verification link"}
      </Button>
    </div>
  );
}

function SignInForm({ callbackUrl, onForgot }: { callbackUrl: string; onForgot: () => void }) {
  const router = useRouter();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const [pending, startTransition] = useTransition();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setUnverifiedEmail(null);
    startTransition(async () => {
      let state: ActionState;
      try {
        state = await signInAction(idleState, values);
      } catch {
        toast.error("Sign In Error", { description: UNEXPECTED });
        return;
      }
      if (state.status === "success") {
        toast.success(state.title, { description: state.message });
        router.replace(callbackUrl);
        router.refresh();
        return;
      }
      if (state.status === "error") {
        if (state.code === "unverified") setUnverifiedEmail(values.email);
        form.resetField("password");
        toast.error(state.title, { description: state.message });
        return;
      }
      toast.error("Sign In Failed", { description: applyFieldErrors(form, state) });
    });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <FormField id="signin-email" label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            className="h-11"
          />
        )}
      </FormField>
      <FormField id="signin-password" label="Password" required error={errors.password?.message}>
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
      <div className="-mt-2 flex justify-end">
        <Button type="button" variant="link" onClick={onForgot} className="h-auto p-0 text-sm">
          Forgot password?
        </Button>
      </div>
      {unverifiedEmail ? (
        <ResendVerification
          email={unverifiedEmail}
          intro="Your email address isn't verified yet. Open the link we sent you, or get a new one."
        />
      ) : null}
      <Button type="submit" size="lg" disabled={pending} className="h-11 w-full">
        {pending ? "Loading..." : "Sign In"}
      </Button>
    </form>
  );
}

function SignUpForm() {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: "", email: "", phone: "", password: "" },
  });
  const { errors } = form.formState;
  const [pending, startTransition] = useTransition();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    startTransition(async () => {
      let state: ActionState;
      try {
        state = await signUpAction(idleState, values);
      } catch {
        toast.error("Sign Up Error", { description: UNEXPECTED });
        return;
      }
      if (state.status === "success") {
        toast.success(state.title, { description: state.message });
        setSentTo(state.data?.email ?? values.email);
        form.reset();
        return;
      }
      if (state.status === "error") {
        toast.error(state.title, { description: state.message });
        return;
      }
      toast.error("Sign Up Failed", { description: applyFieldErrors(form, state) });
    });
  });

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center">
        <MailCheck className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h2 className="font-display text-xl font-bold text-forest-deep">Check your email</h2>
        <p className="text-sm text-muted-foreground">
          We sent a verification link to <strong className="text-foreground">{sentTo}</strong>. Open
          it to verify your account: you&apos;ll land on your dashboard, signed in.
        </p>
        <ResendVerification
          email={sentTo}
          intro="Nothing arrived after a few minutes? Check your spam folder, or:"
        />
        <Button type="button" variant="ghost" onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <FormField id="signup-name" label="Full Name" required error={errors.fullName?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("fullName")}
            autoComplete="name"
            maxLength={100}
            className="h-11"
          />
        )}
      </FormField>
      <FormField id="signup-email" label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            className="h-11"
          />
        )}
      </FormField>
      <FormField
        id="signup-phone"
        label="Phone Number"
        hint="Optional"
        error={errors.phone?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("phone")}
            type="tel"
            autoComplete="tel"
            maxLength={40}
            className="h-11"
          />
        )}
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        required
        hint={`At least ${PASSWORD_MIN} characters. A few random words make a strong password.`}
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
      <Button type="submit" size="lg" disabled={pending} className="h-11 w-full">
        {pending ? "Loading..." : "Create Account"}
      </Button>
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<{ email: string }>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;
  const [pending, startTransition] = useTransition();
  const [sent, setSent] = useState(false);

  const submit = form.handleSubmit((values) => {
    startTransition(async () => {
      let state: ActionState;
      try {
        state = await forgotPasswordAction(idleState, values);
      } catch {
        toast.error("Error", { description: UNEXPECTED });
        return;
      }
      if (state.status === "success") {
        toast.success(state.title, { description: state.message });
        setSent(true);
        return;
      }
      if (state.status === "error") toast.error(state.title, { description: state.message });
      else toast.error("Error", { description: applyFieldErrors(form, state) });
    });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <div>
        <h2 className="font-display text-xl font-bold text-forest-deep">Reset your password</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Enter the email of your account and we&apos;ll send you a link to choose a new password.
        </p>
      </div>
      {sent ? (
        <p role="status" className="rounded-lg bg-secondary p-4 text-sm text-secondary-foreground">
          If an account exists for that email, we&apos;ve sent a link to reset your password. It
          works once and expires in an hour.
        </p>
      ) : null}
      <FormField id="forgot-email" label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            className="h-11"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="h-11 w-full">
        {pending ? "Loading..." : "Send Reset Link"}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
