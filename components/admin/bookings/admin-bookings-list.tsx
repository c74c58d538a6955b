import Link from "next/link";
import { formatDay } from "@/lib/dates";

import { ChevronLeft, ChevronRight, SearchX, UserRound } from "@/components/icons";
import { PaymentBadge } from "@/components/shared/status-badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import {
  type AdminBookingQuery,
  adminBookingsHref,
  isFiltered,
  pageSummary,
  totalLabel,
} from "@/lib/admin-bookings";
import type { AdminBookingPage, AdminBookingRow } from "@/lib/dal/admin-bookings";
import { cn } from "@/lib/utils";

import { AdminStatusBadge } from "./admin-status-badge";

const COLUMNS = [
  "Status",
  "Name",
  "Email",
  "Tour Package",
  "Payment",
  "Guide",
  "Departure Date",
  "Group Size",
  "Actions",
] as const;

const departure = (b: AdminBookingRow) => (b.departureDate ? formatDay(b.departureDate) : "TBD");

function GuideName({ name }: { name: string | null }) {
  return name ? (
    <span className="inline-flex items-center gap-1.5">
      <UserRound className="size-3.5 shrink-0 text-forest" aria-hidden="true" />
      {name}
    </span>
  ) : (
    <span className="text-muted-foreground">Not assigned</span>
  );
}

function EditLink({
  query,
  booking,
  className,
}: {
  query: AdminBookingQuery;
  booking: AdminBookingRow;
  className?: string;
}) {
  return (
    <Button asChild variant="outline" size="sm" className={cn("bg-card", className)}>
      <Link href={adminBookingsHref(query, { edit: booking.id })} scroll={false}>
        Edit<span className="sr-only"> booking of {booking.fullName}</span>
      </Link>
    </Button>
  );
}

/**
 * One page of /admin/bookings (A29-A45): the count, a table from 768 px (cards below it), the
 * empty state and the pager.
 */
export function AdminBookingsList({
  query,
  result,
}: {
  query: AdminBookingQuery;
  result: AdminBookingPage;
}) {
  const summary = pageSummary(result.page, result.items.length, result.total);
  const filtered = isFiltered(query);

  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm font-medium text-muted-foreground" role="status">
        {totalLabel(result.total)}
      </p>

      {result.items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-border bg-card p-10 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="font-display text-lg font-bold text-forest-deep">No bookings found</h2>
          {filtered ? (
            <>
              <p className="text-sm text-muted-foreground">
                Try another search or clear the filters.
              </p>
              <Button asChild variant="outline" className="bg-card">
                <Link href={adminBookingsHref({})}>Clear filters</Link>
              </Button>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              Booking requests appear here as they arrive.
            </p>
          )}
        </div>
      ) : (
        <>
          <div className="relative hidden overflow-x-auto rounded-2xl border border-border/70 bg-card shadow-sm md:block">
            <table className="w-full min-w-[64rem] text-left text-sm">
              <caption className="sr-only">Bookings, newest first</caption>
              <thead className="border-b border-border bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
                <tr>
                  {COLUMNS.map((c) => (
                    <th
                      key={c}
                      scope="col"
                      className={cn(
                        "px-4 py-3 font-semibold whitespace-nowrap",
                        c === "Actions" && "text-right",
                        c === "Group Size" && "text-right",
                      )}
                    >
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border/70">
                {result.items.map((b) => (
                  <tr key={b.id} className="align-middle transition-colors hover:bg-muted/30">
                    <td className="px-4 py-3">
                      <AdminStatusBadge status={b.status} />
                    </td>
                    <th
                      scope="row"
                      className="px-4 py-3 font-semibold whitespace-nowrap text-forest-deep"
                    >
                      {b.fullName}
                    </th>
                    <td
                      className="max-w-[14rem] truncate px-4 py-3 text-muted-foreground"
                      title={b.email}
                    >
                      {b.email}
                    </td>
                    <td className="max-w-[18rem] min-w-[13rem] px-4 py-3">{b.tourPackage}</td>
                    <td className="px-4 py-3">
                      <PaymentBadge status={b.paymentStatus} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <GuideName name={b.guideName} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap tabular-nums">{departure(b)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{b.groupSize}</td>
                    <td className="px-4 py-3 text-right">
                      <EditLink query={query} booking={b} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Bookings, newest first">
            {result.items.map((b) => (
              <li key={b.id} className="rounded-2xl border border-border/70 bg-card p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words text-forest-deep">{b.fullName}</h2>
                    <p className="truncate text-sm text-muted-foreground">{b.email}</p>
                  </div>
                  <AdminStatusBadge status={b.status} className="shrink-0" />
                </div>
                <p className="mt-3 text-sm font-medium break-words">{b.tourPackage}</p>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <div>
                    <dt className="text-xs text-muted-foreground">Departure Date</dt>
                    <dd className="tabular-nums">{departure(b)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Group Size</dt>
                    <dd className="tabular-nums">{b.groupSize}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Guide</dt>
                    <dd>
                      <GuideName name={b.guideName} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Payment</dt>
                    <dd>
                      <PaymentBadge status={b.paymentStatus} />
                    </dd>
                  </div>
                </dl>
                <EditLink query={query} booking={b} className="mt-4 w-full" />
              </li>
            ))}
          </ul>
        </>
      )}

      {summary.pager ? (
        <nav
          aria-label="Bookings pages"
          className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
        >
          <p className="text-sm text-muted-foreground">{summary.showing}</p>
          <div className="flex items-center gap-2">
            <PagerLink
              query={query}
              page={result.page - 1}
              disabled={result.page <= 1}
              direction="previous"
            />
            <p className="px-2 text-sm font-medium whitespace-nowrap">{summary.pageOf}</p>
            <PagerLink
              query={query}
              page={result.page + 1}
              disabled={result.page >= summary.pageCount}
              direction="next"
            />
          </div>
        </nav>
      ) : result.total > 0 ? (
        <p className="text-sm text-muted-foreground">{summary.showing}</p>
      ) : null}
    </div>
  );
}

function PagerLink({
  query,
  page,
  disabled,
  direction,
}: {
  query: AdminBookingQuery;
  page: number;
  disabled: boolean;
  direction: "previous" | "next";
}) {
  const content =
    direction === "previous" ? (
      <>
        <ChevronLeft aria-hidden="true" />
        Previous
      </>
    ) : (
      <>
        Next
        <ChevronRight aria-hidden="true" />
      </>
    );
  if (disabled) {
    return (
      <Button variant="outline" size="sm" disabled className="bg-card">
        {content}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm" className="bg-card">
      <Link href={adminBookingsHref(query, { page, edit: null })} scroll={false}>
        {content}
      </Link>
    </Button>
  );
}

export function AdminBookingsListSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4" aria-busy="true" aria-label="Loading bookings">
      <Skeleton className="h-5 w-36" />
      <div className="grid gap-2 rounded-2xl border border-border/70 bg-card p-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 rounded-lg" />
        ))}
      </div>
    </div>
  );
}
