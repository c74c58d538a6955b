"use server";

import { publicAction } from "@/lib/action";
import { createContact } from "@/lib/messages/data/contact";
import { deliverAfterResponse } from "@/lib/email";
import { contactSchema } from "@/lib/messages/schemas/contact";
import { HONEYPOT_FIELD } from "@/lib/fields";

/** The contact form (/contact). */
export const sendContactMessageAction = publicAction(
  contactSchema,
  async (data) => {
    await createContact(data);
    deliverAfterResponse();
  },
  {
    name: "sendContactMessageAction",
    success: {
      title: "Message Sent!",
      message: "Thank you for contacting us. We'll get back to you within 24 hours.",
    },
    rateLimit: [{ scope: "contact", keys: (data, { ip }) => [ip, data.email] }],
    failure: { title: "Error", message: "Failed to send message. Please try again." },
    honeypot: HONEYPOT_FIELD,
  },
);
