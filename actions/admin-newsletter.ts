"use server";

import { staffAction } from "@/lib/action";
import { countNewsletterExport, setSubscriberActive } from "@/lib/newsletter/data/subscribers";
import { DomainError } from "@/lib/errors";
import { exportViewSchema, subscriberStatusSchema } from "@/lib/messages/schemas/staff-reply";

/**
 * Admin Newsletter actions. staffAction resolves the caller (staff or admin; anyone else is sent
 * to /admin/login) and the DAL checks again next to the data.
 */

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
