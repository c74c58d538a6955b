/**
 * The Proposals list's URL state (/admin/proposals): a status filter, a search (reference, lead
 * traveller's name or email), the order and the page. Pure: the page parses, the data module
 * queries, the tabs and the pager write the URL back.
 */
import { PROPOSAL_STATUSES, type ProposalStatus } from "@/lib/domain";
import { choiceParam, listUrl, pageParam, type RawParams, searchParam } from "@/lib/list-query";

export const PROPOSALS_PAGE_SIZE = 20;
export const PROPOSALS_PATH = "/admin/proposals";

export const PROPOSAL_SORTS = ["newest", "option", "value"] as const;
export type ProposalSort = (typeof PROPOSAL_SORTS)[number];

export const PROPOSAL_SORT_LABELS: Record<ProposalSort, string> = {
  newest: "Newest first",
  option: "Option date, soonest first",
  value: "Value, highest first",
};

export type ProposalsQuery = {
  /** '' for every status. */
  status: ProposalStatus | "";
  q: string;
  sort: ProposalSort;
  page: number;
};

const proposalsUrl = listUrl(
  PROPOSALS_PATH,
  {
    status: choiceParam(["", ...PROPOSAL_STATUSES], ""),
    q: searchParam(),
    sort: choiceParam(PROPOSAL_SORTS, "newest"),
    page: pageParam,
  },
  { sort: "newest" },
);

export const parseProposalsQuery: (params: RawParams) => ProposalsQuery = proposalsUrl.parse;

/** The URL of a view of the list (defaults left out). */
export const proposalsHref = proposalsUrl.href;
