"use server";

import { redirect } from "next/navigation";
import { z } from "zod";

import { adminAction, publicAction, rateLimited, staffAction } from "@/lib/action";
import type { Toast } from "@/lib/action-state";
import { ADMIN_BOOKINGS_PATH } from "@/lib/bookings/list-query";
import { recordBookingPayment } from "@/lib/bookings/data/manage";
import { startPayment } from "@/lib/payments/data/ledger";
import { refundBooking } from "@/lib/payments/data/refunds";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { demoCheckoutOpen } from "@/lib/payments";
import { returnFromCheckout } from "@/lib/payments/checkout-return";
import { DEMO_METHODS, payDemoOrder } from "@/lib/payments/demo";
import { PAY_PATH, verifyPayLink } from "@/lib/payments/pay-link";
import { holdAgainSchema, PAY_PROBLEMS, paySchema } from "@/lib/payments/schemas";
import { renewCheckoutHold } from "@/lib/bookings/data/holds";
import { recordPaymentSchema } from "@/lib/bookings/schemas/edit";
import { REFUND_BY_HAND, refundSchema } from "@/lib/payments/refund-schema";
import { setUgxRate } from "@/lib/payments/data/rates";
import { ugxRateSchema } from "@/lib/payments/rate-schema";
import { rateWords } from "@/lib/payments/ugx";
import { formatDayTime } from "@/lib/dates";

/**
 * Payments: a payer's online payment from a pay link (the pay page's Pay button, and the demo
 * provider's checkout), and the payments and refunds staff record against a booking in the Edit
 * dialog of /admin/bookings. Every amount is written to the booking's ledger
 * (lib/payments/data/ledger.ts), which derives its payment status.
 */

/* ------------------------------------------------------------------------------------------ */
/* Online payments                                                                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * The pay page's Pay button (app/(site)/pay/[token]): whoever holds a valid pay link starts an
 * online payment of the chosen kind on that link's booking, and the browser goes to the
 * provider's checkout. The token is verified again here (the page's check is for the eye): a
 * forged, altered or expired one starts nothing. What is charged is what the booking owes of that
 * kind, worked out by startPayment under the booking's lock, never an amount from the form.
 */
export const payAction = publicAction(
  paySchema,
  async ({ token, kind, currency, rateId }) => {
    const link = verifyPayLink(token);
    if (!link) throw new DomainError("invalid_token");
    // The link's own expiry goes on the order: 'Try again' after a failure is this link again.
    // In shillings, only at the rate the page showed (startPayment checks it under the lock).
    const started = await startPayment(link.bookingId, kind, undefined, link.expiresAt, {
      currency,
      shownRateId: rateId ?? null,
    });
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
      hold_lapsed: PAY_PROBLEMS.lapsed,
      // The only refusal of a payment's own terms here: no rate, or not the one shown.
      payment_invalid: PAY_PROBLEMS["rate-changed"],
      provider_unavailable: PAY_PROBLEMS.unavailable,
      rate_limited: rateLimited(PAY_PROBLEMS["too-many"].title),
    },
    invalid: (fieldErrors) => (fieldErrors.token ? PAY_PROBLEMS.expired : PAY_PROBLEMS.choose),
    failure: PAY_PROBLEMS.failed,
  },
);

/**
 * 'Hold my seats again' on the pay page of a checkout hold that lapsed unpaid: whoever holds the
 * pay link holds the same booking's seats again for a new hold, if they are still free and within
 * the buyer's unpaid seats, and goes back to the pay page. The token is verified here.
 */
export const holdAgainAction = publicAction(
  holdAgainSchema,
  async ({ token }, { ip }) => {
    const link = verifyPayLink(token);
    if (!link) throw new DomainError("invalid_token");
    await renewCheckoutHold(link.bookingId, ip);
    redirect(`${PAY_PATH}/${encodeURIComponent(token)}`);
  },
  {
    name: "holdAgainAction",
    rateLimit: [
      {
        scope: "hold-again",
        keys: ({ token }, { ip }) => [ip, `link:${token.slice(0, 24)}`],
        limits: { perMinute: 5, perHour: 20 },
      },
    ],
    errors: {
      invalid_token: PAY_PROBLEMS.expired,
      nothing_due: PAY_PROBLEMS["nothing-due"],
      seats_unavailable: PAY_PROBLEMS["seats-gone"],
      departure_unavailable: PAY_PROBLEMS["seats-gone"],
      unpaid_seats_limit: PAY_PROBLEMS["seats-held"],
      rate_limited: rateLimited(PAY_PROBLEMS["too-many"].title),
    },
    invalid: () => PAY_PROBLEMS.expired,
    failure: PAY_PROBLEMS.failed,
  },
);

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

