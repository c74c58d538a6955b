import Link from "next/link";

import { CardFacts, CardHeader, Cell } from "@/components/admin/list/data-table";
import { ListDates, ListTable, ListToolbar, rowCount } from "@/components/admin/list/list-states";
import { CardTime, TimeHeader } from "@/components/admin/list/row-time";
import { CreditCard } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { ListSelect } from "@/components/lists/list-select";
import { EmptyState } from "@/components/shared/empty-state";
import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import { bookingRef } from "@/lib/bookings/labels";
import { adminBookingsHref } from "@/lib/bookings/list-query";
import {
  isFiltered,
  KIND_LABELS,
  PAYMENTS_PAGE_SIZE,
  type PaymentsQuery,
  paymentsHref,
  PROVIDER_LABELS,
  PROVIDER_OPTIONS,
  type ShownStatus,
  STATUS_LABELS,
  STATUS_OPTIONS,
} from "@/lib/payments/list-query";
import type { PaymentRow } from "@/lib/payments/data/overview";
import type { Page } from "@/lib/list-query";
import { formatMoney } from "@/lib/payments/ledger";
import { cn } from "@/lib/utils";

const COLUMNS = [
  { label: "Date" },
  { label: "Booking" },
  { label: "Kind" },
  { label: "Method" },
  { label: "Amount", end: true },
  { label: "Status" },
  { label: "Reference" },
];

const STATUS_TONES: Record<ShownStatus, Tone> = {
  pending: "waiting",
  completed: "good",
  failed: "bad",
  reversed: "done",
  flagged: "review",
};

/** The status, method and date filters of /admin/payments, in the URL. */
export function PaymentsToolbar() {
  return (
    <ListToolbar className="md:flex-wrap md:[&>*:not(:first-child)]:w-48">
      <ListSelect
        id="payments-status"
        label="Status"
        param="status"
        options={STATUS_OPTIONS}
        className="md:w-48"
      />
      <ListSelect id="payments-method" label="Method" param="provider" options={PROVIDER_OPTIONS} />
      <ListDates idPrefix="payments" />
    </ListToolbar>
  );
}

function Status({ r }: { r: PaymentRow }) {
  return (
    <StatusBadge tone={STATUS_TONES[r.status]} status={r.status}>
      {STATUS_LABELS[r.status]}
    </StatusBadge>
  );
}

/** The booking's reference and lead traveller, a link that opens the booking on Bookings. */
function Booking({ r }: { r: PaymentRow }) {
  return (
    <Link
      href={adminBookingsHref({ edit: r.bookingId })}
      prefetch={false}
      className="grid gap-0.5 underline-offset-4 hover:underline"
    >
      <span className="font-mono text-xs">{bookingRef(r.bookingId)}</span>
      <span className="font-medium break-words">{r.leadName}</span>
    </Link>
  );
}

/** The provider, and the method it reports (MTN Mobile Money, Visa ...) when it differs. */
function Method({ r }: { r: PaymentRow }) {
  const provider = PROVIDER_LABELS[r.provider] ?? r.provider;
  return (
    <span className="grid gap-0.5">
      <span>{r.method ?? provider}</span>
      {r.method && r.method !== provider ? (
        <span className="text-xs text-muted-foreground">{provider}</span>
      ) : null}
    </span>
  );
}

function Amount({ r }: { r: PaymentRow }) {
  return (
    <span
      className={cn(
        "font-semibold whitespace-nowrap tabular-nums",
        r.signedMinor < 0 && "text-red-800",
      )}
    >
      {formatMoney(r.signedMinor, r.currency)}
    </span>
  );
}

/** The merchant reference, the provider's or staff's confirmation code, and why it is flagged. */
function Reference({ r }: { r: PaymentRow }) {
  return (
    <span className="grid gap-0.5">
      <span className="font-mono text-xs break-all">{r.merchantReference}</span>
      {r.confirmationCode ? (
        <span className="font-mono text-xs break-all text-muted-foreground">
          {r.confirmationCode}
        </span>
      ) : null}
      {r.flaggedReason ? (
        <span className="text-xs break-words text-muted-foreground">{r.flaggedReason}</span>
      ) : null}
    </span>
  );
}

/** One page of /admin/payments: the count, the rows, the empty state, the pager. */
export function PaymentsList({
  query,
  result,
}: {
  query: PaymentsQuery;
  result: Page<PaymentRow>;
}) {
  return (
    <ListTable
      count={rowCount(result, "payment", "payments")}
      result={result}
      pages={listPages("Payments pages", "payments", PAYMENTS_PAGE_SIZE)}
      href={(page) => paymentsHref(query, { page })}
      filtered={isFiltered(query)}
      noMatches={{ title: "No payments found", clearHref: paymentsHref({}) }}
      empty={
        <EmptyState icon={CreditCard} title="No payments yet">
          Payments appear here as customers pay online or staff record them.
        </EmptyState>
      }
      caption="Payments, newest first"
      cardsLabel="Payments"
      columns={COLUMNS}
      minWidth="64rem"
      row={(r) => (
        <>
          <TimeHeader at={r.createdAt} />
          <Cell className="max-w-[14rem]">
            <Booking r={r} />
          </Cell>
          <Cell>{KIND_LABELS[r.kind]}</Cell>
          <Cell>
            <Method r={r} />
          </Cell>
          <Cell end>
            <Amount r={r} />
          </Cell>
          <Cell>
            <Status r={r} />
          </Cell>
          <Cell className="max-w-[16rem]">
            <Reference r={r} />
          </Cell>
        </>
      )}
      card={(r) => (
        <>
          <CardHeader
            title={<Amount r={r} />}
            subtitle={<CardTime at={r.createdAt} />}
            aside={<Status r={r} />}
          />
          <CardFacts
            facts={[
              { label: "Booking", value: <Booking r={r} /> },
              { label: "Kind", value: KIND_LABELS[r.kind] },
              { label: "Method", value: <Method r={r} /> },
              { label: "Reference", value: <Reference r={r} />, wide: true },
            ]}
          />
        </>
      )}
    />
  );
}
