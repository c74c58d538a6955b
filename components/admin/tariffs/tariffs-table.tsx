import { CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable } from "@/components/admin/list/list-states";
import { Leaf } from "@/components/icons";
import { EmptyState } from "@/components/shared/empty-state";
import { Badge } from "@/components/ui/badge";
import { formatDay } from "@/lib/dates";
import type { TariffDto } from "@/lib/parks/data/tariffs";
import { AGE_BAND_LABELS, formatFee, PARK_FEE_LABELS, RESIDENCY_LABELS } from "@/lib/parks/rules";

import { TariffDialog } from "./tariff-dialog";

const COLUMNS = [
  { label: "Fee" },
  { label: "Residency" },
  { label: "Amount" },
  { label: "In force" },
  { label: "Updated by" },
];

function InForce({ row }: { row: TariffDto }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="whitespace-nowrap">
        {formatDay(row.effectiveFrom)} –{" "}
        {row.effectiveTo ? formatDay(row.effectiveTo) : "no end date"}
      </span>
      {row.carriedOver ? <Badge variant="outline">Carried over</Badge> : null}
    </span>
  );
}

const feeName = (row: TariffDto) => `${PARK_FEE_LABELS[row.fee]}${row.park ? `, ${row.park}` : ""}`;
const residencyName = (row: TariffDto) =>
  `${RESIDENCY_LABELS[row.residency]}${row.ageBand === "child" ? ` (${AGE_BAND_LABELS.child})` : ""}`;

/** Every tariff row by fee and category, newest first; admins add and edit. */
export function TariffsTable({ rows, canManage }: { rows: TariffDto[]; canManage: boolean }) {
  return (
    <ListTable
      count={
        rows.length > 0 ? (
          <>
            {rows.length} {rows.length === 1 ? "row" : "rows"}
          </>
        ) : null
      }
      result={{ items: rows, total: rows.length, page: 1, pageCount: 1 }}
      empty={
        <EmptyState icon={Leaf} title="No tariffs yet" action={canManage ? <TariffDialog /> : null}>
          Park fees you add here price the treks by each traveller&apos;s residency.
        </EmptyState>
      }
      caption="Park fee tariffs, by fee and residency, newest first"
      cardsLabel="Tariffs"
      columns={canManage ? [...COLUMNS, { label: "Actions", end: true }] : COLUMNS}
      row={(row) => (
        <>
          <RowHeader>{feeName(row)}</RowHeader>
          <Cell>{residencyName(row)}</Cell>
          <Cell className="whitespace-nowrap tabular-nums">
            {formatFee(row.amountMinor, row.currency)}
          </Cell>
          <Cell>
            <InForce row={row} />
          </Cell>
          <Cell>{row.updatedByName ?? <span className="text-muted-foreground">Seeded</span>}</Cell>
          {canManage ? (
            <Cell end>
              <TariffDialog row={row} />
            </Cell>
          ) : null}
        </>
      )}
      card={(row) => (
        <>
          <CardHeader
            title={feeName(row)}
            subtitle={residencyName(row)}
            aside={
              <span className="font-semibold tabular-nums">
                {formatFee(row.amountMinor, row.currency)}
              </span>
            }
          />
          <div className="flex items-end justify-between gap-3 text-sm">
            <InForce row={row} />
            {canManage ? <TariffDialog row={row} /> : null}
          </div>
        </>
      )}
    />
  );
}
