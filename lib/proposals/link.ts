import { signedBookingToken, verifySignedBookingToken } from "@/lib/payments/pay-link";
import { authSecret, env } from "@/lib/env";

/**
 * The link mailed with a proposal's version: /proposal/<token> opens that version to whoever holds
 * it, no sign-in, until it expires. It is the pay link's signed format under its own label, so a
 * pay link (or any other token of the site) never opens a proposal, nor the reverse. The token
 * names the version, not the proposal: a traveller holding an older version's link sees that a
 * newer one was sent rather than silently another offer.
 */
const KEY_LABEL = "breathe-uganda proposal-link v1";

export const PROPOSAL_PATH = "/proposal";

/** The token of a version's link, valid until `expiresAt`. */
export function proposalToken(
  versionId: string,
  expiresAt: Date,
  secret: string = authSecret(),
): string {
  return signedBookingToken(KEY_LABEL, versionId, expiresAt, secret);
}

/** The version page on this site: `/proposal/<token>`. */
function proposalPath(versionId: string, expiresAt: Date): string {
  return `${PROPOSAL_PATH}/${proposalToken(versionId, expiresAt)}`;
}

/** The link to mail: `${SITE_URL}/proposal/<token>`. */
export function proposalLink(versionId: string, expiresAt: Date): string {
  return `${env.SITE_URL}${proposalPath(versionId, expiresAt)}`;
}

/** The version a token was signed for and its expiry, or null (forged, altered, another label's, expired). */
export function verifyProposalToken(
  token: string,
  now: Date = new Date(),
  secret: string = authSecret(),
): { versionId: string; expiresAt: Date } | null {
  const verified = verifySignedBookingToken(KEY_LABEL, token, now, secret);
  return verified ? { versionId: verified.bookingId, expiresAt: verified.expiresAt } : null;
}

/**
 * Whether a token opens a version now ('valid'), is one of ours whose time has passed
 * ('expired': the PDF answers 410), or is not ours at all ('invalid': forged, altered, cut short).
 */
export function proposalLinkState(
  token: string,
  now: Date = new Date(),
  secret: string = authSecret(),
): "valid" | "expired" | "invalid" {
  if (verifyProposalToken(token, now, secret)) return "valid";
  // Signed by us and valid at the epoch: only its expiry refuses it.
  return verifyProposalToken(token, new Date(0), secret) ? "expired" : "invalid";
}
