import { z } from "zod";

import { acceptedCheckbox, requiredText } from "@/lib/fields";

/**
 * Accepting a proposal on its page (/proposal/<token>): the name of who accepts it, as they type
 * it, and the booking terms ticked. The token travels with the form and is verified again by the
 * action: the page's right to show the offer is the same right to accept it.
 */
export const ACCEPT_TERMS_MESSAGE = "Please accept the booking terms to confirm your safari.";

export const acceptProposalSchema = z.object({
  token: z.string().trim().min(1, { error: "This link is not valid." }).max(200),
  fullName: requiredText("Full name", 100),
  terms: acceptedCheckbox(ACCEPT_TERMS_MESSAGE),
});

export type AcceptProposalInput = z.output<typeof acceptProposalSchema>;
