import { Badge } from "@/components/ui/badge";
import type { AdminStatusLabel } from "@/lib/admin-bookings";
import { cn } from "@/lib/utils";

const STYLES: Record<AdminStatusLabel, string> = {
  New: "border-transparent bg-sky-100 text-sky-900",
  Pending: "border-transparent bg-amber-100 text-amber-900",
  Processed: "border-transparent bg-violet-100 text-violet-900",
  Confirmed: "border-transparent bg-emerald-100 text-emerald-900",
  Completed: "border-transparent bg-stone-200 text-stone-800",
  Cancelled: "border-transparent bg-red-100 text-red-900",
};

/** The Status column (A33): a status set by staff, else the age-derived label. */
export function AdminStatusBadge({
  status,
  className,
}: {
  status: AdminStatusLabel;
  className?: string;
}) {
  return (
    <Badge variant="outline" data-status={status} className={cn(STYLES[status], className)}>
      {status}
    </Badge>
  );
}
