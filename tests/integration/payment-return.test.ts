/**
 * The return address of a checkout (app/api/payments/return) on a server that takes no payment:
 * a production server left on the demo driver without ALLOW_DEMO_PAYMENTS. The payer's browser
 * still goes on to the result page, never to an error.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { GET as paymentReturn } from "@/app/api/payments/return/route";
import { env } from "@/lib/env";
import { paymentDriver, setPaymentDriver } from "@/lib/payments";
import { PAY_RESULT_PATH } from "@/lib/payments/pay-link";
import { createWorld } from "@/tests/helpers/customer-world";
import { openWorld } from "@/tests/helpers/world";

openWorld(createWorld);

const mutable = env as { -readonly [K in keyof typeof env]: (typeof env)[K] };
const saved = { NODE_ENV: env.NODE_ENV, ALLOW_DEMO_PAYMENTS: env.ALLOW_DEMO_PAYMENTS };

describe("the checkout's return address where the demo driver is refused", () => {
  beforeEach(() => {
    mutable.NODE_ENV = "production";
    mutable.ALLOW_DEMO_PAYMENTS = false;
    setPaymentDriver(undefined);
  });
  afterEach(() => {
    Object.assign(mutable, saved);
    setPaymentDriver(undefined);
  });

  it("sends the browser to the result page instead of answering 500", async () => {
    expect(() => paymentDriver()).toThrow(/Refusing to take payments/);
    const { NextRequest } = await import("next/server");
    const response = await paymentReturn(
      new NextRequest(
        `${env.SITE_URL}/api/payments/return?OrderTrackingId=0f3c9a4e-5b1d-4c2e-9a7f-1d2e3f4a5b6c&OrderMerchantReference=BU-X`,
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(PAY_RESULT_PATH);
  });
});
