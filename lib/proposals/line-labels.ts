/** What a proposal line's kind is called on the builder and the traveller's page. */
import type { ProposalLineKind } from "@/lib/domain";

export const PROPOSAL_LINE_KIND_LABELS: Record<ProposalLineKind, string> = {
  stay: "Stay",
  activity: "Activity",
  vehicle: "Vehicle",
  transfer: "Transfer",
  other: "Other",
};
