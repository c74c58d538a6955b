/**
 * A cancelled booking: what it owes back, and whether staff can book it again.
 *
 * Money owed back: a booking called off (cancelled by staff, by a cancelled departure or a lapsed
 * option, or its payment cancelled) that still holds money paid, net of refunds already made.
 * Pure: the staff list and the Edit dialog both read it from the booking's net paid (paid_minor).
 */
import type { BookingStatus, PaymentStatus } from "@/lib/domain";

export type RefundDueInput = {
  bookingStatus: BookingStatus | null;
  paymentStatus: PaymentStatus;
  /** Completed payments less completed refunds, in US cents. */
  paidMinor: number;
};

/** The US cents owed back (0 when nothing is: a live booking, or nothing left paid). */
export function refundDueMinor(booking: RefundDueInput): number {
  const calledOff = booking.bookingStatus === "cancelled" || booking.paymentStatus === "Cancelled";
  return calledOff && booking.paidMinor > 0 ? booking.paidMinor : 0;
}

/** The badge of a booking owing money back: 'Refund due $640.00'. */
export const REFUND_DUE_LABEL = "Refund due";

/**
 * A cancelled booking that can be booked again on a date of its tour: cancelled by staff, a
 * cancelled departure or a lapsed option, its payment neither cancelled nor refunded (the money
 * paid still counts towards it).
 */
export function canRebook(b: { bookingStatus: string | null; paymentStatus: string }): boolean {
  return (
    b.bookingStatus === "cancelled" &&
    b.paymentStatus !== "Cancelled" &&
    b.paymentStatus !== "Refunded"
  );
}
