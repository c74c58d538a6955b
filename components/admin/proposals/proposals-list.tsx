import Link from "next/link";

import { CardFacts, CardHeader, Cell, RowHeader } from "@/components/admin/list/data-table";
import { ListTable, rowCount } from "@/components/admin/list/list-states";
import { FileText } from "@/components/icons";
import { listPages } from "@/components/lists/list-pager";
import { EmptyState } from "@/components/shared/empty-state";
import { formatDay } from "@/lib/dates";
import type { Page } from "@/lib/list-query";
import { formatMoney } from "@/lib/payments/ledger";
import type { ProposalListItem } from "@/lib/proposals/data/staff";
import {
  PROPOSALS_PAGE_SIZE,
  PROPOSALS_PATH,
  type ProposalsQuery,
  proposalsHref,
} from "@/lib/proposals/list-query";

import { ProposalStatusBadge } from "./proposal-status-badge";

const COLUMNS = [
  { label: "Reference" },
  { label: "Traveller" },
  { label: "Title" },
  { label: "Status" },
  { label: "Value", end: true },
  { label: "Option date" },
  { label: "Version", end: true },
] as const;

const open = (p: ProposalListItem) => `${PROPOSALS_PATH}/${p.id}`;

/** One page of /admin/proposals: the count, the rows (cards on a phone), the empty state, the pager. */
export function ProposalsList({
  query,
  result,
}: {
  query: ProposalsQuery;
  result: Page<ProposalListItem>;
}) {
  return (
    <ListTable
      count={rowCount(result, "proposal", "proposals")}
      result={result}
      pages={listPages("Proposal pages", "proposals", PROPOSALS_PAGE_SIZE)}
      href={(page) => proposalsHref(query, { page })}
      filtered={Boolean(query.q || query.status)}
      noMatches={{ title: "No proposals found", clearHref: PROPOSALS_PATH }}
      empty={
        <EmptyState icon={FileText} title="No proposals yet">
          Build a tailor-made safari day by day and send it to the traveller.
        </EmptyState>
      }
      caption="Proposals"
      columns={COLUMNS}
      minWidth="56rem"
      row={(p) => (
        <>
          <RowHeader>
            <Link href={open(p)} className="underline-offset-4 hover:underline">
              {p.reference}
            </Link>
          </RowHeader>
          <Cell className="max-w-[14rem]">
            <span className="block font-medium break-words">{p.leadName}</span>
            <span className="block text-xs break-all text-muted-foreground">{p.email}</span>
          </Cell>
          <Cell className="max-w-[16rem] break-words">{p.title}</Cell>
          <Cell>
            <ProposalStatusBadge status={p.status} />
          </Cell>
          <Cell end>{formatMoney(p.totalMinor, "USD")}</Cell>
          <Cell className="whitespace-nowrap">{formatDay(p.optionDate)}</Cell>
          <Cell end>v{p.version}</Cell>
        </>
      )}
      card={(p) => (
        <>
          <CardHeader
            title={
              <Link href={open(p)} className="underline-offset-4 hover:underline">
                {p.reference} · {p.leadName}
              </Link>
            }
            subtitle={p.title}
            aside={<ProposalStatusBadge status={p.status} />}
          />
          <CardFacts
            facts={[
              { label: "Value", value: formatMoney(p.totalMinor, "USD") },
              { label: "Option date", value: formatDay(p.optionDate) },
              { label: "Version", value: `v${p.version}` },
              { label: "Email", value: p.email },
            ]}
          />
        </>
      )}
    />
  );
}
