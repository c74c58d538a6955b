import "server-only";

import { RateLimiterRes } from "rate-limiter-flexible";

import { DomainError } from "@/lib/errors";
import { sharedLimiter } from "@/lib/rate-limit";

/**
 * Sign-in failures per account, whatever the address: the per-address limits (lib/auth-limits.ts)
 * do not stop guesses spread over many addresses. The first FREE_FAILURES failures cost nothing;
 * from then on each failure locks the account's password sign-in for twice as long as the one
 * before (1 s, 2 s, 4 s ... at most 15 minutes). A successful sign-in, or a day without failures,
 * starts the count again. Unknown emails are counted the same way, so the answers reveal nothing.
 * The lock also refuses the right password: otherwise it would only slow the guesses down
 * until the right one. Stored like the other limits (Redis when REDIS_URL is set). While Redis is
 * unreachable the count cannot be read or kept: the sign-in is refused (`limits_unavailable`)
 * rather than let unlimited guesses through.
 */
export const FREE_FAILURES = 5;
export const MAX_LOCK_SECONDS = 15 * 60;
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

const failureCounts = () =>
  sharedLimiter("sign-in:account-failures", {
    points: 1_000_000,
    seconds: FAILURE_MEMORY_SECONDS,
    whenStoreDown: "refuse",
  });
const locks = () =>
  sharedLimiter("sign-in:account-lock", {
    points: 1,
    seconds: MAX_LOCK_SECONDS,
    whenStoreDown: "refuse",
  });

const keyOf = (email: string) => email.trim().toLowerCase().slice(0, 320);

/** How long the account is locked after its `failures`-th failure in a row (seconds, 0 = not). */
export function lockSecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_SECONDS, 2 ** (failures - FREE_FAILURES));
}

function logged(event: string, error: unknown) {
  console.error(JSON.stringify({ event, error: String(error) }));
}

/** A failing store is logged and the sign-in refused: nothing can be counted. */
async function orUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    logged("sign_in_backoff_error", error);
    throw new DomainError("limits_unavailable");
  }
}

/** Seconds until the account may try a password again; 0 when it may now. */
export async function accountSignInWait(email: string): Promise<number> {
  return orUnavailable(async () => {
    const lock = await (await locks()).get(keyOf(email));
    if (!lock || lock.consumedPoints <= 1 || lock.msBeforeNext <= 0) return 0;
    return Math.max(1, Math.ceil(lock.msBeforeNext / 1000));
  });
}

/** Counts a failed password for the account and locks it when the count says so. */
export async function recordSignInFailure(email: string): Promise<number> {
  const key = keyOf(email);
  return orUnavailable(async () => {
    const counted: RateLimiterRes = await (await failureCounts()).penalty(key, 1);
    const seconds = lockSecondsAfter(counted.consumedPoints);
    if (seconds > 0) await (await locks()).block(key, seconds);
    return seconds;
  });
}

/**
 * A successful sign-in: the count starts again. A store failure here is only logged: the right
 * password was given, and the count left behind expires by itself.
 */
export async function clearSignInFailures(email: string): Promise<void> {
  const key = keyOf(email);
  try {
    await Promise.all([(await failureCounts()).delete(key), (await locks()).delete(key)]);
  } catch (error) {
    logged("sign_in_backoff_error", error);
  }
}
