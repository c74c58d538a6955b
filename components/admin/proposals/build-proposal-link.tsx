import Link from "next/link";

import { FileText } from "@/components/icons";
import { Button } from "@/components/ui/button";

/**
 * 'Build a proposal' on a private booking request (no departure): the new proposal's page,
 * prefilled from the request, or the proposal it already started.
 */
export function BuildProposalLink({ bookingId }: { bookingId: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border/70 bg-muted/40 p-3 text-sm">
      <p className="text-muted-foreground">A private trip: offer it as a tailor-made proposal.</p>
      <Button asChild variant="outline" size="sm" className="bg-card">
        <Link href={`/admin/proposals/new?booking=${bookingId}`} prefetch={false}>
          <FileText aria-hidden="true" />
          Build a proposal
        </Link>
      </Button>
    </div>
  );
}
