"use server";

import { redirect } from "next/navigation";

import { publicAction } from "@/lib/action";
import { deliverAfterResponse } from "@/lib/email";
import { ACCEPT_TERMS_MESSAGE, acceptProposalSchema } from "@/lib/proposals/accept-schema";
import { acceptProposal } from "@/lib/proposals/data/traveller";

/**
 * Tailor-made proposals: staff build and send them (/admin/proposals), the traveller accepts one
 * from the link mailed to them.
 */

/* ------------------------------------------------------------------------------------------ */
/* The traveller accepts                                                                       */
/* ------------------------------------------------------------------------------------------ */

/**
 * 'Accept and pay the deposit' on a proposal's page (/proposal/<token>): whoever holds a valid
 * link accepts the version it names, with their name and the booking terms ticked. The token is
 * verified again in the data module; the client address is the one the deployment's trusted hops
 * vouch for. Accepted, the browser goes straight to the deposit on the booking's pay page.
 */
export const acceptProposalAction = publicAction(
  acceptProposalSchema,
  async (data, { ip }) => {
    const accepted = await acceptProposal(data, ip);
    deliverAfterResponse();
    redirect(accepted.payPath);
  },
  {
    name: "acceptProposalAction",
    rateLimit: [
      {
        scope: "proposal-accept",
        keys: ({ token }, { ip }) => [ip, `link:${token.slice(0, 24)}`],
        limits: { perMinute: 5, perHour: 30 },
      },
    ],
    errors: {
      proposal_unavailable: (error) => ({
        title: "Cannot Accept",
        message: error.details.reason ?? "This proposal can no longer be accepted.",
      }),
      not_found: {
        title: "Cannot Accept",
        message: "This proposal is no longer available. Please contact us.",
      },
      seats_unavailable: {
        title: "Cannot Accept",
        message:
          "The permits for your trek are no longer free. Nothing was booked: please contact us and we will find another day.",
      },
    },
    invalid: (fieldErrors) =>
      fieldErrors.terms ? { title: "Terms Required", message: ACCEPT_TERMS_MESSAGE } : undefined,
    failure: {
      title: "Acceptance Failed",
      message: "We could not record your acceptance. Nothing was booked: please try again.",
    },
  },
);
