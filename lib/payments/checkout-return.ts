import "server-only";

import { merchantReferenceOf, settleOrder } from "@/lib/payments/data/ledger";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { PAY_RESULT_PATH } from "@/lib/payments/pay-link";
import { DemoPaymentsRefused, paymentDriver } from "@/lib/payments";
import { ProviderUnavailable } from "@/lib/payments/types";

/**
 * The payer's return from a checkout, by the order's tracking id: like a notification, only a
 * reason to ask the provider (settleOrder). The answer is where the browser goes next: the result
 * page with our own merchant reference of that order, which says what the ledger now holds (paid,
 * failed, or still waiting for the provider); the bare result path for an order we never issued.
 * A provider that does not answer leaves the order pending.
 *
 * Two callers: the return address Pesapal sends the browser to (app/api/payments/return), and
 * the demo checkout's buttons (payDemoOrderAction in actions/payments.ts), which run this step
 * themselves so that their redirect goes straight to a page.
 */
export async function returnFromCheckout(trackingId: string): Promise<string> {
  let reference: string | null = null;
  try {
    const settled = await settleOrder(trackingId);
    reference = settled.merchantReference;
    // The receipt mail the settlement queued goes out after the answer.
    if (settled.changed) deliverAfterResponse();
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") return PAY_RESULT_PATH;
    // A server that takes no payment (the demo driver refused in production) has no order to
    // check: the payer reads the result page's plain answer, not an error page.
    if (error instanceof DemoPaymentsRefused) {
      logger.warn({ event: "payment_return_refused", trackingId, error: error.message });
      return PAY_RESULT_PATH;
    }
    if (!(error instanceof ProviderUnavailable)) throw error;
    logger.warn({ event: "payment_return_check_failed", trackingId, error: error.message });
    reference = await merchantReferenceOf(trackingId, paymentDriver().name);
  }
  return reference
    ? `${PAY_RESULT_PATH}?${new URLSearchParams({ ref: reference })}`
    : PAY_RESULT_PATH;
}
