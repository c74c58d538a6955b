import type { Metadata } from "next";

import { ProposalLinkExpired } from "@/components/proposals/proposal-link-expired";
import { ProposalView } from "@/components/proposals/proposal-view";
import { PROPOSAL_PATH } from "@/lib/proposals/link";
import { openProposal } from "@/lib/proposals/data/traveller";

// The version as it stands now, for whoever holds the link, each opening counted: never cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Your Safari Proposal",
  robots: { index: false, follow: false },
  // The address holds the link's token: no page it leads to is told it.
  referrer: "no-referrer",
};

/**
 * A tailor-made proposal's page (lib/proposals/link.ts): no sign-in, one version. Opening it is
 * counted for staff; the acceptance form (acceptProposalAction, which verifies the token again)
 * is offered only while the version is the latest sent one and its option date has not passed.
 */
export default async function ProposalPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const proposal = await openProposal(token);
  if (!proposal) return <ProposalLinkExpired />;
  return (
    <ProposalView
      proposal={proposal}
      token={token}
      pdfHref={`${PROPOSAL_PATH}/${encodeURIComponent(token)}/pdf`}
    />
  );
}
