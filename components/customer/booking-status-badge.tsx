import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import type { CustomerStatusLabel } from "@/lib/bookings/customer-labels";

const BOOKING_TONES: Record<CustomerStatusLabel, Tone> = {
  "Awaiting Payment": "waiting",
  "Not Paid": "done",
  New: "new",
  Processing: "waiting",
  Pending: "waiting",
  Confirmed: "good",
  Completed: "done",
  Cancelled: "bad",
};

/** The booking status as the customer sees it: staff statuses as set, else the derived labels. */
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
