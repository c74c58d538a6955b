import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import type { AdminStatusLabel } from "@/lib/bookings/list-query";

const TONES: Record<AdminStatusLabel, Tone> = {
  "Awaiting Payment": "waiting",
  "Not Paid": "done",
  New: "new",
  Confirmed: "good",
  Completed: "done",
  Cancelled: "bad",
};

/** The Status column: the booking's status in the words customers see too. */
export function AdminStatusBadge({
  status,
  className,
}: {
  status: AdminStatusLabel;
  className?: string;
}) {
  return (
    <StatusBadge tone={TONES[status]} status={status} className={className}>
      {status}
    </StatusBadge>
  );
}
