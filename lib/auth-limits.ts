import type { RateLimits } from "@/lib/rate-limit";

/** Sign-in attempts per email and address: a person mistyping their password. */
export const SIGN_IN_PER_EMAIL_IP: RateLimits = { perMinute: 10, perHour: 50 };
/** Sign-in attempts per address: someone trying many accounts. */
export const SIGN_IN_PER_IP: RateLimits = { perMinute: 60, perHour: 600 };
/** Mails an account action may send to one email (sign-up, new link, reset). */
export const ACCOUNT_MAIL_PER_EMAIL: RateLimits = { perMinute: 3, perHour: 10 };
/** Account mails requested from one address (a shared office or campus network stays usable). */
export const ACCOUNT_MAIL_PER_IP: RateLimits = { perMinute: 20, perHour: 100 };
