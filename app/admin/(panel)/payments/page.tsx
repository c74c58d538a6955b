import type { Metadata } from "next";
import { Suspense } from "react";

import { ListSkeleton } from "@/components/admin/list/list-states";
import { PaymentsToolbar } from "@/components/admin/payments/payments-list";
import { Screen } from "@/components/shared/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { parsePaymentsQuery } from "@/lib/payments/list-query";
import { requireStaff } from "@/lib/session";
import type { SearchParams } from "@/lib/list-query";

import { PaymentsPage, Rates, Summary } from "./list";

export const metadata: Metadata = { title: "Payments" };

/**
 * /admin/payments: every row of the payments ledger, newest first, filtered by status, method
 * and Kampala days in the URL, under the month's receipts and the balances still owed. Staff
 * and admins read it; payments are recorded from a booking.
 */
export default async function AdminPaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff();
  const query = parsePaymentsQuery(await searchParams);
  return (
    <Screen
      title="Payments"
      description="Every payment in and out, newest first, and what is still owed. Dates are Kampala dates; sums in US dollars."
    >
      <Suspense
        fallback={
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 rounded-2xl" />
            ))}
          </div>
        }
      >
        <Summary />
      </Suspense>
      <Suspense fallback={<Skeleton className="h-48 rounded-2xl" />}>
        <Rates />
      </Suspense>
      <PaymentsToolbar />
      <Suspense
        key={`${query.status}|${query.provider}|${query.from}|${query.to}|${query.page}`}
        fallback={<ListSkeleton label="Loading payments" rows={6} />}
      >
        <PaymentsPage query={query} />
      </Suspense>
    </Screen>
  );
}
