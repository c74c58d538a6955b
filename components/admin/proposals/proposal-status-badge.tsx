import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import type { ProposalStatus } from "@/lib/domain";
import { PROPOSAL_STATUS_LABELS } from "@/lib/proposals/rules";

const TONES: Record<ProposalStatus, Tone> = {
  draft: "new",
  sent: "waiting",
  viewed: "review",
  accepted: "good",
  lapsed: "bad",
};

/** A proposal's (or a version's) status as staff see it. */
export function ProposalStatusBadge({
  status,
  className,
}: {
  status: ProposalStatus;
  className?: string;
}) {
  return (
    <StatusBadge tone={TONES[status]} status={status} className={className}>
      {PROPOSAL_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
