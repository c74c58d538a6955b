import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";

import { ListSkeleton, ListToolbar } from "@/components/admin/list/list-states";
import { ListTabs } from "@/components/admin/list/list-tabs";
import { ProposalsList } from "@/components/admin/proposals/proposals-list";
import { Plus } from "@/components/icons";
import { ListSearch } from "@/components/lists/list-search";
import { ListSelect } from "@/components/lists/list-select";
import { Screen } from "@/components/shared/page-header";
import { Button } from "@/components/ui/button";
import { PROPOSAL_STATUSES } from "@/lib/domain";
import { emptyPage, type SearchParams } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";
import { listProposals } from "@/lib/proposals/data/staff";
import {
  PROPOSAL_SORT_LABELS,
  PROPOSAL_SORTS,
  type ProposalsQuery,
  parseProposalsQuery,
  proposalsHref,
} from "@/lib/proposals/list-query";
import { PROPOSAL_STATUS_LABELS } from "@/lib/proposals/rules";

export const metadata: Metadata = { title: "Proposals" };

/**
 * /admin/proposals: the tailor-made safaris offered to travellers, by status, searched by
 * reference, traveller or email, in the order chosen. 'New proposal' starts one from nothing; a
 * booking request starts one from its Edit dialog.
 */
export default async function AdminProposalsPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseProposalsQuery(await searchParams);
  return (
    <Screen
      title="Proposals"
      description="Tailor-made safaris built day by day, sent to the traveller to accept online."
      actions={
        <Button asChild>
          <Link href="/admin/proposals/new">
            <Plus aria-hidden="true" />
            New proposal
          </Link>
        </Button>
      }
    >
      <ListTabs
        label="Proposal status"
        className="overflow-x-auto"
        tabs={[
          {
            href: proposalsHref(query, { status: "", page: 1 }),
            label: "All",
            current: !query.status,
          },
          ...PROPOSAL_STATUSES.map((status) => ({
            href: proposalsHref(query, { status, page: 1 }),
            label: PROPOSAL_STATUS_LABELS[status],
            current: query.status === status,
          })),
        ]}
      />
      <ListToolbar>
        <ListSearch
          id="proposals-search"
          label="Search proposals"
          placeholder="Reference, traveller or email"
          className="w-full"
        />
        <ListSelect
          id="proposals-sort"
          label="Order"
          param="sort"
          defaultValue="newest"
          options={PROPOSAL_SORTS.map((value) => ({ value, label: PROPOSAL_SORT_LABELS[value] }))}
        />
      </ListToolbar>
      <Suspense
        key={`${query.status}|${query.q}|${query.sort}|${query.page}`}
        fallback={<ListSkeleton label="Loading proposals" />}
      >
        <ProposalsPage query={query} />
      </Suspense>
    </Screen>
  );
}

async function ProposalsPage({ query }: { query: ProposalsQuery }) {
  const result = await loggedRead("admin proposals", () => listProposals(query), emptyPage());
  return <ProposalsList query={query} result={result} />;
}
