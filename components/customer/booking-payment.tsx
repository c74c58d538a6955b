import { CreditCard } from "@/components/icons";
import { nextDueText, paidOfTotal } from "@/components/pay/pay-labels";
import { Button } from "@/components/ui/button";
import { bookingRef } from "@/lib/bookings/labels";
import type { CustomerBooking } from "@/lib/bookings/data/owned";

/**
 * A booking's money on its card in My Bookings and the dashboard, once a total is quoted: how much
 * of it is paid (in words and as a bar), what is due next and by when, and Pay beside it while
 * something is due.
 */
export function BookingPayment({
  booking,
}: {
  booking: Pick<CustomerBooking, "id" | "totalMinor" | "paidMinor" | "nextDue" | "payUrl">;
}) {
  const paidOf = paidOfTotal(booking);
  if (paidOf === null || booking.totalMinor === null) return null;
  const next = nextDueText(booking);
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-xl bg-muted/60 p-3 sm:flex-row sm:items-center sm:gap-6 sm:p-4">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-foreground tabular-nums">{paidOf}</p>
        {/* The words above say it; the bar is for the eye. */}
        <progress
          aria-hidden="true"
          max={booking.totalMinor}
          value={Math.min(booking.paidMinor, booking.totalMinor)}
          className="mt-2 block h-1.5 w-full appearance-none overflow-hidden rounded-full bg-border [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-border [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-primary"
        />
        {next ? <p className="mt-2 text-sm text-muted-foreground tabular-nums">{next}</p> : null}
      </div>
      {booking.payUrl ? (
        <Button asChild className="w-full sm:w-auto">
          <a href={booking.payUrl} aria-label={`Pay for booking ${bookingRef(booking.id)}`}>
            <CreditCard aria-hidden="true" />
            Pay
          </a>
        </Button>
      ) : null}
    </div>
  );
}
