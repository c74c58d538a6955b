import type { BookingStatus, PaymentStatus } from "@/lib/domain";

/**
 * When a booking's balance is overdue: the trip is still on (not cancelled, its payment not
 * cancelled or refunded), it is not paid in full, and its balance's due day has passed in
 * Kampala (the due day itself is still on time). Pure: the admin's lists pass a row and today.
 *
 * 'Paid' is the ledger's own verdict (lib/payments/ledger.ts derivePaymentStatus: paid at least
 * the total), so a booking that is not Paid still owes something once it has a total.
 */
export type OverdueInput = {
  bookingStatus: BookingStatus | null;
  paymentStatus: PaymentStatus;
  /** 'yyyy-MM-dd', or null while no total (and so no due day) is set. */
  balanceDueOn: string | null;
};

export function isOverdue(booking: OverdueInput, today: string): boolean {
  if (booking.balanceDueOn === null) return false;
  if (booking.bookingStatus === "cancelled" || booking.bookingStatus === "new") return false;
  if (["Paid", "Cancelled", "Refunded"].includes(booking.paymentStatus)) return false;
  return today > booking.balanceDueOn;
}

/** Whole days past the due day (0 when not overdue). */
export function daysOverdue(booking: OverdueInput, today: string): number {
  if (!isOverdue(booking, today)) return 0;
  return Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${booking.balanceDueOn}T00:00:00Z`)) /
      86_400_000,
  );
}
