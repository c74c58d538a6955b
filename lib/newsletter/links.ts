import { normalizeEmail } from "@/lib/email-address";
import { authSecret, env } from "@/lib/env";
import {
  newsletterUnsubscribeToken,
  verifyNewsletterUnsubscribeToken,
} from "@/lib/newsletter/token";

/** The one-click unsubscribe link of an address (welcome mail, List-Unsubscribe header). */
export function unsubscribeUrl(email: string): string {
  const address = normalizeEmail(email);
  const params = new URLSearchParams({
    email: address,
    token: newsletterUnsubscribeToken(address, authSecret()),
  });
  return `${env.SITE_URL}/api/newsletter/unsubscribe?${params}`;
}

/** Whether a signed link is valid (the confirmation page, and before unsubscribing). */
export function isValidUnsubscribeToken(email: string, token: string): boolean {
  return verifyNewsletterUnsubscribeToken(normalizeEmail(email), token, authSecret());
}
