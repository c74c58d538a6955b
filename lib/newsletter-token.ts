import { createHmac, timingSafeEqual } from "node:crypto";

import { normalizeEmail } from "@/lib/email-address";

/**
 * The newsletter's one-click unsubscribe token: an HMAC-SHA256 of the lowercased email with the
 * site's secret (authSecret()). No state to store, valid as long as the secret; it can only
 * unsubscribe the address it was made for. Pure (the secret is passed in) so tests can make one.
 */
export function newsletterUnsubscribeToken(email: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(`newsletter-unsubscribe:${normalizeEmail(email)}`)
    .digest("base64url");
}

export function verifyNewsletterUnsubscribeToken(email: string, token: string, secret: string): boolean {
  const expected = Buffer.from(newsletterUnsubscribeToken(email, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
