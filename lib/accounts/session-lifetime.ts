/**
 * How long a sign-in lasts (ASVS 5.0 7.3): the server-side session row (lib/accounts/data/sessions.ts)
 * is refused once it is older than the absolute lifetime or has not been used for the idle limit,
 * whatever the cookie says. The session cookie's own lifetime is the customers' idle limit,
 * renewed on use.
 *
 * Staff sessions are shorter: a staff cookie opens bookings, customers' details and the staff
 * accounts, so one left on a shared office machine must not stay usable for days. Whether a
 * session is a staff one is decided at each check from the account's current admin_users row,
 * so a customer promoted to staff gets the staff limits at the next request.
 */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A customer's sign-in ends 30 days after it began, used or not. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** ... and after 7 days without a request that checks it. */
export const SESSION_IDLE_MS = 7 * DAY;
/** A staff sign-in ends 12 hours after it began (a working day), used or not. */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * HOUR;
/** ... and after 2 hours without a request that checks it. */
export const STAFF_SESSION_IDLE_MS = 2 * HOUR;
/** last_seen_at is written at most this often (one write per session per 5 minutes of use). */
export const SESSION_TOUCH_MS = 5 * MINUTE;

export type SessionLimits = { absoluteMs: number; idleMs: number };

/** The limits of a session of a staff account (`staff`) or of a customer's. */
export function sessionLimits(staff: boolean): SessionLimits {
  return staff
    ? { absoluteMs: STAFF_SESSION_ABSOLUTE_MS, idleMs: STAFF_SESSION_IDLE_MS }
    : { absoluteMs: SESSION_ABSOLUTE_MS, idleMs: SESSION_IDLE_MS };
}

/**
 * The session cookie's (and JWT's) lifetime, in seconds: the customers' idle limit. It is one
 * setting of Auth.js for every account, so a staff cookie carries it too; the staff limits are
 * enforced on the server, where the row of a staff session is refused and deleted after them.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = SESSION_IDLE_MS / 1000;
