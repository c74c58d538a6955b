/**
 * The demo payment provider: the built-in checkout of `npm run demo` and the tests, where no
 * money moves. It behaves as Pesapal does, seen from the site: an order gets a random tracking id
 * and a checkout address (`/pay/demo/<trackingId>`, app/(site)/pay/demo), the payer's choice
 * there settles it (payDemoOrder), the payer comes back through the callback_url's return step
 * (lib/payments/checkout-return.ts) to the result page, and getOrderStatus is the only account of
 * it.
 * Its orders live in `demo_payment_orders` (lib/payments/data/demo-orders.ts), never in the ledger.
 * A production server refuses this driver unless ALLOW_DEMO_PAYMENTS says so (lib/payments/index.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";

import {
  type DemoOrderRow,
  findDemoOrder,
  insertDemoOrder,
  settleDemoOrder,
} from "@/lib/payments/data/demo-orders";
import { env } from "@/lib/env";

import { minorToDecimal, PESAPAL_DESCRIPTION_MAX } from "./pesapal";
import {
  type OrderStatus,
  type PaymentDriver,
  type ProviderStatus,
  ProviderUnavailable,
} from "./types";

/** The demo checkout's ways to pay, as a provider names them on its status. */
export const DEMO_METHODS = {
  mtn: "MTN Mobile Money",
  airtel: "Airtel Money",
  card: "Visa",
} as const;

/** The demo checkout's address of an order. */
export const demoCheckoutPath = (trackingId: string) =>
  `/pay/demo/${encodeURIComponent(trackingId)}`;

/** What the demo checkout page shows of an order. */
export type DemoCheckout = {
  trackingId: string;
  merchantReference: string;
  amountMinor: number;
  currency: string;
  description: string;
  status: ProviderStatus;
  /** The callback_url with the order's ids: the way back once it is settled. */
  returnUrl: string;
};

/**
 * The callback_url with the order's ids, as Pesapal sends the browser back: the way back from
 * the checkout page of an order already settled.
 */
export function demoReturnUrl(
  order: Pick<DemoOrderRow, "callbackUrl" | "trackingId" | "merchantReference">,
) {
  const url = new URL(order.callbackUrl);
  url.searchParams.set("OrderTrackingId", order.trackingId);
  url.searchParams.set("OrderMerchantReference", order.merchantReference);
  return url.toString();
}

export function createDemoDriver(options: { siteUrl?: string } = {}): PaymentDriver {
  const siteUrl = options.siteUrl ?? env.SITE_URL;
  return {
    name: "demo",

    async submitOrder(order) {
      // The same checks Pesapal makes, so the demo refuses what Pesapal would.
      minorToDecimal(order.amountMinor, order.currency);
      const trackingId = randomUUID();
      try {
        await insertDemoOrder({
          trackingId,
          merchantReference: order.merchantReference,
          amountMinor: order.amountMinor,
          currency: order.currency,
          description: order.description.slice(0, PESAPAL_DESCRIPTION_MAX),
          callbackUrl: order.callbackUrl,
        });
      } catch (error) {
        throw new ProviderUnavailable("The demo provider could not keep the order", error);
      }
      return { trackingId, redirectUrl: `${siteUrl}${demoCheckoutPath(trackingId)}` };
    },

    async getOrderStatus(trackingId): Promise<OrderStatus> {
      let order: DemoOrderRow | null;
      try {
        order = await findDemoOrder(trackingId);
      } catch (error) {
        throw new ProviderUnavailable("The demo provider could not be asked", error);
      }
      // Pesapal answers an unknown tracking id with an error: the driver's caller sees the same.
      if (!order) throw new ProviderUnavailable(`The demo provider holds no order ${trackingId}`);
      return {
        trackingId: order.trackingId,
        merchantReference: order.merchantReference,
        status: order.status,
        amountMinor: order.amountMinor,
        currency: order.currency,
        method: order.method,
        confirmationCode: order.confirmationCode,
        description: order.status === "failed" ? "Declined in the demo checkout" : null,
      };
    },

    async cancelOrder(trackingId): Promise<boolean> {
      let order: DemoOrderRow | null;
      try {
        // As at Pesapal, only an order nobody paid can be cancelled; its checkout then refuses.
        order = await settleDemoOrder(trackingId, {
          status: "failed",
          method: null,
          confirmationCode: null,
        });
      } catch (error) {
        throw new ProviderUnavailable("The demo provider could not be asked", error);
      }
      return order?.status === "failed";
    },

    async requestRefund(refund) {
      // The same rule as Pesapal's amount check, so the demo refuses what Pesapal would.
      minorToDecimal(refund.amountMinor, refund.currency);
      return {
        accepted: true,
        message: "Demo refund: no money moves. With Pesapal this is a refund request.",
      };
    },
  };
}

/** An order as the demo checkout shows it; null when there is none. */
export async function getDemoCheckout(trackingId: string): Promise<DemoCheckout | null> {
  const order = await findDemoOrder(trackingId);
  if (!order) return null;
  return {
    trackingId: order.trackingId,
    merchantReference: order.merchantReference,
    amountMinor: order.amountMinor,
    currency: order.currency,
    description: order.description,
    status: order.status,
    returnUrl: demoReturnUrl(order),
  };
}

/**
 * The payer's choice on the demo checkout: the order is paid (with a receipt code) or declined,
 * once; an order already settled stays as it was. Answers the order (for its callback_url), or
 * null when there is no such order.
 */
export async function payDemoOrder(
  trackingId: string,
  outcome: "completed" | "failed",
  method: string | null,
): Promise<DemoOrderRow | null> {
  return settleDemoOrder(trackingId, {
    status: outcome,
    method,
    confirmationCode:
      outcome === "completed" ? `DEMO-${randomBytes(4).toString("hex").toUpperCase()}` : null,
  });
}
