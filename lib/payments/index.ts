import "server-only";

import { type Env, env } from "@/lib/env";
import { logger } from "@/lib/logger";

import { createDemoDriver } from "./demo";
import { createPesapalDriver, PESAPAL_BASE_URLS } from "./pesapal";
import type { PaymentDriver } from "./types";

/**
 * The payment provider, chosen from the environment (PAYMENTS_DRIVER): Pesapal, or the demo
 * checkout where no money moves. The driver is made once per process, so Pesapal's token and IPN
 * registration are asked once and shared by every request.
 *
 * A production server with the demo driver takes no payment unless ALLOW_DEMO_PAYMENTS says it
 * is a demo deployment: a site that forgot PAYMENTS_DRIVER=pesapal must not tell travellers
 * their deposit is paid. The refusal comes at use (each paymentDriver() call throws, naming the
 * variables), not at start, so the rest of the site keeps serving; the demo checkout page then
 * answers 404.
 */

/** Where Pesapal notifies us of a change (the IPN route), under SITE_URL. */
export const PESAPAL_IPN_PATH = "/api/payments/pesapal/ipn";
/** How Pesapal calls it: GET, with OrderTrackingId, OrderMerchantReference and OrderNotificationType. */
export const PESAPAL_IPN_METHOD = "GET";

export type PaymentsConfig = Pick<
  Env,
  | "NODE_ENV"
  | "SITE_URL"
  | "PAYMENTS_DRIVER"
  | "PESAPAL_ENV"
  | "PESAPAL_BASE_URL"
  | "PESAPAL_CONSUMER_KEY"
  | "PESAPAL_CONSUMER_SECRET"
  | "PESAPAL_IPN_ID"
  | "ALLOW_DEMO_PAYMENTS"
>;

/** Thrown at use by a production server configured with the demo driver and no permission. */
export class DemoPaymentsRefused extends Error {
  constructor() {
    super(
      "Refusing to take payments: PAYMENTS_DRIVER is demo (the default, where no money moves) on a " +
        "production server. Set PAYMENTS_DRIVER=pesapal with PESAPAL_CONSUMER_KEY and " +
        "PESAPAL_CONSUMER_SECRET, or ALLOW_DEMO_PAYMENTS=1 on a demo deployment.",
    );
    this.name = "DemoPaymentsRefused";
  }
}

/** Whether `config` may use the demo driver: anywhere but production, or where it is allowed. */
export function demoPaymentsAllowed(config: PaymentsConfig): boolean {
  return config.NODE_ENV !== "production" || config.ALLOW_DEMO_PAYMENTS;
}

/** The driver `config` names (throws DemoPaymentsRefused where the demo is not allowed). */
export function createPaymentDriver(config: PaymentsConfig): PaymentDriver {
  if (config.PAYMENTS_DRIVER === "pesapal") {
    return createPesapalDriver({
      baseUrl: config.PESAPAL_BASE_URL ?? PESAPAL_BASE_URLS[config.PESAPAL_ENV],
      // lib/env.ts refuses PAYMENTS_DRIVER=pesapal without both keys.
      consumerKey: config.PESAPAL_CONSUMER_KEY ?? "",
      consumerSecret: config.PESAPAL_CONSUMER_SECRET ?? "",
      ipnUrl: `${config.SITE_URL}${PESAPAL_IPN_PATH}`,
      ipnNotificationType: PESAPAL_IPN_METHOD,
      ipnId: config.PESAPAL_IPN_ID,
    });
  }
  if (!demoPaymentsAllowed(config)) throw new DemoPaymentsRefused();
  return createDemoDriver({ siteUrl: config.SITE_URL });
}

let current: PaymentDriver | undefined;
let warned = false;

/** The process's payment driver (made on first use). */
export function paymentDriver(): PaymentDriver {
  if (current) return current;
  current = createPaymentDriver(env);
  if (env.NODE_ENV === "production" && !warned) {
    warned = true;
    if (current.name === "demo") {
      logger.warn(
        { event: "demo_payments" },
        "ALLOW_DEMO_PAYMENTS: this production server takes demo payments, where no money moves",
      );
    } else if (env.PESAPAL_ENV === "sandbox" && !env.PESAPAL_BASE_URL) {
      logger.warn(
        { event: "pesapal_sandbox" },
        "PESAPAL_ENV=sandbox on a production server: payments go to Pesapal's sandbox, no money moves",
      );
    }
  }
  return current;
}

/** Replaces the driver (a test's own); `undefined` goes back to the environment's. */
export function setPaymentDriver(driver: PaymentDriver | undefined): void {
  current = driver;
}

/** True when the demo checkout serves: the demo driver is the active one and allowed. */
export function demoCheckoutOpen(): boolean {
  try {
    return paymentDriver().name === "demo";
  } catch (error) {
    if (error instanceof DemoPaymentsRefused) return false;
    throw error;
  }
}
