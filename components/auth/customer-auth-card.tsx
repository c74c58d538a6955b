"use client";

import { MailCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";

import {
  forgotPasswordAction,
  resendVerificationAction,
  signInAction,
  signUpAction,
} from "@/actions/accounts";
import { AuthForm } from "@/components/auth/auth-form";
import { EmailField, NameField, SubmitButton, TextField } from "@/components/forms/form-field";
import { PasswordField } from "@/components/forms/password-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  type EmailOnlyInput,
  emailOnlySchema,
  PASSWORD_MIN,
  type SignInInput,
  signInSchema,
  type SignUpInput,
  signUpSchema,
} from "@/lib/accounts/schemas/sign-in";

type View = "signin" | "signup" | "forgot";

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
  const { run, pending } = useActionCall(resendVerificationAction, {
    failure: { title: "Error", message: UNEXPECTED },
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
        onClick={() => run({ email })}
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
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const { form, submit } = useActionForm<SignInInput>({
    schema: signInSchema,
    action: signInAction,
    defaultValues: { email: "", password: "" },
    failure: { title: "Sign In Error", message: UNEXPECTED },
    invalidTitle: "Sign In Failed",
    onSuccess: () => {
      router.replace(callbackUrl);
      router.refresh();
    },
    onError: (state) => {
      setUnverifiedEmail(state.code === "unverified" ? form.getValues("email") : null);
      form.resetField("password");
    },
  });

  return (
    <AuthForm form={form} onSubmit={submit} idPrefix="signin">
      <EmailField name="email" label="Email" required />
      <PasswordField kind="current" name="password" label="Password" />
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
      <SubmitButton size="lg" pendingLabel="Loading..." className="h-11 w-full">
        Sign In
      </SubmitButton>
    </AuthForm>
  );
}

function SignUpForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, submit } = useActionForm<SignUpInput>({
    schema: signUpSchema,
    action: signUpAction,
    defaultValues: { fullName: "", email: "", phone: "", password: "" },
    failure: { title: "Sign Up Error", message: UNEXPECTED },
    invalidTitle: "Sign Up Failed",
    onSuccess: (state, f) => {
      setSentTo(state.data?.email ?? f.getValues("email"));
      f.reset();
    },
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
    <AuthForm form={form} onSubmit={submit} idPrefix="signup">
      <NameField name="fullName" id="signup-name" label="Full Name" required />
      <EmailField name="email" label="Email" required />
      <TextField
        name="phone"
        label="Phone Number"
        hint="Optional"
        type="tel"
        autoComplete="tel"
        maxLength={40}
      />
      <PasswordField
        kind="new"
        name="password"
        label="Password"
        hint={`At least ${PASSWORD_MIN} characters. A few random words make a strong password.`}
      />
      <SubmitButton size="lg" pendingLabel="Loading..." className="h-11 w-full">
        Create Account
      </SubmitButton>
    </AuthForm>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [sent, setSent] = useState(false);
  const { form, submit } = useActionForm<EmailOnlyInput>({
    schema: emailOnlySchema,
    action: forgotPasswordAction,
    defaultValues: { email: "" },
    failure: { title: "Error", message: UNEXPECTED },
    onSuccess: () => setSent(true),
  });

  return (
    <AuthForm form={form} onSubmit={submit} idPrefix="forgot">
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
      <EmailField name="email" label="Email" required />
      <SubmitButton size="lg" pendingLabel="Loading..." className="h-11 w-full">
        Send Reset Link
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to Sign In
      </Button>
    </AuthForm>
  );
}
