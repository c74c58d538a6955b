import Link from "next/link";

import { CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable } from "@/components/admin/list/list-states";
import { Users } from "@/components/icons";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import type { ResellerRow } from "@/lib/resellers/data/admin";

import { NewKeyButton, NewResellerDialog, RevokeKeyButton } from "./reseller-dialogs";

const COLUMNS = [
  { label: "Reseller" },
  { label: "Mode" },
  { label: "Commission", end: true },
  { label: "API keys" },
  { label: "Confirmed", end: true },
  { label: "Owes", end: true },
  { label: "Actions", end: true },
];

const usd = (minor: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(minor / 100);

function Mode({ row }: { row: ResellerRow }) {
  return row.testMode ? <Badge variant="outline">Test mode</Badge> : <Badge>Live</Badge>;
}

function Keys({ row }: { row: ResellerRow }) {
  return (
    <span className="grid gap-1">
      {row.activeKeys.length === 0 ? (
        <span className="text-muted-foreground">No live key</span>
      ) : (
        row.activeKeys.map((prefix) => (
          <span key={prefix} className="flex items-center gap-2">
            <span className="font-mono text-xs">{prefix}…</span>
            <RevokeKeyButton name={row.name} prefix={prefix} />
          </span>
        ))
      )}
      {row.revokedKeys > 0 ? (
        <span className="text-xs text-muted-foreground">{row.revokedKeys} revoked</span>
      ) : null}
    </span>
  );
}

/** The reseller's name, opening its screen (net prices, webhooks, deliveries). */
function NameLink({ row }: { row: ResellerRow }) {
  return (
    <Link href={`/admin/resellers/${row.id}`} className="underline-offset-4 hover:underline">
      {row.name}
    </Link>
  );
}

const sold = (row: ResellerRow) =>
  `${row.confirmedBookings} ${row.confirmedBookings === 1 ? "booking" : "bookings"}, ${row.seats} ${row.seats === 1 ? "seat" : "seats"}`;

/** Every reseller by name: its mode, commission, keys, confirmed sales and what it owes. */
export function ResellersTable({ rows }: { rows: ResellerRow[] }) {
  return (
    <ListTable
      count={
        rows.length > 0 ? (
          <>
            {rows.length} {rows.length === 1 ? "reseller" : "resellers"}
          </>
        ) : null
      }
      result={{ items: rows, total: rows.length, page: 1, pageCount: 1 }}
      empty={
        <EmptyState icon={Users} title="No resellers yet" action={<NewResellerDialog />}>
          A reseller sells our departures over the OCTO API with a key of its own, shown once.
        </EmptyState>
      }
      caption="Resellers, by name"
      cardsLabel="Resellers"
      columns={COLUMNS}
      row={(row) => (
        <>
          <RowHeader>
            <NameLink row={row} />
          </RowHeader>
          <Cell>
            <Mode row={row} />
          </Cell>
          <Cell end className="tabular-nums">
            {row.commissionPercent} %
            {row.tourPrices ? (
              <span className="block text-xs text-muted-foreground">
                {row.tourPrices} {row.tourPrices === 1 ? "tour" : "tours"} at a net price
              </span>
            ) : null}
          </Cell>
          <Cell>
            <Keys row={row} />
          </Cell>
          <Cell end className="whitespace-nowrap">
            {sold(row)}
          </Cell>
          <Cell end className="tabular-nums">
            {row.testMode ? <span className="text-muted-foreground">—</span> : usd(row.owedMinor)}
          </Cell>
          <Cell end>
            <NewKeyButton name={row.name} />
          </Cell>
        </>
      )}
      card={(row) => (
        <>
          <CardHeader
            title={<NameLink row={row} />}
            subtitle={`${row.commissionPercent} % commission${row.tourPrices ? ` (${row.tourPrices} ${row.tourPrices === 1 ? "tour" : "tours"} at a net price)` : ""} · ${sold(row)}`}
            aside={<Mode row={row} />}
          />
          <div className="flex items-end justify-between gap-3 text-sm">
            <Keys row={row} />
            {row.testMode ? null : (
              <span className="font-semibold tabular-nums">Owes {usd(row.owedMinor)}</span>
            )}
          </div>
          <div className="flex justify-end">
            <NewKeyButton name={row.name} />
          </div>
        </>
      )}
    />
  );
}
