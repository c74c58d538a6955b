import { beforeEach, describe, expect, it, vi } from "vitest";

const requestHeaders = { current: new Headers() };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));

const { checkRateLimit, clientIp, resetRateLimits, tooManyRequestsMessage } = await import("@/lib/rate-limit");

beforeEach(() => resetRateLimits());

describe("checkRateLimit (in memory)", () => {
  it("allows 5 a minute per key and refuses the 6th", async () => {
    for (let i = 0; i < 5; i++) expect(await checkRateLimit("test", ["1.2.3.4"])).toEqual({ allowed: true });
    const refused = await checkRateLimit("test", ["1.2.3.4"]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("counts every key: a new IP with a used email is refused", async () => {
    for (let i = 0; i < 5; i++) await checkRateLimit("test", [`10.0.0.${i}`, "Jane@Example.com"]);
    expect((await checkRateLimit("test", ["10.0.0.99", "jane@example.com"])).allowed).toBe(false);
    expect((await checkRateLimit("test", ["10.0.0.99", "other@example.com"])).allowed).toBe(true);
  });

  it("keeps scopes apart", async () => {
    for (let i = 0; i < 5; i++) await checkRateLimit("a", ["k"]);
    expect((await checkRateLimit("a", ["k"])).allowed).toBe(false);
    expect((await checkRateLimit("b", ["k"])).allowed).toBe(true);
  });

  it("applies the hourly window with the wait of the longest limit", async () => {
    const limits = { perMinute: 100, perHour: 3 };
    for (let i = 0; i < 3; i++) expect((await checkRateLimit("hourly", ["k"], limits)).allowed).toBe(true);
    const refused = await checkRateLimit("hourly", ["k"], limits);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(60 * 59);
  });

  it("allows a request with no usable key", async () => {
    expect(await checkRateLimit("test", ["", "  "])).toEqual({ allowed: true });
  });
});

describe("tooManyRequestsMessage", () => {
  it.each([
    [1, "Too many requests, try again in 1 minute"],
    [60, "Too many requests, try again in 1 minute"],
    [61, "Too many requests, try again in 2 minutes"],
    [3599, "Too many requests, try again in 60 minutes"],
    [0, "Too many requests, try again in 1 minute"],
  ])("%s s → %s", (seconds, message) => {
    expect(tooManyRequestsMessage(seconds)).toBe(message);
  });
});

describe("clientIp", () => {
  it("takes the first hop of X-Forwarded-For, then X-Real-IP, else 'unknown'", async () => {
    requestHeaders.current = new Headers({ "x-forwarded-for": " 203.0.113.7 , 10.0.0.1", "x-real-ip": "198.51.100.2" });
    expect(await clientIp()).toBe("203.0.113.7");
    requestHeaders.current = new Headers({ "x-real-ip": "198.51.100.2" });
    expect(await clientIp()).toBe("198.51.100.2");
    requestHeaders.current = new Headers();
    expect(await clientIp()).toBe("unknown");
  });
});
