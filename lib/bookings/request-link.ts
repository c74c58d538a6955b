import { signedBookingToken, verifySignedBookingToken } from "@/lib/payments/pay-link";

/**
 * The confirmation page of a private trip's request, `/booking/requested/<token>`: where the wizard
 * sends the browser once the request is stored, an address the traveller can keep (bookmark, share
 * with their party) that shows the request's reference and summary. Signed like the pay link, with
 * a key of its own, so this address never lets anyone pay and a pay link never opens it.
 */
export const REQUEST_PAGE_PATH = "/booking/requested";
export const REQUEST_PAGE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

const KEY_LABEL = "breathe-uganda request-page v1";

/** The confirmation page of request `bookingId`, valid for 90 days. */
export function requestPagePath(
  bookingId: string,
  expiresAt: Date = new Date(Date.now() + REQUEST_PAGE_LIFETIME_MS),
  secret?: string,
): string {
  return `${REQUEST_PAGE_PATH}/${signedBookingToken(KEY_LABEL, bookingId, expiresAt, secret)}`;
}

/** The request a confirmation page's token was signed for, or null (forged, altered, expired). */
export function verifyRequestPage(token: string, now?: Date, secret?: string) {
  return verifySignedBookingToken(KEY_LABEL, token, now, secret);
}
