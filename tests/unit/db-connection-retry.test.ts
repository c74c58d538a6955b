import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { isConnectionError, noteConnectionLost, retryOnConnectionLoss } from "@/db";

/** An error as Drizzle throws it: its own, with the driver's as `cause`. */
const wrapped = (code: string) =>
  Object.assign(new Error("Failed query: insert into ..."), {
    cause: Object.assign(new Error(code), { code }),
  });

beforeEach(() => {
  // No connection lost yet in this process (db/index.ts keeps the time on globalThis).
  (globalThis as { __dbConnectionLostAt?: number }).__dbConnectionLostAt = undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("isConnectionError", () => {
  it.each(["CONNECTION_CLOSED", "ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006"])(
    "%s is a lost connection",
    (code) => expect(isConnectionError(wrapped(code))).toBe(true),
  );
  it("sees the driver's error under the opening's 'Cannot connect' error", () => {
    const opening = new Error("Cannot connect to the Postgres server", {
      cause: wrapped("ECONNRESET"),
    });
    expect(isConnectionError(opening)).toBe(true);
  });
  it.each(["23505", "42P01", "40001", undefined])("%s is not", (code) =>
    expect(isConnectionError(code ? wrapped(code) : new Error("boom"))).toBe(false),
  );
});

describe("retryOnConnectionLoss", () => {
  it("repeats the work after lost connections, then answers its result", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const work = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(wrapped("57P01"))
      .mockRejectedValueOnce(wrapped("ECONNREFUSED"))
      .mockResolvedValue("stored");
    expect(await retryOnConnectionLoss(work, { pausesMs: [1, 1, 1] })).toBe("stored");
    expect(work).toHaveBeenCalledTimes(3);
  });

  it("gives up after the last pause, and never repeats other errors", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const lost = vi.fn(() => Promise.reject(wrapped("CONNECTION_CLOSED")));
    await expect(retryOnConnectionLoss(lost, { pausesMs: [1, 1] })).rejects.toThrow(/Failed query/);
    expect(lost).toHaveBeenCalledTimes(3);
    const duplicate = vi.fn(() => Promise.reject(wrapped("23505")));
    await expect(retryOnConnectionLoss(duplicate, { pausesMs: [1, 1] })).rejects.toThrow();
    expect(duplicate).toHaveBeenCalledTimes(1);
  });

  it("waits for a slow attempt while no connection was lost (a busy server)", async () => {
    const slow = vi.fn(
      () => new Promise<string>((resolve) => setTimeout(() => resolve("stored"), 60)),
    );
    expect(await retryOnConnectionLoss(slow, { pausesMs: [1], attemptMs: 20 })).toBe("stored");
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it("after a lost connection, counts an attempt without an answer in time as lost: repeats it, then gives up in time", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    noteConnectionLost();
    const stuck = vi
      .fn<() => Promise<string>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValue("stored");
    expect(await retryOnConnectionLoss(stuck, { pausesMs: [1], attemptMs: 20 })).toBe("stored");
    const never = vi.fn(() => new Promise<string>(() => {}));
    const started = Date.now();
    await expect(
      retryOnConnectionLoss(never, { pausesMs: [1, 1, 1, 1, 1], attemptMs: 20, totalMs: 50 }),
    ).rejects.toThrow(/no answer from the database/);
    expect(Date.now() - started).toBeLessThan(500);
    expect(never.mock.calls.length).toBeLessThan(5);
  });
});
