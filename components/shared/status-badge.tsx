import type { ReactNode } from "react";

import { CreditCard } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import type { PaymentStatus } from "@/lib/domain";
import { cn } from "@/lib/utils";

/** The colours a status can take, the same on every screen. */
const TONES = {
  new: "border-transparent bg-sky-100 text-sky-900",
  waiting: "border-transparent bg-amber-100 text-amber-900",
  review: "border-transparent bg-violet-100 text-violet-900",
  good: "border-transparent bg-emerald-100 text-emerald-900",
  done: "border-transparent bg-stone-200 text-stone-800",
  bad: "border-transparent bg-red-100 text-red-900",
} as const;

export type Tone = keyof typeof TONES;

/** A status as a coloured badge; `data-status` lets tests and styles find the status. */
export function StatusBadge({
  tone,
  status,
  className,
  children,
}: {
  tone: Tone;
  status?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Badge variant="outline" data-status={status} className={cn(TONES[tone], className)}>
      {children}
    </Badge>
  );
}

const PAYMENT_STYLES: Record<PaymentStatus, string> = {
  Paid: "border-transparent bg-green-700 text-white",
  "Deposit Made": "border-blue-600 bg-transparent text-blue-800",
  Pending: "border-transparent bg-muted text-foreground",
  Cancelled: TONES.bad,
  Refunded: TONES.done,
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
