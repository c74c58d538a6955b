"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useRef, useTransition } from "react";
import { type FieldPath, useForm } from "react-hook-form";

import { sendContactMessage } from "@/actions/contact";
import { FormField, HoneypotField } from "@/components/forms/form-field";
import { loadToast } from "@/components/site/lazy-toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { type ActionState, idleState } from "@/lib/action-state";
import {
  type ContactFormValues,
  type ContactInput,
  contactSchema,
} from "@/lib/validations/contact";
import { LIMITS } from "@/lib/validations/fields";

const EMPTY: ContactFormValues = {
  name: "",
  email: "",
  country: "",
  phone: "",
  subject: "",
  message: "",
};
const FAILURE = { title: "Error", message: "Failed to send message. Please try again." };

/** The contact form of /contact: validated in the browser and again by the server action. */
export function ContactForm() {
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const [pending, startTransition] = useTransition();
  const honeypot = useRef<HTMLInputElement>(null);

  async function handleResult(state: ActionState) {
    const toast = await loadToast();
    if (state.status === "success") {
      toast.success(state.title, { description: state.message });
      form.reset(EMPTY);
      return;
    }
    if (state.status === "invalid") {
      for (const [field, messages] of Object.entries(state.fieldErrors)) {
        if (field in EMPTY) {
          form.setError(
            field as FieldPath<ContactFormValues>,
            { type: "server", message: messages[0] },
            { shouldFocus: true },
          );
        }
      }
      toast.error(FAILURE.title, { description: FAILURE.message });
      return;
    }
    if (state.status === "error") toast.error(state.title, { description: state.message });
  }

  const onValid = () => {
    const payload = { ...form.getValues(), website: honeypot.current?.value ?? "" };
    startTransition(async () => {
      try {
        await handleResult(await sendContactMessage(idleState, payload));
      } catch {
        (await loadToast()).error(FAILURE.title, { description: FAILURE.message });
      }
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      className="relative grid gap-5"
      aria-busy={pending}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Full Name" required error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("name")}
              autoComplete="name"
              maxLength={LIMITS.name}
              placeholder="Your full name"
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Email Address" required error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("email")}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={LIMITS.email}
              placeholder="you@example.com"
            />
          )}
        </FormField>
        <FormField id="contact-country" label="Country" error={errors.country?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("country")}
              autoComplete="country-name"
              maxLength={LIMITS.country}
              placeholder="Where are you travelling from?"
            />
          )}
        </FormField>
        <FormField id="contact-phone" label="Phone Number" error={errors.phone?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("phone")}
              type="tel"
              autoComplete="tel"
              maxLength={LIMITS.phone}
              placeholder="+256 700 000 000"
            />
          )}
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" required error={errors.subject?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("subject")}
            maxLength={LIMITS.subject}
            placeholder="How can we help?"
          />
        )}
      </FormField>
      <FormField id="contact-message" label="Message" required error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("message")}
            rows={6}
            maxLength={LIMITS.message}
            className="field-sizing-fixed resize-y"
            placeholder="Tell us about your travel plans, dates and group size."
          />
        )}
      </FormField>
      <HoneypotField id="contact-website" inputRef={honeypot} />
      <Button
        type="submit"
        size="lg"
        disabled={pending}
        className="h-12 w-full rounded-full text-base font-semibold sm:w-auto sm:justify-self-start sm:px-8"
      >
        <Send aria-hidden="true" />
        {pending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
