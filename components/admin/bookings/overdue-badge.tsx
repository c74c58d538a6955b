import { StatusBadge } from "@/components/shared/status-badge";
import { overdueLabel } from "@/lib/bookings/list-query";
import { todayInKampala } from "@/lib/dates";
import type { OverdueInput } from "@/lib/payments/overdue";

/** 'Overdue 5 days' on a booking whose balance is past its due day; nothing otherwise. */
export function OverdueBadge({
  booking,
  today = todayInKampala(),
  className,
}: {
  booking: OverdueInput;
  today?: string;
  className?: string;
}) {
  const label = overdueLabel(booking, today);
  if (!label) return null;
  return (
    <StatusBadge tone="bad" status="overdue" className={className}>
      {label}
    </StatusBadge>
  );
}
