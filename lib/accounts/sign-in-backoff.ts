import "server-only";

import { RateLimiterRes } from "rate-limiter-flexible";

import { DomainError } from "@/lib/errors";
import { sharedLimiter } from "@/lib/rate-limit";

/**
 * Sign-in failures, counted two ways (stored like the other limits: Redis when REDIS_URL is set).
 *
 * Per account and address: the first FREE_FAILURES failures cost nothing; from then on each
 * failure locks that address out of that account's password sign-in for twice as long as the
 * one before (1 s, 2 s, 4 s ... at most 15 minutes). The lock also refuses the right password
 * from that address, otherwise it would only slow the guesses down until the right one. It never
 * touches the owner's own address: nobody can keep an account locked by failing on purpose.
 *
 * Per account, from every address: guesses spread over many addresses get past the per-address
 * backoff (and the per-address limits of lib/accounts/sign-in-limits.ts). Once an account has ACCOUNT_CEILING
 * failures in a day it is "under attack": the right password alone no longer signs it in, it
 * must be proven with more (the second factor's code, or a link mailed to the owner), and the
 * owner is told once. That count is not cleared by a successful sign-in: the guessing goes on.
 *
 * A successful sign-in clears its address's count. Unknown emails are counted the same way, so
 * the answers reveal nothing. While Redis is unreachable nothing can be read or kept: the sign-in
 * is refused (`limits_unavailable`) rather than let unlimited guesses through.
 */
export const FREE_FAILURES = 5;
export const MAX_LOCK_SECONDS = 15 * 60;
/** Failures from all addresses in a day after which the right password alone is not enough. */
export const ACCOUNT_CEILING = 20;
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

const pairFailures = () =>
  sharedLimiter("sign-in:pair-failures", {
    points: 1_000_000,
    seconds: FAILURE_MEMORY_SECONDS,
    whenStoreDown: "refuse",
  });
const pairLocks = () =>
  sharedLimiter("sign-in:pair-lock", {
    points: 1,
    seconds: MAX_LOCK_SECONDS,
    whenStoreDown: "refuse",
  });
const accountFailures = () =>
  sharedLimiter("sign-in:account-failures", {
    points: 1_000_000,
    seconds: FAILURE_MEMORY_SECONDS,
    whenStoreDown: "refuse",
  });

const accountKey = (email: string) => email.trim().toLowerCase().slice(0, 320);
const pairKey = (email: string, ip: string) => `${accountKey(email)}|${ip.slice(0, 64)}`;

/** How long an address is locked after its `failures`-th failure in a row (seconds, 0 = not). */
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

/** Seconds until this address may try the account's password again; 0 when it may now. */
export async function signInWait(email: string, ip: string): Promise<number> {
  return orUnavailable(async () => {
    const lock = await (await pairLocks()).get(pairKey(email, ip));
    if (!lock || lock.consumedPoints <= 1 || lock.msBeforeNext <= 0) return 0;
    return Math.max(1, Math.ceil(lock.msBeforeNext / 1000));
  });
}

/** Whether the account has had ACCOUNT_CEILING failures or more from all addresses in a day. */
export async function accountUnderAttack(email: string): Promise<boolean> {
  return orUnavailable(async () => {
    const counted = await (await accountFailures()).get(accountKey(email));
    return (counted?.consumedPoints ?? 0) >= ACCOUNT_CEILING;
  });
}

export type RecordedFailure = {
  /** How long this address is now locked out of the account (0: not). */
  lockSeconds: number;
  /** This failure is the one that put the account over the ceiling (tell the owner once). */
  reachedCeiling: boolean;
};

/** Counts a failed password for the account from this address, and locks the address if due. */
export async function recordSignInFailure(email: string, ip: string): Promise<RecordedFailure> {
  return orUnavailable(async () => {
    const [pair, account]: RateLimiterRes[] = await Promise.all([
      (await pairFailures()).penalty(pairKey(email, ip), 1),
      (await accountFailures()).penalty(accountKey(email), 1),
    ]);
    const lockSeconds = lockSecondsAfter(pair!.consumedPoints);
    if (lockSeconds > 0) await (await pairLocks()).block(pairKey(email, ip), lockSeconds);
    return { lockSeconds, reachedCeiling: account!.consumedPoints === ACCOUNT_CEILING };
  });
}

/**
 * A successful sign-in from this address: its count starts again. A store failure here is only
 * logged: the right password was given, and the count left behind expires by itself.
 */
export async function clearSignInFailures(email: string, ip: string): Promise<void> {
  const key = pairKey(email, ip);
  try {
    await Promise.all([(await pairFailures()).delete(key), (await pairLocks()).delete(key)]);
  } catch (error) {
    logged("sign_in_backoff_error", error);
  }
}
