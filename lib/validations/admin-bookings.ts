/**
 * The Edit dialog's two forms: the same schemas check the browser's
 * form and the server action. Every id and enum is validated; nothing hidden is trusted (the
 * version and the old guide are only compared with the database, never written).
 */
import { z } from "zod";

import { BOOKING_STATUSES, PAYMENT_STATUSES } from "@/lib/domain";
import { isUuid } from "@/lib/ids";

export const PAYMENT_NOTE_MAX = 500;
/** The 'No Guide' choice of the guide selector. */
export const NO_GUIDE = "none";

/** The booking's version: its updated_at in microseconds, sent back to refuse a stale save. */
const version = z.string().regex(/^\d{1,20}$/, "Reload the booking and try again.");
const bookingId = z.string().refine(isUuid, "Unknown booking.");

/** Payment status, payment note and booking status. */
export const bookingPaymentSchema = z.object({
  bookingId,
  version,
  paymentStatus: z.enum(PAYMENT_STATUSES, "Choose a payment status."),
  paymentNote: z
    .string()
    .trim()
    .max(PAYMENT_NOTE_MAX, `At most ${PAYMENT_NOTE_MAX} characters.`)
    .transform((v) => (v === "" ? null : v)),
  bookingStatus: z.enum(BOOKING_STATUSES, "Choose a booking status."),
});
export type BookingPaymentInput = z.output<typeof bookingPaymentSchema>;

const guideChoice = z
  .string()
  .refine((v) => v === NO_GUIDE || isUuid(v), "Choose a guide or No Guide.")
  .transform((v) => (v === NO_GUIDE ? null : v));

/** A manual guide change: the new guide or No Guide, and the guide the dialog showed. */
export const bookingGuideSchema = z.object({
  bookingId,
  version,
  guideId: guideChoice,
  oldGuideId: guideChoice,
});
export type BookingGuideInput = z.output<typeof bookingGuideSchema>;
