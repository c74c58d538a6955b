import type { NextRequest } from "next/server";

import { PAY_RESULT_PATH } from "@/lib/payments/pay-link";
import { returnFromCheckout } from "@/lib/payments/checkout-return";
import { checkRateLimit, clientIp } from "@/lib/rate-limit";

/**
 * Where the payer's browser comes back from the checkout (the order's callback_url), with
 * OrderTrackingId and OrderMerchantReference in the query. Like a notification, it is only a
 * reason to ask the provider (returnFromCheckout); then the browser goes to the result page with
 * our own merchant reference of that order, which says what the ledger now holds (paid, failed,
 * or still waiting for the provider). A provider that does not answer leaves the order pending.
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
  return go(await returnFromCheckout(trackingId));
}
