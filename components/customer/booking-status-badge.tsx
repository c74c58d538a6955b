import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import type { CustomerStatusLabel } from "@/lib/bookings/customer-labels";

const BOOKING_TONES: Record<CustomerStatusLabel, Tone> = {
  "Awaiting Payment": "waiting",
  "Not Paid": "done",
  New: "new",
  Confirmed: "good",
  Completed: "done",
  Cancelled: "bad",
};

/** The booking status as the customer sees it, in the words staff see too. */
export function BookingStatusBadge({
  status,
  className,
}: {
  status: CustomerStatusLabel;
  className?: string;
}) {
  return (
    <StatusBadge tone={BOOKING_TONES[status]} className={className}>
      {status}
    </StatusBadge>
  );
}
