import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { NewProposalForm } from "@/components/admin/proposals/new-proposal-form";
import { Screen } from "@/components/shared/page-header";
import { firstParam, type SearchParams } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";
import { getProposalPrefill, proposalOfBooking } from "@/lib/proposals/data/staff";
import { PROPOSALS_PATH } from "@/lib/proposals/list-query";
import { requireStaff } from "@/lib/session";

export const metadata: Metadata = { title: "New proposal" };

/**
 * /admin/proposals/new: a proposal from nothing, or from a private booking request
 * (?booking=<id>, the request's lead, email, phone, party, date and trip prefilled; a request
 * that already has a proposal opens it).
 */
export default async function NewProposalPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff();
  const bookingId = firstParam((await searchParams).booking);
  // A request has one proposal: its button opens the one it already started.
  const existing = bookingId ? await proposalOfBooking(bookingId) : null;
  if (existing) redirect(`${PROPOSALS_PATH}/${existing}`);
  const prefill = bookingId
    ? await loggedRead("proposal prefill", () => getProposalPrefill(bookingId), null)
    : null;
  return (
    <Screen
      title="New proposal"
      description={
        prefill
          ? `From ${prefill.leadName}'s request: check the details, then build the days.`
          : "The traveller and the party; the days and prices come next."
      }
    >
      <NewProposalForm prefill={prefill} />
    </Screen>
  );
}
