"use server";

import { redirect } from "next/navigation";

import { publicAction, rateLimited } from "@/lib/action";
import { startPayment } from "@/lib/payments/data/ledger";
import { DomainError } from "@/lib/errors";
import { verifyPayLink } from "@/lib/payments/pay-link";
import { PAY_PROBLEMS, paySchema } from "@/lib/payments/schemas";

/**
 * The pay page's Pay button (app/(site)/pay/[token]): whoever holds a valid pay link starts an
 * online payment of the chosen kind on that link's booking, and the browser goes to the
 * provider's checkout. The token is verified again here (the page's check is for the eye): a
 * forged, altered or expired one starts nothing. What is charged is what the booking owes of that
 * kind, worked out by startPayment under the booking's lock, never an amount from the form.
 */
export const payAction = publicAction(
  paySchema,
  async ({ token, kind }) => {
    const link = verifyPayLink(token);
    if (!link) throw new DomainError("invalid_token");
    const started = await startPayment(link.bookingId, kind);
    redirect(started.redirectUrl);
  },
  {
    name: "payAction",
    // Each start writes a ledger row and an order with the provider.
    rateLimit: [
      {
        scope: "pay",
        keys: ({ token }, { ip }) => [ip, `link:${token.slice(0, 24)}`],
        limits: { perMinute: 10, perHour: 60 },
      },
    ],
    errors: {
      invalid_token: PAY_PROBLEMS.expired,
      not_found: PAY_PROBLEMS.expired,
      nothing_due: PAY_PROBLEMS["nothing-due"],
      provider_unavailable: PAY_PROBLEMS.unavailable,
      rate_limited: rateLimited(PAY_PROBLEMS["too-many"].title),
    },
    invalid: (fieldErrors) => (fieldErrors.token ? PAY_PROBLEMS.expired : PAY_PROBLEMS.choose),
    failure: PAY_PROBLEMS.failed,
  },
);
