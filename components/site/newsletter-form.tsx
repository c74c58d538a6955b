"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { subscribeNewsletter } from "@/actions/newsletter";
import { HoneypotField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { type ActionState, idleState } from "@/lib/action-state";
import { LIMITS } from "@/lib/validations/fields";
import { type NewsletterFormValues, type NewsletterInput, newsletterSchema } from "@/lib/validations/newsletter";

const FAILURE = { title: "Error", message: "Failed to subscribe. Please try again." };

/**
 * The footer newsletter form: 'Subscribing...' while busy, the field cleared on success, the
 * spec's toasts ('Subscribed!', 'Already Subscribed', 'Error'). An empty field does nothing.
 */
export function NewsletterForm() {
  const form = useForm<NewsletterFormValues, unknown, NewsletterInput>({
    resolver: zodResolver(newsletterSchema),
    defaultValues: { email: "" },
  });
  const error = form.formState.errors.email?.message;
  const [pending, startTransition] = useTransition();
  const honeypot = useRef<HTMLInputElement>(null);

  function handleResult(state: ActionState) {
    if (state.status === "success") {
      if (state.data?.outcome === "already") {
        toast.info(state.title, { description: state.message });
        return;
      }
      toast.success(state.title, { description: state.message });
      form.reset({ email: "" });
      return;
    }
    if (state.status === "invalid") {
      form.setError("email", { type: "server", message: state.fieldErrors.email?.[0] ?? FAILURE.message });
      return;
    }
    if (state.status === "error") toast.error(state.title, { description: state.message });
  }

  const onValid = () => {
    const payload = { email: form.getValues("email"), website: honeypot.current?.value ?? "" };
    startTransition(async () => {
      try {
        handleResult(await subscribeNewsletter(idleState, payload));
      } catch {
        toast.error(FAILURE.title, { description: FAILURE.message });
      }
    });
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec: an empty value does nothing.
    if (!(form.getValues("email") ?? "").trim()) {
      form.clearErrors("email");
      return;
    }
    void form.handleSubmit(onValid)(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="relative" aria-busy={pending}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          {...form.register("email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          placeholder="Enter your email"
          aria-label="Email address for our newsletter"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-email-error" : undefined}
          className="h-11 rounded-full border-white/25 bg-white/10 px-4 text-white placeholder:text-white/70 focus-visible:border-savanna focus-visible:ring-savanna/40 aria-invalid:border-[#ffb4a0]"
        />
        <Button type="submit" variant="accent" disabled={pending} className="h-11 rounded-full px-6 font-semibold">
          {pending ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      <p id="newsletter-email-error" aria-live="polite" className={error ? "mt-2 text-sm text-[#ffcdbf]" : "sr-only"}>
        {error}
      </p>
      <HoneypotField id="newsletter-website" inputRef={honeypot} />
    </form>
  );
}
