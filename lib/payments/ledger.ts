import { todayInKampala } from "@/lib/dates";
import type { LedgerStatus, PaymentKind } from "@/lib/domain";

/**
 * The payment ledger's arithmetic, in one place: what a booking's payment status is and what is
 * still due, both derived from its ledger rows (table `payments`) against its quoted total. Pure:
 * the DAL (lib/payments/data/ledger.ts) reads the rows and writes what these answer. The deposit's share
 * is the booking's own (kept on it when staff confirmed it), so callers pass it in.
 *
 * Only completed rows count. A refund is a positive amount whose kind says the money went out.
 * A row flagged for a wrong amount stays pending, so it never counts. Every amount is in the
 * booking's currency: a payment made in shillings comes here as the US cents it settled
 * (lib/payments/data/counted.ts), never converted back at a rate.
 */

export type LedgerRow = { kind: PaymentKind; amountMinor: number; status: LedgerStatus };

/** The payment statuses the ledger can derive (never 'Cancelled', which staff set). */
export type DerivedPaymentStatus = "Pending" | "Deposit Made" | "Paid" | "Refunded";

/** Money in, money refunded and what is left, in minor units, of the completed rows. */
export function ledgerSums(rows: readonly LedgerRow[]): {
  inMinor: number;
  refundedMinor: number;
  paidMinor: number;
} {
  let inMinor = 0;
  let refundedMinor = 0;
  for (const row of rows) {
    if (row.status !== "completed") continue;
    if (row.kind === "refund") refundedMinor += row.amountMinor;
    else inMinor += row.amountMinor;
  }
  return { inMinor, refundedMinor, paidMinor: Math.max(0, inMinor - refundedMinor) };
}

/**
 * The booking's payment status from its ledger: nothing paid is Pending; the total (or more)
 * paid is Paid; less is Deposit Made (also while no total is quoted yet); everything paid
 * refunded is Refunded.
 */
export function derivePaymentStatus(
  totalMinor: number | null,
  rows: readonly LedgerRow[],
): DerivedPaymentStatus {
  const { inMinor, paidMinor } = ledgerSums(rows);
  if (paidMinor <= 0) return inMinor > 0 ? "Refunded" : "Pending";
  if (totalMinor !== null && paidMinor >= totalMinor) return "Paid";
  return "Deposit Made";
}

export type AmountsDue = {
  /** Net paid (money in less refunds). */
  paidMinor: number;
  /** The share of the total asked as a deposit, in percent (the one the caller passed). */
  depositPercent: number;
  /** The deposit asked: depositPercent of the total, rounded up to a whole minor unit. */
  depositMinor: number;
  /** What remains of the deposit (0 once it is covered). */
  depositDue: number;
  /** What remains to the total. */
  balanceMinor: number;
  /** The day the balance is due, as the booking has it. */
  balanceDueOn: string | null;
  /** The balance's due day has come (today or earlier): everything left is asked at once. */
  balanceDueNow: boolean;
  /**
   * What the customer pays next: the deposit until it is covered (unless the balance is already
   * due, then everything left), then the balance; null when nothing is due or no total is quoted.
   */
  nextDue: "deposit" | "balance" | null;
};

/**
 * What is paid and what is due of a booking (`depositPercent`: the booking's share; `today`:
 * 'yyyy-MM-dd', for the balance's due day).
 */
export function amountsDue(
  totalMinor: number | null,
  depositPercent: number,
  rows: readonly LedgerRow[],
  balanceDueOn: string | null,
  today: string = todayInKampala(),
): AmountsDue {
  const { paidMinor } = ledgerSums(rows);
  if (totalMinor === null || totalMinor <= 0) {
    return {
      paidMinor,
      depositPercent,
      depositMinor: 0,
      depositDue: 0,
      balanceMinor: 0,
      balanceDueOn,
      balanceDueNow: false,
      nextDue: null,
    };
  }
  const depositMinor = Math.ceil((totalMinor * depositPercent) / 100);
  const depositDue = Math.max(0, depositMinor - paidMinor);
  const balanceMinor = Math.max(0, totalMinor - paidMinor);
  const balanceDueNow = balanceMinor > 0 && balanceDueOn !== null && today >= balanceDueOn;
  const nextDue =
    balanceMinor === 0 ? null : depositDue > 0 && !balanceDueNow ? "deposit" : "balance";
  return {
    paidMinor,
    depositPercent,
    depositMinor,
    depositDue,
    balanceMinor,
    balanceDueOn,
    balanceDueNow,
    nextDue,
  };
}

/** Minor units per major unit: US cents; the shilling has none. */
const MINOR_DIGITS: Record<string, number> = { USD: 2, UGX: 0 };

/** An amount for people: '$1,234.50' (US dollars), 'UGX 350,000' (shillings), 'EUR 12.00'. */
export function formatMoney(minor: number, currency: string): string {
  const digits = MINOR_DIGITS[currency] ?? 2;
  const sign = minor < 0 ? "-" : "";
  const major = Math.abs(minor) / 10 ** digits;
  const number = major.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return currency === "USD" ? `${sign}$${number}` : `${sign}${currency} ${number}`;
}
