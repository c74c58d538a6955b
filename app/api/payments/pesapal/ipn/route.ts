import type { NextRequest } from "next/server";

import { settleOrder } from "@/lib/payments/data/ledger";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { checkRateLimit, clientIp } from "@/lib/rate-limit";

/**
 * Pesapal's instant payment notification (IPN), registered as GET or POST: it names an order
 * (OrderTrackingId, OrderMerchantReference, OrderNotificationType) and nothing it says is
 * believed. It only makes us ask Pesapal's status endpoint about that order (settleOrder), which
 * counts the payment once whatever the number or order of notifications.
 *
 * The answer is Pesapal's documented acknowledgement, always with HTTP 200 (Pesapal reads the
 * body, not the HTTP status): {orderNotificationType, orderTrackingId, orderMerchantReference,
 * status} with status 200 once the order's status was checked and recorded, 500 in the body when
 * it could not be (provider down, an order we do not know, a malformed tracking id) so Pesapal
 * retries. Nothing in the notification changes the ledger: only settleOrder's own status check
 * does. Order: rate limit (429, the one answer that is not an acknowledgement), validate, act.
 * docs/decisions/0221-pesapal-as-documented.md.
 */
export const dynamic = "force-dynamic";

/** Generous: Pesapal's servers send every notification of every order from few addresses. */
const IPN_LIMITS = { perMinute: 300, perHour: 5000 };

type Notification = {
  orderTrackingId: string;
  orderMerchantReference: string;
  orderNotificationType: string;
};

const field = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 100) : "");

function acknowledge(n: Notification, status: 200 | 500): Response {
  return Response.json(
    {
      orderNotificationType: n.orderNotificationType,
      orderTrackingId: n.orderTrackingId,
      orderMerchantReference: n.orderMerchantReference,
      status,
    },
    { status: 200, headers: { "cache-control": "no-store" } },
  );
}

async function handle(n: Notification): Promise<Response> {
  const limit = await checkRateLimit("payments-ipn", [await clientIp()], IPN_LIMITS);
  if (!limit.allowed)
    return new Response(null, {
      status: 429,
      headers: { "retry-after": String(limit.retryAfterSeconds) },
    });
  // A malformed id is asked of nobody.
  if (!/^[A-Za-z0-9-]{1,100}$/.test(n.orderTrackingId)) return acknowledge(n, 500);
  try {
    // The receipt mail a settlement queued goes out after the acknowledgement.
    if ((await settleOrder(n.orderTrackingId)).changed) deliverAfterResponse();
    return acknowledge(n, 200);
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") {
      logger.warn({ event: "payment_ipn_unknown_order", trackingId: n.orderTrackingId });
    } else {
      logger.warn({
        event: "payment_ipn_check_failed",
        trackingId: n.orderTrackingId,
        error: String(error),
      });
    }
    return acknowledge(n, 500);
  }
}

export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  return handle({
    orderTrackingId: field(params.get("OrderTrackingId")),
    orderMerchantReference: field(params.get("OrderMerchantReference")),
    orderNotificationType: field(params.get("OrderNotificationType")),
  });
}

export async function POST(request: NextRequest) {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await request.json();
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: answered as a notification without an order.
  }
  const params = request.nextUrl.searchParams;
  return handle({
    orderTrackingId: field(body.OrderTrackingId ?? params.get("OrderTrackingId")),
    orderMerchantReference: field(
      body.OrderMerchantReference ?? params.get("OrderMerchantReference"),
    ),
    orderNotificationType: field(body.OrderNotificationType ?? params.get("OrderNotificationType")),
  });
}
