import { beforeEach, describe, expect, it, vi } from "vitest";

const requestHeaders = { current: new Headers() };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));

const { checkRateLimit, clientIp, resetRateLimits, tooManyRequestsMessage } = await import("@/lib/rate-limit");
const { clientAddress, PEER_ADDRESS_HEADER } = await import("@/lib/client-address");

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
  // The first X-Forwarded-For entry is whatever the client wrote.
  it("is not taken from an X-Forwarded-For or X-Real-IP the client sent (no trusted proxy)", async () => {
    for (const forged of ["6.6.6.6", "6.6.6.7, 6.6.6.8"]) {
      requestHeaders.current = new Headers({
        "x-forwarded-for": forged,
        "x-real-ip": "6.6.6.9",
        [PEER_ADDRESS_HEADER]: "203.0.113.7",
      });
      expect(await clientIp()).toBe("203.0.113.7");
    }
  });

  it("is 'unknown' when neither a trusted proxy nor the socket says", async () => {
    requestHeaders.current = new Headers({ "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.9" });
    expect(await clientIp()).toBe("unknown");
    requestHeaders.current = new Headers();
    expect(await clientIp()).toBe("unknown");
  });
});

describe("clientAddress (TRUSTED_PROXY_HOPS counted from the right)", () => {
  const h = (xff: string | null, peer: string | null) =>
    new Headers({
      ...(xff === null ? {} : { "x-forwarded-for": xff }),
      ...(peer === null ? {} : { [PEER_ADDRESS_HEADER]: peer }),
    });

  it("0 hops: the socket's peer, whatever X-Forwarded-For says", () => {
    expect(clientAddress(h(null, "203.0.113.7"), 0)).toBe("203.0.113.7");
    expect(clientAddress(h("1.1.1.1, 2.2.2.2", "203.0.113.7"), 0)).toBe("203.0.113.7");
    expect(clientAddress(h("1.1.1.1", null), 0)).toBe("unknown");
  });

  it("1 hop (one reverse proxy that appends): the entry it appended", () => {
    // nginx `proxy_add_x_forwarded_for`: client-sent entries, then the real client; peer = nginx.
    expect(clientAddress(h("6.6.6.6, 198.51.100.4", "10.0.0.2"), 1)).toBe("198.51.100.4");
    expect(clientAddress(h("198.51.100.4", "10.0.0.2"), 1)).toBe("198.51.100.4");
    // Vercel overwrites X-Forwarded-For with the client's address; no peer recorded there.
    expect(clientAddress(h("198.51.100.4", null), 1)).toBe("198.51.100.4");
  });

  it("2 hops: a CDN in front of a load balancer", () => {
    expect(clientAddress(h("6.6.6.6, 198.51.100.4, 172.16.0.9", "10.0.0.2"), 2)).toBe(
      "198.51.100.4",
    );
  });

  it("rotating a forged first entry never changes the answer", () => {
    const seen = new Set(
      ["1.1.1.1", "2.2.2.2", "3.3.3.3, 4.4.4.4"].map((forged) =>
        clientAddress(h(`${forged}, 198.51.100.4`, "10.0.0.2"), 1),
      ),
    );
    expect([...seen]).toEqual(["198.51.100.4"]);
  });
});
