import type { RateLimits } from "@/lib/rate-limit";

/** Sign-in attempts per email and address: a person mistyping their password. */
export const SIGN_IN_PER_EMAIL_IP: RateLimits = { perMinute: 10, perHour: 50 };
/** Sign-in attempts per address: someone trying many accounts. */
export const SIGN_IN_PER_IP: RateLimits = { perMinute: 60, perHour: 600 };
/** Mails an account action may trigger (sign-up, new link, reset), per address and per email. */
export const ACCOUNT_MAIL_LIMITS: RateLimits = { perMinute: 3, perHour: 10 };
