/**
 * How long a sign-in lasts (ASVS 5.0 7.3): the server-side session row (lib/dal/user-sessions.ts)
 * is refused once it is older than the absolute lifetime or has not been used for the idle limit,
 * whatever the cookie says. The session cookie's own lifetime is the idle limit, renewed on use.
 */
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** A sign-in ends 30 days after it began, used or not. */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** ... and after 7 days without a request that checks it. */
export const SESSION_IDLE_MS = 7 * DAY;
/** last_seen_at is written at most this often (one write per session per 5 minutes of use). */
export const SESSION_TOUCH_MS = 5 * MINUTE;

/** The session cookie's (and JWT's) lifetime, in seconds: the idle limit. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = SESSION_IDLE_MS / 1000;
