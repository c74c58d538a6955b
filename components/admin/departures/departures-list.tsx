import Link from "next/link";

import { CardFacts, CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable, ListToolbar, rowCount } from "@/components/admin/list/list-states";
import { CalendarDays } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { ListSelect } from "@/components/lists/list-select";
import { EmptyState } from "@/components/shared/empty-state";
import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import {
  bookingsText,
  DEPARTURES_PAGE_SIZE,
  DEPARTURES_PATH,
  type DeparturesQuery,
  departuresHref,
  isFiltered,
  monthOptions,
  seatsText,
  STATUS_LABELS,
  STATUS_OPTIONS,
} from "@/lib/departures/list-query";
import type { DepartureChoices, DepartureRow } from "@/lib/departures/data/manage";
import { departureRange } from "@/lib/departures/rules";
import type { DepartureStatus } from "@/lib/domain";
import type { Page } from "@/lib/list-query";

import { AddDeparturesDialog } from "./add-departures-dialog";
import { staffHoldsText } from "@/lib/departures/schemas/staff-hold";

import { CancelDepartureDialog, SalesButton } from "./departure-actions";
import { EditDepartureDialog } from "./edit-departure-dialog";
import { HoldSeatsDialog } from "./hold-seats-dialog";
import { SeatsBar } from "./seats-bar";

const COLUMNS = [
  { label: "Dates" },
  { label: "Tour" },
  { label: "Seats" },
  { label: "Bookings" },
  { label: "Guide" },
  { label: "Status" },
  { label: "Actions", end: true },
];

const STATUS_TONES: Record<DepartureStatus, Tone> = {
  open: "good",
  closed: "waiting",
  cancelled: "bad",
};

/** The tour, month and status filters of /admin/departures, in the URL. */
export function DeparturesToolbar({ choices }: { choices: DepartureChoices }) {
  return (
    <ListToolbar className="md:[&>*:not(:first-child)]:w-48">
      <ListSelect
        id="departures-tour"
        label="Tour"
        param="tour"
        options={[
          { value: "", label: "All tours" },
          ...choices.tours.map((t) => ({ value: t.id, label: t.title })),
        ]}
        className="flex-1"
      />
      <ListSelect
        id="departures-month"
        label="Month"
        param="month"
        options={monthOptions(choices.months)}
      />
      <ListSelect id="departures-status" label="Status" param="status" options={STATUS_OPTIONS} />
    </ListToolbar>
  );
}

/** The header's Add Departures, for the active tours. */
export function AddDepartures({ choices }: { choices: DepartureChoices }) {
  return (
    <AddDeparturesDialog tours={choices.tours.filter((t) => t.isActive)} guides={choices.guides} />
  );
}

/** Status, then 'Guaranteed' (minimum group reached) and 'Full' (no seat free) where they hold. */
function Status({ d }: { d: DepartureRow }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <StatusBadge tone={STATUS_TONES[d.status]} status={d.status}>
        {STATUS_LABELS[d.status]}
      </StatusBadge>
      {d.status !== "cancelled" && d.guaranteed ? (
        <StatusBadge tone="good" status="guaranteed">
          Guaranteed
        </StatusBadge>
      ) : null}
      {d.status !== "cancelled" && d.free === 0 ? (
        <StatusBadge tone="done" status="full">
          Full
        </StatusBadge>
      ) : null}
    </span>
  );
}

/**
 * Sold, held and free of the capacity (free as sold: never more than the permits left), the
 * permits left for a permit tour's trek day, and the seats staff hold unpaid among those sold
 * (they go back on sale at their option date); a cancelled date has none.
 */
