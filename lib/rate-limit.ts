import "server-only";

import { headers } from "next/headers";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

import { clientAddress } from "@/lib/client-address";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";

/**
 * Rate limits of the actions: every key (the client IP, the email address, the account) consumes
 * one point in a one-minute and a one-hour window. In memory by default; shared across instances
 * through Redis when REDIS_URL is set. While Redis is unreachable a limit either goes on in this
 * process's memory (the insurance limiter: each instance counts on its own) or, for the limits
 * that stand between an attacker and a password or code (`whenStoreDown: 'refuse'`), refuses
 * every request with `limits_unavailable`: a per-instance count restarts with every instance and
 * multiplies with their number, which would let guesses through.
 */
export type RateLimits = {
  perMinute: number;
  perHour: number;
  /** What the limit does while the shared store (Redis) is unreachable; 'insurance' by default. */
  whenStoreDown?: StoreDownPolicy;
};
export type StoreDownPolicy = "insurance" | "refuse";
export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const DEFAULT_RATE_LIMITS: RateLimits = { perMinute: 5, perHour: 20 };

type Window = {
  name: "minute" | "hour" | "custom";
  seconds: number;
  points: number;
  whenStoreDown: StoreDownPolicy;
};

// Limiters live on globalThis: Next's server bundles (RSC, actions) share one set per process.
const globalForLimits = globalThis as unknown as {
  __rateLimiters?: Map<string, Promise<RateLimiterAbstract>>;
  __rateLimitRedis?: Promise<import("ioredis").Redis | null>;
};
const limiters = (globalForLimits.__rateLimiters ??= new Map());

/** The shared Redis client when REDIS_URL is set (one per process, made on first use). */
function redisClient(): Promise<import("ioredis").Redis | null> {
  if (!env.REDIS_URL) return Promise.resolve(null);
  globalForLimits.__rateLimitRedis ??= connectRedis(env.REDIS_URL);
  return globalForLimits.__rateLimitRedis;
}

async function connectRedis(url: string): Promise<import("ioredis").Redis | null> {
  try {
    const { Redis } = await import("ioredis");
    let logged = false;
    const client = new Redis(url, {
      keyPrefix: env.REDIS_KEY_PREFIX,
      // Fail fast: while Redis is away the insurance limiter answers.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    client.on("error", (error: Error) => {
      if (logged) return;
      logged = true;
      console.error(JSON.stringify({ event: "rate_limit_redis_error", error: error.message }));
    });
    client.on("ready", () => {
      logged = false;
    });
    // Wait for the first connection (at most the connect timeout): otherwise the first requests
    // after a start would be counted by the in-memory insurance limiter alone.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off("ready", done);
        client.off("error", done);
        resolve();
      };
      const timer = setTimeout(done, 2_000);
      client.once("ready", done);
      client.once("error", done);
    });
    return client;
  } catch (error) {
    console.error(JSON.stringify({ event: "rate_limit_redis_unavailable", error: String(error) }));
    return null;
  }
}

/**
 * A limiter of one's own (points in `seconds`), in the same store as the windows above: for
 * counters that are not a simple per-minute/per-hour budget (lib/accounts/sign-in-backoff.ts).
 */
export function sharedLimiter(
  scope: string,
  options: { points: number; seconds: number; whenStoreDown?: StoreDownPolicy },
): Promise<RateLimiterAbstract> {
  const whenStoreDown = options.whenStoreDown ?? "insurance";
  const id = `${scope}:${options.seconds}:${options.points}`;
  const cacheId = `${id}:${whenStoreDown}`;
  let limiter = limiters.get(cacheId);
  if (!limiter) {
    limiter = buildLimiter(`rl:${id}`, {
      name: "custom",
      seconds: options.seconds,
      points: options.points,
      whenStoreDown,
    });
    limiters.set(cacheId, limiter);
  }
  return limiter;
}

