"use client";

import { useRef, useState, useTransition } from "react";

import { subscribeNewsletter } from "@/actions/newsletter";
import { HoneypotField } from "@/components/forms/form-field";
import { loadToast } from "@/components/site/lazy-toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { type ActionState, idleState } from "@/lib/action-state";

/** RFC 5321 limit, as in lib/validations/fields.ts (not imported: it would bring zod to every page). */
const EMAIL_MAX_LENGTH = 254;

const FAILURE = { title: "Error", message: "Failed to subscribe. Please try again." };

/**
 * The footer newsletter form: 'Subscribing...' while busy, the field cleared on success, the
 * spec's toasts ('Subscribed!', 'Already Subscribed', 'Error'). An empty field does nothing.
 * It is on every public page, so it stays light: the action validates with the shared zod
 * schema (lib/validations/newsletter.ts) and its field error is shown here.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();
  const honeypot = useRef<HTMLInputElement>(null);

  async function handleResult(state: ActionState) {
    const toast = await loadToast();
    if (state.status === "success") {
      setError(undefined);
      if (state.data?.outcome === "already") {
        // A duplicate is a failure in the spec's error catalogue: destructive style.
        toast.error(state.title, { description: state.message });
        return;
      }
      toast.success(state.title, { description: state.message });
      setEmail("");
      return;
    }
    if (state.status === "invalid") {
      setError(state.fieldErrors.email?.[0] ?? state.message);
      return;
    }
    if (state.status === "error") toast.error(state.title, { description: state.message });
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec: an empty value does nothing.
    if (!email.trim()) {
      setError(undefined);
      return;
    }
    const payload = { email, website: honeypot.current?.value ?? "" };
    startTransition(async () => {
      try {
        await handleResult(await subscribeNewsletter(idleState, payload));
      } catch {
        await handleResult({ status: "error", title: FAILURE.title, message: FAILURE.message });
      }
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="relative" aria-busy={pending}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          name="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          placeholder="Enter your email"
          aria-label="Email address for our newsletter"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-email-error" : undefined}
          className="h-11 rounded-full border-white/25 bg-white/10 px-4 text-white placeholder:text-white/70 focus-visible:border-savanna focus-visible:ring-savanna/40 aria-invalid:border-[#ffb4a0]"
        />
        <Button
          type="submit"
          variant="accent"
          disabled={pending}
          className="h-11 rounded-full px-6 font-semibold"
        >
          {pending ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      <p
        id="newsletter-email-error"
        aria-live="polite"
        className={error ? "mt-2 text-sm text-[#ffcdbf]" : "sr-only"}
      >
        {error}
      </p>
      <HoneypotField id="newsletter-website" inputRef={honeypot} />
    </form>
  );
}
