/**
 * The rules of the staff Payments screen (/admin/payments), pure: its URL state (status,
 * provider, Kampala days, page), how a ledger row reads (its status with 'Flagged', a refund as
 * money out), and the Kampala month 'Received this month' sums. The page parses with these,
 * lib/payments/data/overview.ts queries, the toolbar and the pager write the URL back.
 */
import { kampalaDayStart } from "@/lib/dates";
import {
  LEDGER_STATUSES,
  type LedgerStatus,
  PAYMENT_PROVIDERS,
  type PaymentKind,
  type PaymentProvider,
} from "@/lib/domain";
import { choiceParam, dayRangeListUrl, type RawParams } from "@/lib/list-query";

export const PAYMENTS_PAGE_SIZE = 25;
export const PAYMENTS_PATH = "/admin/payments";

/* ------------------------------------------------------------------------------------------ */
/* How a row reads                                                                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * A row's status as staff read it: the ledger's, or 'flagged' for a pending row whose provider
 * reported another amount or currency (it waits for staff and never counts).
 */
export type ShownStatus = LedgerStatus | "flagged";
export const SHOWN_STATUSES = [...LEDGER_STATUSES, "flagged"] as const;

export function shownStatus(status: LedgerStatus, flaggedReason: string | null): ShownStatus {
  return status === "pending" && flaggedReason ? "flagged" : status;
}

export const STATUS_LABELS: Record<ShownStatus, string> = {
  pending: "Pending",
  completed: "Completed",
  failed: "Failed",
  reversed: "Reversed",
  flagged: "Flagged",
};

export const KIND_LABELS: Record<PaymentKind, string> = {
  deposit: "Deposit",
  balance: "Balance",
  full: "Payment in full",
  refund: "Refund",
};

export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  pesapal: "Pesapal",
  demo: "Demo checkout",
  cash: "Cash",
  bank: "Bank transfer",
  mobile: "Mobile money",
};

/** The amount as the ledger moves it: a refund is money out, so negative. */
export const signedAmount = (kind: PaymentKind, amountMinor: number) =>
  kind === "refund" ? -amountMinor : amountMinor;

/* ------------------------------------------------------------------------------------------ */
/* The list's URL state                                                                        */
/* ------------------------------------------------------------------------------------------ */

export type PaymentsQuery = {
  /** '' for every status; 'pending' leaves the flagged rows to 'flagged'. */
  status: "" | ShownStatus;
  /** '' for every provider (Pesapal, the demo checkout, cash, bank). */
  provider: "" | PaymentProvider;
  /** The first Kampala day of the row's date ('yyyy-MM-dd'), or ''. */
  from: string;
  /** The last Kampala day, or ''. */
  to: string;
  page: number;
};

const paymentsUrl = dayRangeListUrl(PAYMENTS_PATH, {
  status: choiceParam(["", ...SHOWN_STATUSES], ""),
  provider: choiceParam(["", ...PAYMENT_PROVIDERS], ""),
});

/** The screen's state from URL parameters; anything malformed falls back to its default. */
export const parsePaymentsQuery: (params: RawParams) => PaymentsQuery = paymentsUrl.parse;

/** The URL of a view of the list (defaults left out, so the plain view is a plain path). */
export const paymentsHref = paymentsUrl.href;

export const isFiltered = (q: PaymentsQuery) =>
  q.status !== "" || q.provider !== "" || q.from !== "" || q.to !== "";

export const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...SHOWN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

export const PROVIDER_OPTIONS = [
  { value: "", label: "All methods" },
  ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] })),
];

/* ------------------------------------------------------------------------------------------ */
/* The summary                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * The Kampala month of `today` ('yyyy-MM-dd') as instants: its first moment and the first of the
 * next month's, whatever the server's zone.
 */
export function kampalaMonth(today: string): { start: Date; end: Date } {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { start: kampalaDayStart(`${today.slice(0, 7)}-01`), end: kampalaDayStart(next) };
}

/** '3 bookings', '1 booking', 'No bookings' (how many owe a balance). */
export function owingText(count: number): string {
  if (count === 0) return "No bookings";
  return `${count.toLocaleString("en-US")} ${count === 1 ? "booking" : "bookings"}`;
}