/** One limiter per scope, window and limit; the promise is cached so concurrent calls share it. */
function limiterFor(scope: string, window: Window): Promise<RateLimiterAbstract> {
  // The policy is not part of the Redis key: both kinds of limiter count the same requests.
  const id = `${scope}:${window.name}:${window.points}`;
  const cacheId = `${id}:${window.whenStoreDown}`;
  let limiter = limiters.get(cacheId);
  if (!limiter) {
    limiter = buildLimiter(`rl:${id}`, window);
    limiters.set(cacheId, limiter);
  }
  return limiter;
}

async function buildLimiter(keyPrefix: string, window: Window): Promise<RateLimiterAbstract> {
  const memory = new RateLimiterMemory({
    keyPrefix,
    points: window.points,
    duration: window.seconds,
  });
  const redis = await redisClient();
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: window.points,
    duration: window.seconds,
    // Not ready (down, reconnecting): reject at once instead of waiting for a connection.
    rejectIfRedisNotReady: true,
    // Without an insurance limiter a store failure rejects with the error (see checkRateLimit).
    ...(window.whenStoreDown === "insurance" ? { insuranceLimiter: memory } : {}),
  });
}

/**
 * Consumes one point per key in both windows. Refused when any key is over either limit; the
 * answer says how long until the longest of those waits is over. A limit with `whenStoreDown:
 * 'refuse'` throws `limits_unavailable` when the shared store cannot count the request.
 */
export async function checkRateLimit(
  scope: string,
  keys: string[],
  limits: RateLimits = DEFAULT_RATE_LIMITS,
): Promise<RateLimitResult> {
  const unique = [
    ...new Set(keys.map((k) => k.trim().toLowerCase().slice(0, 320)).filter(Boolean)),
  ];
  if (unique.length === 0) return { allowed: true };
  const whenStoreDown = limits.whenStoreDown ?? "insurance";
  const windows: Window[] = [
    { name: "minute", seconds: 60, points: limits.perMinute, whenStoreDown },
    { name: "hour", seconds: 3600, points: limits.perHour, whenStoreDown },
  ];
  const attempts = await Promise.allSettled(
    windows.flatMap((window) =>
      unique.map(async (key) => (await limiterFor(scope, window)).consume(key)),
    ),
  );
  let waitMs = 0;
  let storeDown = false;
  for (const attempt of attempts) {
    if (attempt.status === "fulfilled") continue;
    if (attempt.reason instanceof RateLimiterRes) {
      waitMs = Math.max(waitMs, attempt.reason.msBeforeNext, 1);
    } else {
      // A store failure the insurance limiter could not cover (or, for a 'refuse' limit, any).
      storeDown = true;
      console.error(
        JSON.stringify({ event: "rate_limit_error", scope, error: String(attempt.reason) }),
      );
    }
  }
  if (storeDown && whenStoreDown === "refuse") throw new DomainError("limits_unavailable");
  return waitMs > 0
    ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) }
    : { allowed: true };
}

/** The sign-in forms' answer while their limits cannot be counted (`limits_unavailable`). */
export const SIGN_IN_UNAVAILABLE_MESSAGE =
  "Sign-in is temporarily unavailable. Please try again in a few minutes.";
/** The same for the other checks of a password or a code (Change Password, two-step setup). */
export const CHECKS_UNAVAILABLE_MESSAGE =
  "Password and code checks are temporarily unavailable. Please try again in a few minutes.";

/** 'Too many requests, try again in N minutes' (N rounded up, at least 1). */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many requests, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/**
 * The client's address as the deployment vouches for it: TRUSTED_PROXY_HOPS entries from the
 * right of X-Forwarded-For plus the socket's peer (lib/client-address.ts says why the first
 * entry, or X-Real-IP, cannot be believed). 'unknown' when nothing can be.
 */
export async function clientIp(): Promise<string> {
  return clientAddress(await headers(), env.TRUSTED_PROXY_HOPS);
}

/** Test hook: forget every counter (in-memory limiters are rebuilt on next use). */
export function resetRateLimits(): void {
  limiters.clear();
}
