"use server";

import { createAction } from "@/lib/action";
import { ActionError, type ActionState } from "@/lib/action-state";
import { subscribeToNewsletter } from "@/lib/dal/newsletter";
import { deliverAfterResponse } from "@/lib/email";
import { checkRateLimit, clientIp, tooManyRequestsMessage } from "@/lib/rate-limit";
import { HONEYPOT_FIELD } from "@/lib/validations/fields";
import { newsletterSchema } from "@/lib/validations/newsletter";

const SUCCESS = { title: "Subscribed!", message: "Thank you for subscribing to our newsletter." };

const subscribe = createAction(
  newsletterSchema,
  async (data, { ip }) => {
    const limit = await checkRateLimit("newsletter", [ip, data.email]);
    if (!limit.allowed) {
      throw new ActionError("Too Many Requests", tooManyRequestsMessage(limit.retryAfterSeconds));
    }
    const outcome = await subscribeToNewsletter(data.email);
    if (outcome === "already") {
      return {
        status: "success",
        title: "Already Subscribed",
        message: "This email is already subscribed to our newsletter.",
        data: { outcome },
      };
    }
    deliverAfterResponse();
    return { status: "success", ...SUCCESS, data: { outcome } };
  },
  {
    name: "subscribeNewsletter",
    context: async () => ({ ip: await clientIp() }),
    failure: { title: "Error", message: "Failed to subscribe. Please try again." },
    honeypot: { field: HONEYPOT_FIELD, success: SUCCESS },
  },
);

/**
 * The footer newsletter form. A duplicate is answered as a success with `data.outcome` 'already'
 * and the spec's 'Already Subscribed' text (nothing failed; the form keeps the address).
 */
export async function subscribeNewsletter(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return subscribe(prev, input);
}
