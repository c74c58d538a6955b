import { z } from "zod";

import { emailField, LIMITS, optionalPhone, optionalText, requiredText } from "@/lib/fields";

/** The contact form (/contact): the same schema in react-hook-form and the server action. */
export const contactSchema = z.object({
  name: requiredText("Full name", LIMITS.name),
  email: emailField,
  country: optionalText("Country", LIMITS.country),
  phone: optionalPhone("Phone number"),
  subject: requiredText("Subject", LIMITS.subject),
  message: requiredText("Message", LIMITS.message, { multiline: true }),
});

export type ContactFormValues = z.input<typeof contactSchema>;
export type ContactInput = z.output<typeof contactSchema>;
