"use server";

import { redirect } from "next/navigation";
import { z } from "zod";

import { publicAction } from "@/lib/action";
import { DomainError } from "@/lib/errors";
import { demoCheckoutOpen } from "@/lib/payments";
import { returnFromCheckout } from "@/lib/payments/checkout-return";
import { DEMO_METHODS, payDemoOrder } from "@/lib/payments/demo";

const demoCheckoutSchema = z.object({
  trackingId: z.uuid(),
  /** The button pressed: a way to pay, or the failure. */
  choice: z.enum(["mtn", "airtel", "card", "fail"]),
});

/**
 * The demo checkout's buttons (app/(site)/pay/demo/[trackingId]): the demo provider's order is
 * paid or fails; then the payer comes back as from Pesapal's checkout: the return step of the
 * callback_url (returnFromCheckout) asks the demo driver for the status, as it asks Pesapal, and
 * the browser lands on the result page. The ledger changes only through that question, never by
 * what was pressed here. Only while the demo driver is the active one; anything else is 'not
 * found'.
 *
 * Why the return step runs here rather than at the callback_url: a server action's redirect is a
 * client-side navigation whose target the server renders into the same answer. A route handler
 * cannot be rendered, so its own redirect would be followed out of sight and the browser would
 * keep the handler's address over the result page. Redirecting straight to the page ends where a
 * payer coming back from Pesapal ends, with or without script.
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
    redirect(await returnFromCheckout(order.trackingId));
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
