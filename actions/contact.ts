"use server";

import { createAction } from "@/lib/action";
import { ActionError, type ActionState } from "@/lib/action-state";
import { createContact } from "@/lib/dal/contacts";
import { deliverAfterResponse } from "@/lib/email";
import { checkRateLimit, clientIp, tooManyRequestsMessage } from "@/lib/rate-limit";
import { contactSchema } from "@/lib/validations/contact";
import { HONEYPOT_FIELD } from "@/lib/validations/fields";

const SUCCESS = {
  title: "Message Sent!",
  message: "Thank you for contacting us. We'll get back to you within 24 hours.",
};

const send = createAction(
  contactSchema,
  async (data, { ip }) => {
    const limit = await checkRateLimit("contact", [ip, data.email]);
    if (!limit.allowed) {
      throw new ActionError("Too Many Requests", tooManyRequestsMessage(limit.retryAfterSeconds));
    }
    await createContact(data);
    deliverAfterResponse();
    return { status: "success", ...SUCCESS };
  },
  {
    name: "sendContactMessage",
    context: async () => ({ ip: await clientIp() }),
    failure: { title: "Error", message: "Failed to send message. Please try again." },
    honeypot: { field: HONEYPOT_FIELD, success: SUCCESS },
  },
);

/** The contact form (/contact). */
export async function sendContactMessage(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return send(prev, input);
}
