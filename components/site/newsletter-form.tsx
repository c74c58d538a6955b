"use client";

import { subscribeNewsletterAction } from "@/actions/newsletter";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { LIMITS } from "@/lib/fields";
import { type NewsletterFormValues, newsletterSchema } from "@/lib/newsletter/schemas";

const EMPTY: NewsletterFormValues = { email: "" };

/**
 * The footer newsletter form: 'Subscribing...' while busy, the field cleared on success, the
 * product's toasts ('Subscribed!', 'Already Subscribed', 'Error'). An empty field does nothing.
 */
export function NewsletterForm() {
  const { form, submit, honeypot } = useActionForm({
    schema: newsletterSchema,
    action: subscribeNewsletterAction,
    defaultValues: EMPTY,
    failure: { title: "Error", message: "Failed to subscribe. Please try again." },
    honeypot: "newsletter-website",
    resetOnSuccess: true,
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // Spec: an empty value does nothing.
    if (!form.getValues("email").trim()) {
      event.preventDefault();
      form.clearErrors();
      return;
    }
    submit(event);
  };

  return (
    <Form form={form} onSubmit={onSubmit} idPrefix="newsletter" className="relative">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          name="email"
          label="Email address for our newsletter"
          labelClassName="sr-only"
          className="flex-1 gap-2"
          errorClassName="font-normal text-[#ffcdbf]"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          placeholder="Enter your email"
          inputClassName="h-11 rounded-full border-white/25 bg-white/10 px-4 text-white placeholder:text-white/70 focus-visible:border-savanna focus-visible:ring-savanna/40 aria-invalid:border-[#ffb4a0]"
        />
        <SubmitButton
          variant="accent"
          pendingLabel="Subscribing..."
          className="h-11 rounded-full px-6 font-semibold"
        >
          Subscribe
        </SubmitButton>
      </div>
      {honeypot}
    </Form>
  );
}
