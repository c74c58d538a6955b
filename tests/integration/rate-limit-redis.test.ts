import { randomUUID } from "node:crypto";

import { Redis } from "ioredis";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The shared store of the rate limits (REDIS_URL): counters live in Redis, so every instance of
 * the site sees the same ones, and an unreachable Redis falls back to the in-memory limiter.
 * Runs when TEST_REDIS_URL names a Redis server (`npm test` sets redis://127.0.0.1:6379).
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

async function loadRateLimit(redisUrl: string) {
  vi.resetModules();
  vi.stubEnv("REDIS_URL", redisUrl);
  // Each load is a new process's view: its own module state and its own limiter objects.
  (globalThis as { __rateLimiters?: unknown; __rateLimitRedis?: unknown }).__rateLimiters =
    undefined;
  (globalThis as { __rateLimitRedis?: unknown }).__rateLimitRedis = undefined;
  return import("@/lib/rate-limit");
}

describe.skipIf(!REDIS_URL)("rate limits in Redis", () => {
  const redis = REDIS_URL ? new Redis(REDIS_URL, { lazyConnect: true }) : null;
  let scope: string;

  beforeEach(() => {
    scope = `test-${randomUUID()}`;
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    if (!redis) return;
    const keys = await redis.keys("rl:test-*");
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it("shares the counters between instances: the 6th request in a minute is refused by another", async () => {
    const first = await loadRateLimit(REDIS_URL!);
    for (let i = 0; i < 5; i++) {
      expect(await first.checkRateLimit(scope, ["198.51.100.7"])).toEqual({ allowed: true });
    }
    // A second instance (fresh module, fresh limiter objects) sees the same five requests.
    const second = await loadRateLimit(REDIS_URL!);
    const refused = await second.checkRateLimit(scope, ["198.51.100.7"]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed)
      expect(second.tooManyRequestsMessage(refused.retryAfterSeconds)).toBe(
        "Too many requests, try again in 1 minute",
      );
    expect(await second.checkRateLimit(scope, ["198.51.100.8"])).toEqual({ allowed: true });
    expect(await redis!.keys(`rl:${scope}:*`)).not.toHaveLength(0);
  });

  it("shares the sign-in backoff between instances", async () => {
    await loadRateLimit(REDIS_URL!);
    const first = await import("@/lib/accounts/sign-in-backoff");
    const email = `${scope}@example.com`;
    const ip = "198.51.100.9";
    for (let i = 0; i < first.FREE_FAILURES; i++) await first.recordSignInFailure(email, ip);
    await loadRateLimit(REDIS_URL!);
    const second = await import("@/lib/accounts/sign-in-backoff");
    expect(second).not.toBe(first);
    expect(await second.signInWait(email, ip)).toBe(1);
    // The count goes on in the other instance: the 6th failure locks for 2 s.
    expect((await second.recordSignInFailure(email, ip)).lockSeconds).toBe(2);
    await second.clearSignInFailures(email, ip);
    expect(await first.signInWait(email, ip)).toBe(0);
    const keys = await redis!.keys(`rl:sign-in:*${email}*`);
    if (keys.length) await redis!.del(...keys);
  });

  it("keeps limiting in memory while Redis is unreachable", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = await loadRateLimit("redis://127.0.0.1:1");
    for (let i = 0; i < 5; i++) {
      expect(await offline.checkRateLimit(scope, ["203.0.113.9"])).toEqual({ allowed: true });
    }
    expect((await offline.checkRateLimit(scope, ["203.0.113.9"])).allowed).toBe(false);
    errors.mockRestore();
  });
});
