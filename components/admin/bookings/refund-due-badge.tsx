import { StatusBadge } from "@/components/shared/status-badge";
import { REFUND_DUE_LABEL } from "@/lib/bookings/refund-due";
import { formatMoney } from "@/lib/payments/ledger";

/** 'Refund due $640.00' on a cancelled booking still holding money paid; nothing otherwise. */
export function RefundDueBadge({
  refundDueMinor,
  className,
}: {
  refundDueMinor: number;
  className?: string;
}) {
  if (refundDueMinor <= 0) return null;
  return (
    <StatusBadge tone="bad" status="refund-due" className={className}>
      {`${REFUND_DUE_LABEL} ${formatMoney(refundDueMinor, "USD")}`}
    </StatusBadge>
  );
}