/* ------------------------------------------------------------------------------------------ */
/* Payments and refunds recorded by staff                                                      */
/* ------------------------------------------------------------------------------------------ */

/** After a save: the bookings list, the dashboard and the customer's views show the change. */
const REFRESH = [ADMIN_BOOKINGS_PATH, "/admin", ["/customer", "layout"]] as const;

const RECORD_FAILED: Toast = { title: "Error", message: "Failed to record the payment." };

/**
 * 'Record payment': cash or a bank transfer; Deposit Made or Paid may assign a guide. The toasts
 * are the product's words for a change of payment; the dialog shows the payment status itself.
 */
export const recordPaymentAction = staffAction(
  recordPaymentSchema,
  async (data) => {
    const result = await recordBookingPayment(data);
    if (result.statusChanged) deliverAfterResponse();
    if (result.assignment?.ok) {
      // Names the guide assigned.
      return { title: "Payment Updated & Guide Assigned", message: result.assignment.message };
    }
    if (result.assignment) {
      // Says why no guide was free (docs/decisions/0009).
      return {
        title: "Payment Updated",
        message: `Payment status updated successfully, but guide assignment failed. ${result.assignment.message}`,
      };
    }
  },
  {
    name: "recordPayment",
    success: {
      title: "Payment Updated",
      message: "Payment status has been updated successfully.",
    },
    failure: RECORD_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking could not be found." },
      forbidden: {
        title: "Error",
        message: "Only administrators can record more than the balance owed.",
      },
      payment_invalid: (error) => ({
        field: "amount",
        message: error.details.reason ?? "Check the amount.",
      }),
    },
    revalidate: REFRESH,
  },
);

const REFUND_FAILED: Toast = { title: "Error", message: "Failed to record the refund." };

/**
 * 'Record refund': admins only (money out is the admin's call), at most what was paid. Cash or
 * bank, or a refund of one online payment: through the provider (a card in part or whole, a
 * wallet in whole, once), or a manual payout (part of a mobile-money payment).
 */
export const recordRefundAction = adminAction(
  refundSchema,
  async (data) => {
    const result = await refundBooking({
      bookingId: data.bookingId,
      method: data.method,
      amountMinor: data.amount,
      reference: data.reference,
      note: data.note,
      paymentId: data.paymentId === REFUND_BY_HAND ? null : data.paymentId,
    });
    // A refund that frees departure seats may mail the waitlist.
    deliverAfterResponse();
    const status = `Payment status: ${result.paymentStatus}.`;
    if ("way" in result && result.way === "manual_payout")
      return {
        title: "Manual Payout Recorded",
        message: `Recorded as a manual payout: Pesapal refunds mobile money only in full, so pay it out yourself. ${status}`,
      };
    if ("way" in result)
      return {
        title: "Refund Requested",
        message: `Refund requested through the payment provider${result.providerMessage ? ` (${result.providerMessage})` : ""}. ${status}`,
      };
    return { title: "Refund Recorded", message: `Refund recorded. ${status}` };
  },
  {
    name: "recordRefund",
    failure: REFUND_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking could not be found." },
      forbidden: { title: "Error", message: "Only administrators can record refunds." },
      payment_invalid: (error) => ({
        field: "amount",
        message: error.details.reason ?? "Check the amount.",
      }),
      provider_unavailable: {
        title: "Error",
        message:
          "The payment provider could not be reached. Nothing was refunded; try again later.",
      },
    },
    revalidate: REFRESH,
  },
);

/* ------------------------------------------------------------------------------------------ */
/* The shilling rate                                                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * 'Set rate' on the Payments screen: any member of staff sets how many shillings one US dollar
 * buys, from now or a later Kampala date and time; the pay page prices payments in shillings
 * at the rate in force. Recorded with who set it, and audited.
 */
export const setUgxRateAction = staffAction(
  ugxRateSchema,
  async ({ rate, effectiveFrom }) => {
    const saved = await setUgxRate({ ugxPerUsd: rate, effectiveFrom });
    return {
      title: "Rate Saved",
      message: `${rateWords(saved.ugxPerUsd)} from ${formatDayTime(saved.effectiveFrom)}.`,
    };
  },
  {
    name: "setUgxRate",
    failure: { title: "Error", message: "Failed to save the rate." },
    revalidate: ["/admin/payments"],
  },
);
