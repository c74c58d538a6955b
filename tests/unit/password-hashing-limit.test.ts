/**
 * At most a few password hashes at once: each scrypt takes 128 MiB (N=2^17, r=8) and
 * most of a core, so a burst of sign-ins must wait in line, boundedly, or be refused.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  HASH_MAX_QUEUE,
  HASH_MAX_WAIT_MS,
  HASH_SLOTS,
  hashPassword,
  hashSlots,
  PasswordHashingBusy,
} from "@/lib/accounts/password";
import { Semaphore, SemaphoreTimeout } from "@/lib/semaphore";

afterEach(() => {
  vi.useRealTimers();
});

/** A task that runs until `finish()` is called. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, task: () => done };
}

describe("Semaphore", () => {
  it("runs at most `slots` tasks at once and hands each freed slot to the next in line", async () => {
    const lock = new Semaphore(2, 1_000, 10);
    const [a, b, c] = [held(), held(), held()];
    const order: string[] = [];
    const runs = [
      lock.run(async () => (await a.task(), order.push("a"))),
      lock.run(async () => (await b.task(), order.push("b"))),
      lock.run(async () => (order.push("c started"), await c.task(), order.push("c"))),
    ];
    await Promise.resolve();
    expect(lock.stats).toEqual({ held: 2, waiting: 1 });
    b.finish();
    await runs[1];
    await vi.waitFor(() => expect(order).toContain("c started"));
    expect(lock.stats).toEqual({ held: 2, waiting: 0 });
    a.finish();
    c.finish();
    await Promise.all(runs);
    expect(lock.stats).toEqual({ held: 0, waiting: 0 });
  });

  it("refuses a caller that waited longer than maxWaitMs, without running its task", async () => {
    vi.useFakeTimers();
    const lock = new Semaphore(1, 500, 10);
    const first = held();
    const running = lock.run(first.task);
    const task = vi.fn(async () => "ran");
    const waiting = lock.run(task);
    const outcome = expect(waiting).rejects.toBeInstanceOf(SemaphoreTimeout);
    await vi.advanceTimersByTimeAsync(501);
    await outcome;
    expect(task).not.toHaveBeenCalled();
    expect(lock.stats).toEqual({ held: 1, waiting: 0 });
    first.finish();
    await running;
    expect(await lock.run(task)).toBe("ran");
  });

  it("refuses at once when maxQueue callers already wait", async () => {
    const lock = new Semaphore(1, 60_000, 2);
    const first = held();
    const running = lock.run(first.task);
    const queued = [lock.run(async () => 1), lock.run(async () => 2)];
    await expect(lock.run(async () => 3)).rejects.toBeInstanceOf(SemaphoreTimeout);
    first.finish();
    await running;
    expect(await Promise.all(queued)).toEqual([1, 2]);
  });
});

describe("password hashing limit", () => {
  it(`runs at most ${HASH_SLOTS} hashes; the next waits at most ${HASH_MAX_WAIT_MS} ms and is refused with 'Too many requests'`, async () => {
    expect(hashSlots.slots).toBe(HASH_SLOTS);
    expect(HASH_MAX_QUEUE).toBeGreaterThan(0);
    vi.useFakeTimers();
    // Every slot busy (as with HASH_SLOTS long hashes running).
    const busy = Array.from({ length: HASH_SLOTS }, () => held());
    const running = busy.map((b) => hashSlots.run(b.task));
    const refused = hashPassword("a perfectly fine passphrase");
    const outcome = expect(refused).rejects.toBeInstanceOf(PasswordHashingBusy);
    await vi.advanceTimersByTimeAsync(HASH_MAX_WAIT_MS + 1);
    await outcome;
    await refused.catch((error: PasswordHashingBusy) => {
      // The action layer answers it with the 'Too Many Requests' toast (retry in 1 minute).
      expect(error.code).toBe("rate_limited");
      expect(error.details.retryAfterSeconds).toBe(60);
    });
    busy.forEach((b) => b.finish());
    await Promise.all(running);
    vi.useRealTimers();
    // With a slot free again, hashing works.
    expect(await hashPassword("a perfectly fine passphrase")).toMatch(/^scrypt\$/);
  });
});
