import { CreditCard } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import type { PaymentStatus } from "@/lib/domain";
import type { CustomerStatusLabel } from "@/lib/customer";
import { cn } from "@/lib/utils";

const STATUS_STYLES: Record<CustomerStatusLabel, string> = {
  New: "border-transparent bg-sky-100 text-sky-900",
  Processing: "border-transparent bg-amber-100 text-amber-900",
  Pending: "border-transparent bg-amber-100 text-amber-900",
  Confirmed: "border-transparent bg-emerald-100 text-emerald-900",
  Completed: "border-transparent bg-stone-200 text-stone-800",
  Cancelled: "border-transparent bg-red-100 text-red-900",
};

/** The booking status: one set by staff as is, otherwise the derived label (docs/decisions/0008). */
export function BookingStatusBadge({
  status,
  className,
}: {
  status: CustomerStatusLabel;
  className?: string;
}) {
  return (
    <Badge variant="outline" className={cn(STATUS_STYLES[status], className)}>
      {status}
    </Badge>
  );
}

const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  Paid: "border-transparent bg-green-700 text-white",
  "Deposit Made": "border-blue-600 bg-transparent text-blue-800",
  Pending: "border-transparent bg-muted text-foreground",
  Cancelled: "border-transparent bg-red-100 text-red-900",
  Refunded: "border-transparent bg-stone-200 text-stone-800",
};

/** Payment: Paid green, Deposit Made blue outline. */
export function PaymentBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-payment={status}
      className={cn(PAYMENT_STYLES[status], className)}
    >
      <CreditCard aria-hidden="true" />
      <span className="sr-only">Payment: </span>
      {status}
    </Badge>
  );
}
