"use client";

import { sendContactMessageAction } from "@/actions/messages";
import {
  CountryField,
  EmailField,
  Form,
  NameField,
  PhoneField,
  TextareaField,
  TextField,
} from "@/components/forms/form-field";
import { SendButton } from "@/components/forms/send-button";
import { useActionForm } from "@/components/forms/use-action-form";
import { type ContactFormValues, contactSchema } from "@/lib/messages/schemas/contact";
import { LIMITS } from "@/lib/fields";

const EMPTY: ContactFormValues = {
  name: "",
  email: "",
  country: "",
  phone: "",
  subject: "",
  message: "",
};

/** The contact form of /contact: validated in the browser and again by the server action. */
export function ContactForm() {
  const { form, submit, honeypot } = useActionForm({
    schema: contactSchema,
    action: sendContactMessageAction,
    defaultValues: EMPTY,
    failure: { title: "Error", message: "Failed to send message. Please try again." },
    honeypot: "contact-website",
    resetOnSuccess: true,
  });

  return (
    <Form form={form} onSubmit={submit} idPrefix="contact" className="relative grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <NameField name="name" label="Full Name" required placeholder="Your full name" />
        <EmailField name="email" label="Email Address" required />
        <CountryField name="country" label="Country" placeholder="Where are you travelling from?" />
        <PhoneField name="phone" label="Phone Number" placeholder="+256 700 000 000" />
      </div>
      <TextField
        name="subject"
        label="Subject"
        required
        maxLength={LIMITS.subject}
        placeholder="How can we help?"
      />
      <TextareaField
        name="message"
        label="Message"
        required
        rows={6}
        maxLength={LIMITS.message}
        placeholder="Tell us about your travel plans, dates and group size."
      />
      {honeypot}
      <SendButton
        size="lg"
        className="h-12 w-full rounded-full text-base font-semibold sm:w-auto sm:justify-self-start sm:px-8"
      >
        Send Message
      </SendButton>
    </Form>
  );
}
