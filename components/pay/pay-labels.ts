import { formatDay } from "@/lib/dates";
import { formatMoney } from "@/lib/payments/ledger";

/**
 * The words of a booking's payments in My Bookings (the list and the details dialog), from the
 * fields lib/bookings/data/owned.ts computes. Plain functions: the server list and the client dialog
 * both use them.
 */

type Payable = {
  totalMinor: number | null;
  paidMinor: number;
  nextDue: { kind: "deposit" | "balance"; amountMinor: number; dueOn: string | null } | null;
};

const usd = (minor: number) => formatMoney(minor, "USD");

/** 'Paid $600.00 of $2,000.00', or null while no total is quoted. */
export function paidOfTotal(booking: Payable): string | null {
  if (booking.totalMinor === null) return null;
  return `Paid ${usd(booking.paidMinor)} of ${usd(booking.totalMinor)}`;
}

/** 'Deposit $600.00 due now', 'Balance $1,400.00 due by Mar 12, 2027', or null. */
export function nextDueText(booking: Payable): string | null {
  const next = booking.nextDue;
  if (!next) return null;
  if (next.kind === "deposit") return `Deposit ${usd(next.amountMinor)} due now`;
  return next.dueOn
    ? `Balance ${usd(next.amountMinor)} due by ${formatDay(next.dueOn)}`
    : `Balance ${usd(next.amountMinor)} due now`;
}
