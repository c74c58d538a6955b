import { z } from "zod";

import { recordRefundSchema } from "@/lib/bookings/schemas/edit";

/**
 * 'Record refund' (admins): money paid back by cash or bank, or a refund of one completed online
 * payment (`paymentId`), made through the provider or recorded as a manual payout
 * (lib/payments/data/refunds.ts). `paymentId` "by-hand" is a cash or bank refund.
 */
export const REFUND_BY_HAND = "by-hand";
export const refundSchema = recordRefundSchema.extend({
  paymentId: z
    .union([z.literal(REFUND_BY_HAND), z.uuid("Choose a payment to refund.")])
    .default(REFUND_BY_HAND),
});

/** What the refund form says before it asks, so the admin knows what Pesapal allows. */
export const REFUND_RULES =
  "Card payments (Visa, Mastercard) can be refunded through Pesapal in part or in full, once. " +
  "Mobile money payments (MTN, Airtel) can only be refunded through Pesapal in full, once. " +
  "A part refund of a mobile money payment is recorded as a manual payout: Pesapal is not " +
  "asked, and you pay it out yourself.";
