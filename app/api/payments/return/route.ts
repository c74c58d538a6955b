import type { NextRequest } from "next/server";

import { merchantReferenceOf, settleOrder } from "@/lib/dal/payments";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { PAY_RESULT_PATH } from "@/lib/pay-link";
import { paymentDriver } from "@/lib/payments";
import { ProviderUnavailable } from "@/lib/payments/types";
import { checkRateLimit, clientIp } from "@/lib/rate-limit";

/**
 * Where the payer's browser comes back from the checkout (the order's callback_url), with
 * OrderTrackingId and OrderMerchantReference in the query. Like a notification, it is only a
 * reason to ask the provider (settleOrder); then the browser goes to the result page with our own
 * merchant reference of that order, which says what the ledger now holds (paid, failed, or still
 * waiting for the provider). A provider that does not answer leaves the order pending.
 */
export const dynamic = "force-dynamic";

const RETURN_LIMITS = { perMinute: 30, perHour: 300 };

// A relative Location: the browser stays on the origin it came back to.
const go = (path: string) =>
  new Response(null, {
    status: 303,
    headers: { Location: path, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });

export async function GET(request: NextRequest) {
  const limit = await checkRateLimit("payments-return", [await clientIp()], RETURN_LIMITS);
  if (!limit.allowed)
    return new Response("Too many requests. Please try again in a minute.", {
      status: 429,
      headers: { "retry-after": String(limit.retryAfterSeconds) },
    });
  const trackingId = (request.nextUrl.searchParams.get("OrderTrackingId") ?? "").trim();
  if (!/^[A-Za-z0-9-]{1,100}$/.test(trackingId)) return go(PAY_RESULT_PATH);

  let reference: string | null = null;
  try {
    const settled = await settleOrder(trackingId);
    reference = settled.merchantReference;
    // The receipt mail the settlement queued goes out after the redirect.
    if (settled.changed) deliverAfterResponse();
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") return go(PAY_RESULT_PATH);
    if (!(error instanceof ProviderUnavailable)) throw error;
    logger.warn({ event: "payment_return_check_failed", trackingId, error: error.message });
    reference = await merchantReferenceOf(trackingId, paymentDriver().name);
  }
  return go(
    reference ? `${PAY_RESULT_PATH}?${new URLSearchParams({ ref: reference })}` : PAY_RESULT_PATH,
  );
}
