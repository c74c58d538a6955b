import type { RateLimits } from "@/lib/rate-limit";

/**
 * Limits of the signed-in customer's actions, per account (the key is the user id, whatever the
 * address): an account cannot flood the operator's inbox or guess its own password. A refused
 * call answers 'Too many requests, try again in N minutes' (lib/action.ts).
 */

/** New messages and replies together: each reaches the operator's inbox. */
export const MESSAGES_PER_ACCOUNT: RateLimits = { perMinute: 5, perHour: 30 };
/** Booking requests from the customer area: each mails the customer and the operator. */
export const BOOKINGS_PER_ACCOUNT: RateLimits = { perMinute: 3, perHour: 10 };
/** Profile saves (an email change mails a link to the new address). */
export const PROFILE_SAVES_PER_ACCOUNT: RateLimits = { perMinute: 5, perHour: 30 };
/**
 * Checks of the current password (Change Password, an email change): shared by both forms, so
 * someone at an unattended signed-in browser gets a handful of guesses an hour. Refused while
 * Redis is unreachable, like the sign-in limits (lib/accounts/sign-in-limits.ts).
 */
export const PASSWORD_CHECKS_PER_ACCOUNT: RateLimits = {
  perMinute: 5,
  perHour: 10,
  whenStoreDown: "refuse",
};
