import { renderProposal, proposalFileName } from "@/lib/documents/proposal";
import { plainResponse } from "@/lib/plain-response";
import { openProposal } from "@/lib/proposals/data/traveller";
import { proposalLinkState } from "@/lib/proposals/link";

// A version for whoever holds its link, as it stands now: never cached.
export const dynamic = "force-dynamic";

/**
 * The PDF of the proposal a link opens (/proposal/<token>/pdf): a token that is not ours, or was
 * altered, is 404; one of ours past its expiry is 410 Gone; then the version is read as the page
 * reads it (without counting an opening) and rendered.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ token: string }> },
): Promise<Response> {
  const { token } = await params;
  const state = proposalLinkState(token);
  if (state === "invalid") return plainResponse(404, "Proposal not found.");
  if (state === "expired") return plainResponse(410, "This proposal link has expired.");
  const proposal = await openProposal(token, { record: false });
  if (!proposal) return plainResponse(404, "Proposal not found.");
  const pdf = await renderProposal(proposal, new Date());
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${proposalFileName(proposal)}"`,
      "content-length": String(pdf.byteLength),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}
