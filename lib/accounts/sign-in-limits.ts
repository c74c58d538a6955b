import type { RateLimits } from "@/lib/rate-limit";

/*
 * The sign-in limits refuse while their shared store (Redis) is unreachable (`whenStoreDown`,
 * lib/rate-limit.ts): counted per instance they would let an attacker guess more, and counting
 * nothing would let them guess without end. The account mails keep a per-instance count.
 */

/** Sign-in attempts per email and address: a person mistyping their password. */
export const SIGN_IN_PER_EMAIL_IP: RateLimits = {
  perMinute: 10,
  perHour: 50,
  whenStoreDown: "refuse",
};
/** Sign-in attempts per address: someone trying many accounts. */
export const SIGN_IN_PER_IP: RateLimits = {
  perMinute: 60,
  perHour: 600,
  whenStoreDown: "refuse",
};
/** Mails an account action may send to one email (sign-up, new link, reset). */
export const ACCOUNT_MAIL_PER_EMAIL: RateLimits = { perMinute: 3, perHour: 10 };
/** Account mails requested from one address (a shared office or campus network stays usable). */
export const ACCOUNT_MAIL_PER_IP: RateLimits = { perMinute: 20, perHour: 100 };
