"use server";

import { redirect } from "next/navigation";
import { z } from "zod";

import { publicAction } from "@/lib/action";
import { DomainError } from "@/lib/errors";
import { demoCheckoutOpen } from "@/lib/payments";
import { DEMO_METHODS, demoReturnUrl, payDemoOrder } from "@/lib/payments/demo";

const demoCheckoutSchema = z.object({
  trackingId: z.uuid(),
  /** The button pressed: a way to pay, or the failure. */
  choice: z.enum(["mtn", "airtel", "card", "fail"]),
});

/**
 * The demo checkout's buttons (app/(site)/pay/demo/[trackingId]): the order is paid or fails,
 * and the browser goes back to the order's callback_url with OrderTrackingId and
 * OrderMerchantReference, as Pesapal sends it back. The site then asks the demo driver for the
 * status, as it asks Pesapal: this action never touches the ledger. Only while the demo driver
 * is the active one; anything else is 'not found'.
 */
export const payDemoOrderAction = publicAction(
  demoCheckoutSchema,
  async ({ trackingId, choice }) => {
    if (!demoCheckoutOpen()) throw new DomainError("not_found");
    const order =
      choice === "fail"
        ? await payDemoOrder(trackingId, "failed", null)
        : await payDemoOrder(trackingId, "completed", DEMO_METHODS[choice]);
    if (!order) throw new DomainError("not_found");
    redirect(demoReturnUrl(order));
  },
  {
    name: "payDemoOrderAction",
    rateLimit: [{ scope: "demo-checkout", keys: (_data, { ip }) => [ip] }],
    errors: {
      not_found: { title: "Order Not Found", message: "This demo order does not exist." },
    },
    failure: { title: "Payment Failed", message: "The demo checkout failed. Please try again." },
  },
);
