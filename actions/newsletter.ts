"use server";

import { publicAction, staffAction } from "@/lib/action";
import { countNewsletterExport, setSubscriberActive } from "@/lib/newsletter/data/subscribers";
import { subscribeToNewsletter } from "@/lib/newsletter/data/subscriptions";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { HONEYPOT_FIELD } from "@/lib/fields";
import {
  exportViewSchema,
  newsletterSchema,
  subscriberStatusSchema,
} from "@/lib/newsletter/schemas";

/**
 * The newsletter: a visitor subscribes with the footer form; staff deactivate or reactivate a
 * subscriber and export the list (/admin/newsletter). A staff action resolves its caller (staff
 * or admin; anyone else is sent to /admin/login) and the data function checks again next to the
 * data.
 */

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

/** Deactivate or reactivate one subscriber. */
export const setSubscriberStatusAction = staffAction(
  subscriberStatusSchema,
  async ({ id, active }) => {
    if (!(await setSubscriberActive(id, active))) throw new DomainError("not_found");
    return active
      ? {
          title: "Subscriber Reactivated",
          message: "The subscriber will receive the newsletter again.",
        }
      : {
          title: "Subscriber Deactivated",
          message: "The subscriber will no longer receive the newsletter.",
        };
  },
  {
    name: "setSubscriberStatus",
    failure: {
      title: "Update Failed",
      message: "Failed to update the subscriber. Please try again.",
    },
    errors: {
      not_found: { title: "Update Failed", message: "This subscriber could not be found." },
    },
    revalidate: ["/admin/newsletter", ["/admin", "layout"]],
  },
);

/**
 * Export CSV, first step: how many rows the current view exports. The button then downloads the
 * file from the export route (streamed to disk by the browser) and shows 'Export Successful'; with
 * no active subscriber in the view nothing is downloaded and the toast says so.
 */
export const prepareNewsletterExportAction = staffAction(
  exportViewSchema,
  async (view) => {
    const count = await countNewsletterExport(view);
    if (count === 0) {
      return {
        title: "Nothing to Export",
        message: "There are no active subscribers in the current view.",
        data: { count: "0" },
      };
    }
    return {
      title: "Export Successful",
      message: `Exported ${count} active subscribers`,
      data: { count: String(count) },
    };
  },
  {
    name: "prepareNewsletterExport",
    failure: { title: "Export Failed", message: "Failed to export subscribers. Please try again." },
  },
);