function Seats({ d }: { d: DepartureRow }) {
  if (d.status === "cancelled") return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid gap-1 pt-1">
      <SeatsBar taken={d.sold} held={d.held} capacity={d.capacity} />
      <span className="text-xs whitespace-nowrap tabular-nums">{seatsText(d)}</span>
      {d.permitsLeft !== null ? (
        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          {d.permitsLeft === 1 ? "1 permit left" : `${d.permitsLeft} permits left`} for the trek day
        </span>
      ) : null}
      {d.staffHoldSeats > 0 ? (
        <span className="text-xs whitespace-nowrap text-terracotta-text">
          {staffHoldsText(d.staffHoldSeats)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The date range, a link to the departure's manifest (its travellers, CSV and day sheet). Not
 * prefetched: each prefetch would render a manifest for every row of the page.
 */
function Dates({ d }: { d: DepartureRow }) {
  return (
    <Link
      href={`${DEPARTURES_PATH}/${d.id}`}
      prefetch={false}
      className="underline-offset-4 hover:underline"
    >
      {departureRange(d.startDate, d.endDate)}
    </Link>
  );
}

const labelOf = (d: DepartureRow) => `${d.tourTitle}, ${departureRange(d.startDate, d.endDate)}`;

function Actions({ d, choices }: { d: DepartureRow; choices: DepartureChoices }) {
  if (d.status === "cancelled") {
    return d.cancelReason ? (
      <span className="text-xs break-words text-muted-foreground">{d.cancelReason}</span>
    ) : null;
  }
  const label = labelOf(d);
  const tiers = choices.tours.find((t) => t.id === d.tourId)?.tiers ?? [];
  return (
    // From 1024 px the four buttons sit on one line, small, so a row stays two lines tall and a
    // laptop shows more than five dates at once; on a phone's card they keep their full size.
    <span className="inline-flex flex-wrap justify-end gap-2 lg:flex-nowrap lg:gap-1 lg:[&_button]:h-7 lg:[&_button]:gap-1 lg:[&_button]:px-2 lg:[&_button]:text-xs lg:[&_svg]:size-3.5">
      <EditDepartureDialog departure={{ ...d, label }} tiers={tiers} guides={choices.guides} />
      {d.status === "open" && d.free > 0 ? (
        <HoldSeatsDialog
          departure={{ id: d.id, label, free: d.free }}
          heldUntil={choices.heldUntil}
        />
      ) : null}
      <SalesButton id={d.id} label={label} open={d.status === "open"} />
      <CancelDepartureDialog id={d.id} label={label} bookings={d.bookings} />
    </span>
  );
}

const guide = (d: DepartureRow) =>
  d.guideName ?? <span className="text-muted-foreground">No guide</span>;

/** One page of /admin/departures: the count, the rows, the empty state, the pager. */
export function DeparturesList({
  query,
  result,
  choices,
}: {
  query: DeparturesQuery;
  result: Page<DepartureRow>;
  choices: DepartureChoices;
}) {
  return (
    <ListTable
      count={rowCount(result, "departure", "departures")}
      result={result}
      pages={listPages("Departures pages", "departures", DEPARTURES_PAGE_SIZE)}
      href={(page) => departuresHref(query, { page })}
      filtered={isFiltered(query)}
      noMatches={{ title: "No departures found", clearHref: departuresHref({}) }}
      empty={
        <EmptyState
          icon={CalendarDays}
          title="No departures yet"
          action={<AddDepartures choices={choices} />}
        >
          Add a departure or a weekly series to start selling dates.
        </EmptyState>
      }
      caption="Departures, by start date"
      cardsLabel="Departures"
      columns={COLUMNS}
      minWidth="60rem"
      // Compact rows (two lines at most, the actions on one): a laptop shows more than five.
      row={(d) => (
        <>
          <RowHeader className="min-w-[7rem] px-2 py-2 align-top">
            <Dates d={d} />
          </RowHeader>
          <Cell className="max-w-[12rem] px-2 py-2 align-top">
            <span className="line-clamp-2" title={d.tourTitle}>
              {d.tourTitle}
            </span>
          </Cell>
          <Cell className="px-2 py-2 align-top">
            <Seats d={d} />
          </Cell>
          <Cell className="px-2 py-2 align-top whitespace-nowrap">{bookingsText(d.bookings)}</Cell>
          <Cell className="px-2 py-2 align-top">{guide(d)}</Cell>
          <Cell className="px-2 py-2 align-top">
            <Status d={d} />
          </Cell>
          <Cell end className="px-2 py-2 align-top">
            <Actions d={d} choices={choices} />
          </Cell>
        </>
      )}
      card={(d) => (
        <>
          <CardHeader title={<Dates d={d} />} subtitle={d.tourTitle} aside={<Status d={d} />} />
          <CardFacts
            facts={[
              // The seats line is too long to share a phone's line with another fact.
              { label: "Seats", value: <Seats d={d} />, wide: true },
              { label: "Bookings", value: bookingsText(d.bookings) },
              { label: "Guide", value: guide(d) },
            ]}
          />
          <div className="flex justify-end">
            <Actions d={d} choices={choices} />
          </div>
        </>
      )}
    />
  );
}
