"use server";

import { publicAction } from "@/lib/action";
import { subscribeToNewsletter } from "@/lib/newsletter/data/subscriptions";
import { deliverAfterResponse } from "@/lib/email";
import { HONEYPOT_FIELD } from "@/lib/fields";
import { newsletterSchema } from "@/lib/newsletter/schemas";

/**
 * The footer newsletter form. A duplicate answers the 'Already Subscribed' failure toast (code
 * 'already_subscribed'); the form keeps the address.
 */
export const subscribeNewsletterAction = publicAction(
  newsletterSchema,
  async (data) => {
    if ((await subscribeToNewsletter(data.email)) === "already") {
      return {
        status: "error",
        code: "already_subscribed",
        title: "Already Subscribed",
        message: "This email is already subscribed to our newsletter.",
      };
    }
    deliverAfterResponse();
  },
  {
    name: "subscribeNewsletterAction",
    success: { title: "Subscribed!", message: "Thank you for subscribing to our newsletter." },
    rateLimit: [{ scope: "newsletter", keys: (data, { ip }) => [ip, data.email] }],
    failure: { title: "Error", message: "Failed to subscribe. Please try again." },
    honeypot: HONEYPOT_FIELD,
  },
);
