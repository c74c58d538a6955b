import { PaymentsList } from "@/components/admin/payments/payments-list";
import { PaymentsSummaryCards } from "@/components/admin/payments/payments-summary";
import { UgxRates } from "@/components/admin/payments/ugx-rates";
import type { PaymentsQuery } from "@/lib/payments/list-query";
import { getPaymentsSummary, listPaymentsForStaff } from "@/lib/payments/data/overview";
import { listUgxRates } from "@/lib/payments/data/rates";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

/** One page of the ledger; a failed read is logged and the list shows as empty. */
export async function PaymentsPage({ query }: { query: PaymentsQuery }) {
  const result = await loggedRead("admin payments", () => listPaymentsForStaff(query), emptyPage());
  return <PaymentsList query={query} result={result} />;
}

/** The summary cards; a failed read is logged and the cards show dashes. */
export async function Summary() {
  const summary = await loggedRead("payments summary", () => getPaymentsSummary(), null);
  return <PaymentsSummaryCards summary={summary} />;
}

/** The shilling rate: the current one, the last few set and the form; a failed read is logged. */
export async function Rates() {
  const rates = await loggedRead("ugx rates", () => listUgxRates(), null);
  return <UgxRates rates={rates} />;
}
