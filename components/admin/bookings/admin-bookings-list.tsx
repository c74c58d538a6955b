import Link from "next/link";

import {
  CardFacts,
  CardHeader,
  Cell,
  RowHeader,
  STICKY_END_CELL,
} from "@/components/admin/list/data-table";
import { ListSkeleton, ListTable, ListToolbar } from "@/components/admin/list/list-states";
import { SearchX, UserRound } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { ListSearch } from "@/components/lists/list-search";
import { ListSelect } from "@/components/lists/list-select";
import { EmptyState } from "@/components/shared/empty-state";
import { PaymentBadge } from "@/components/shared/status-badge";
import { Button } from "@/components/ui/button";
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type AdminBookingQuery,
  adminBookingsHref,
  ALL_TOURS_LABEL,
  BALANCE_FILTER_LABELS,
  BALANCE_FILTERS,
  DATE_RANGE_LABELS,
  DATE_RANGES,
  isFiltered,
  totalLabel,
} from "@/lib/bookings/list-query";
import type { AdminBookingPage, AdminBookingRow } from "@/lib/bookings/data/manage";
import { formatDay, todayInKampala } from "@/lib/dates";
import { cn } from "@/lib/utils";

import { AdminStatusBadge } from "./admin-status-badge";
import { OverdueBadge } from "./overdue-badge";
import { RefundDueBadge } from "./refund-due-badge";

const COLUMNS = [
  { label: "Status" },
  { label: "Name" },
  { label: "Email" },
  { label: "Tour Package" },
  { label: "Payment" },
  { label: "Guide" },
  { label: "Departure Date" },
  { label: "Group Size", end: true },
  // At 1280 px the nine columns are wider than the screen: Edit stays in view.
  { label: "Actions", end: true, sticky: true },
];

/** The date and balance filters, 'all' when not set. */
const FILTERS = [
  {
    id: "admin-bookings-range",
    label: "Booked",
    param: "range",
    options: DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] })),
  },
  {
    id: "admin-bookings-balance",
    label: "Balance",
    param: "balance",
    options: BALANCE_FILTERS.map((value) => ({ value, label: BALANCE_FILTER_LABELS[value] })),
  },
];

/**
 * Search (name, email, tour), tour filter, date filter and balance filter of /admin/bookings, in
 * the URL. Any change goes back to page 1 and closes an open Edit dialog.
 */
/** A reseller's booking: the reseller that sold it and its reference. */
function Channel({ channel }: { channel: string }) {
  return <span className="block truncate text-xs">Reseller: {channel}</span>;
}

export function AdminBookingsToolbar({ tour, tours }: { tour: string; tours: string[] }) {
  // A bookmarked tour no booking has any more still shows as chosen.
  const names = tour && !tours.includes(tour) ? [tour, ...tours] : tours;
  return (
    // Four controls: on a narrow screen the filters wrap under the search rather than squeeze it.
    <ListToolbar className="md:flex-wrap">
      <ListSearch
        id="admin-bookings-search"
        label="Search"
        showLabel
        placeholder="Search by name, email or tour"
        className="md:min-w-72"
        resetKeys={["edit"]}
      />
      <ListSelect
        id="admin-bookings-tour"
        label="Tour package"
        param="tour"
        options={[
          { value: "", label: ALL_TOURS_LABEL },
          ...names.map((t) => ({ value: t, label: t })),
        ]}
        resetKeys={["edit"]}
      />
      {FILTERS.map((filter) => (
        <ListSelect key={filter.id} {...filter} defaultValue="all" resetKeys={["edit"]} />
      ))}
    </ListToolbar>
  );
}

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
      <Link href={adminBookingsHref(query, { edit: booking.id })} scroll={false} prefetch={false}>
        Edit<span className="sr-only"> booking of {booking.fullName}</span>
      </Link>
    </Button>
  );
}

/** One page of /admin/bookings: the count, the rows, the empty state and the pager. */
export function AdminBookingsList({
  query,
  result,
}: {
  query: AdminBookingQuery;
  result: AdminBookingPage;
}) {
  const today = todayInKampala();
  return (
    <ListTable
      count={totalLabel(result.total)}
      result={result}
      pages={listPages("Bookings pages", "bookings", ADMIN_BOOKINGS_PAGE_SIZE)}
      href={(page) => adminBookingsHref(query, { page, edit: null })}
      filtered={isFiltered(query)}
      noMatches={{
        title: "No bookings found",
        clearHref: adminBookingsHref({}),
        message: "Try another search or clear the filters.",
      }}
      empty={
        <EmptyState icon={SearchX} title="No bookings found">
          Booking requests appear here as they arrive.
        </EmptyState>
      }
      caption="Bookings, newest first"
      columns={COLUMNS}
      minWidth="64rem"
      row={(b) => (
        <>
          <Cell>
            <span className="flex flex-wrap gap-1">
              <AdminStatusBadge status={b.status} />
              <OverdueBadge booking={b} today={today} />
              <RefundDueBadge refundDueMinor={b.refundDueMinor} />
            </span>
          </Cell>
          <RowHeader className="whitespace-nowrap">{b.fullName}</RowHeader>
          <Cell className="max-w-[14rem] truncate text-muted-foreground">
            <span title={b.email}>{b.email}</span>
            {b.channel ? <Channel channel={b.channel} /> : null}
          </Cell>
          <Cell className="max-w-[18rem] min-w-[13rem]">{b.tourPackage}</Cell>
          <Cell>
            <PaymentBadge status={b.paymentStatus} />
          </Cell>
          <Cell className="whitespace-nowrap">
            <GuideName name={b.guideName} />
          </Cell>
          <Cell className="whitespace-nowrap tabular-nums">{departure(b)}</Cell>
          <Cell end className="tabular-nums">
            {b.groupSize}
          </Cell>
          <Cell end className={STICKY_END_CELL}>
            <EditLink query={query} booking={b} />
          </Cell>
        </>
      )}
      card={(b) => (
        <>
          <CardHeader
            title={b.fullName}
            subtitle={
              <>
                <span className="block truncate">{b.email}</span>
                {b.channel ? <Channel channel={b.channel} /> : null}
              </>
            }
            aside={<AdminStatusBadge status={b.status} />}
          />
          {/* Under the name, not beside it: two badges beside a name overflow a phone. */}
          <OverdueBadge booking={b} today={today} className="w-fit" />
          <RefundDueBadge refundDueMinor={b.refundDueMinor} className="w-fit" />
          <p className="text-sm font-medium break-words">{b.tourPackage}</p>
          <CardFacts
            facts={[
              {
                label: "Departure Date",
                value: <span className="tabular-nums">{departure(b)}</span>,
              },
              {
                label: "Group Size",
                value: <span className="tabular-nums">{b.groupSize}</span>,
              },
              { label: "Guide", value: <GuideName name={b.guideName} /> },
              { label: "Payment", value: <PaymentBadge status={b.paymentStatus} /> },
            ]}
          />
          <EditLink query={query} booking={b} className="mt-1 w-full" />
        </>
      )}
    />
  );
}

export function AdminBookingsListSkeleton() {
  return <ListSkeleton label="Loading bookings" />;
}
