/**
 * Redis (REDIS_URL, the shared store of the rate limits) goes down and comes back while the site
 * runs: a private redis-server that the test stops and starts again on the same port.
 * - Public forms (booking, contact, newsletter) keep their limits in this process's memory: the
 *   first five requests of an address pass, the sixth is refused.
 * - Sign-in (the action's limits, the account backoff, second-factor codes, password checks)
 *   refuses with a clear message instead of letting uncounted guesses through.
 * - When Redis is back, both work on Redis again without a restart.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before any import reads lib/env.ts: the limiters must see this REDIS_URL.
const redisServer = await vi.hoisted(async () => {
  const { startRedisServer } = await import("../helpers/redis-server");
  const server = await startRedisServer();
  process.env.REDIS_URL = server.url;
  return server;
});

import { users } from "@/db/schema";
import { adminSignInAction, signInAction } from "@/actions/accounts";
import { sendContactMessageAction } from "@/actions/messages";
import { subscribeNewsletterAction } from "@/actions/newsletter";
import { PASSWORD_CHECKS_PER_ACCOUNT } from "@/lib/accounts/customer-limits";
import { authenticateWithPassword } from "@/lib/accounts/data/sign-in";
import { MFA_CODE_LIMITS } from "@/lib/accounts/data/second-factor-codes";
import { DomainError } from "@/lib/errors";
import { hashPassword } from "@/lib/accounts/password";
import { checkRateLimit, SIGN_IN_UNAVAILABLE_MESSAGE } from "@/lib/rate-limit";
import { useTestDb } from "@/tests/helpers/db";
import { newVisitor } from "@/tests/helpers/fake-request";
import { asFormData, publicBookingValues } from "@/tests/helpers/payloads";
import { requestAnswer } from "@/tests/helpers/requested";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
const PASSWORD = "queen elizabeth park";
const EMAIL = "redis-down@example.com";
const inspector = new Redis(redisServer.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
inspector.on("error", () => {}); // Expected while the server is stopped.

let ipCounter = 0;
const nextIp = () => newVisitor(`203.0.113.${++ipCounter}`);

/** A private trip's request: 'requested' when the browser goes on to its confirmation page. */
const booking = (email: string) =>
  requestAnswer(asFormData(publicBookingValues({ website: "", email })));
const contact = (email: string) =>
  sendContactMessageAction(
    undefined,
    asFormData({
      name: "Okello James",
      email,
      subject: "Birding at Mabamba",
      message: "Can we see the shoebill in March?",
      website: "",
    }),
  );
const newsletter = (email: string) =>
  subscribeNewsletterAction(undefined, asFormData({ email, website: "" }));

/** Six requests from one address (each with its own email): the statuses in order. */
async function sixFromOneAddress(send: (email: string) => Promise<{ status: string }>) {
  nextIp();
  const statuses: string[] = [];
  for (let i = 0; i < 6; i++) {
    statuses.push((await send(`visitor-${ipCounter}-${i}@example.com`)).status);
  }
  return statuses;
}

const signIn = () => signInAction(undefined, asFormData({ email: EMAIL, password: PASSWORD }));

/** Until the limiters' Redis client has reconnected (it retries by itself). */
async function untilLimitsUseRedis() {
  const deadline = Date.now() + 15_000;
  for (;;) {
    nextIp();
    const counted = await checkRateLimit("redis-probe", [`probe-${ipCounter}`]).then(
      async () => (await inspector.keys(`rl:redis-probe:*probe-${ipCounter}`)).length > 0,
    );
    if (counted) return;
    if (Date.now() > deadline) throw new Error("the limiters did not reconnect to Redis");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  await t.db.insert(users).values({
    email: EMAIL,
    name: "Apio Grace",
    emailVerified: new Date(),
    passwordHash: await hashPassword(PASSWORD),
  });
  await inspector.connect();
});

afterAll(async () => {
  inspector.disconnect();
  await redisServer.stop();
});

describe("Redis down, then back", () => {
  it("counts on Redis while it is up, and signs in", async () => {
    nextIp();
    expect((await booking("up@example.com")).status).toBe("requested");
    expect(await inspector.keys("rl:booking:*")).not.toHaveLength(0);
    nextIp();
    expect(await signIn()).toMatchObject({ status: "success" });
  });

  it("while down: public forms allow five requests per address, then refuse", async () => {
    await redisServer.stop();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const expected = [...Array(5).fill("success"), "error"];
    expect(await sixFromOneAddress(booking)).toEqual([...Array(5).fill("requested"), "error"]);
    expect(await sixFromOneAddress(contact)).toEqual(expected);
    expect(await sixFromOneAddress(newsletter)).toEqual(expected);
    // Another address has its own count.
    nextIp();
    expect(await booking("another@example.com")).toMatchObject({ status: "requested" });
    errors.mockRestore();
  });

  it("while down: sign-in refuses with a clear message, even with the right password", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    nextIp();
    expect(await signIn()).toMatchObject({
      status: "error",
      title: "Sign In Failed",
      message: SIGN_IN_UNAVAILABLE_MESSAGE,
    });
    nextIp();
    expect(
      await adminSignInAction(undefined, asFormData({ email: EMAIL, password: PASSWORD })),
    ).toMatchObject({
      status: "error",
      title: "Login Failed",
      message: SIGN_IN_UNAVAILABLE_MESSAGE,
    });
    // Below the action's limits: the account backoff, the second factor, the password checks.
    const unavailable = { code: "limits_unavailable" };
    await expect(authenticateWithPassword(EMAIL, "a wrong guess")).rejects.toMatchObject(
      unavailable,
    );
    await expect(authenticateWithPassword(EMAIL, PASSWORD)).rejects.toBeInstanceOf(DomainError);
    await expect(checkRateLimit("mfa-code", ["u1"], MFA_CODE_LIMITS)).rejects.toMatchObject(
      unavailable,
    );
    await expect(
      checkRateLimit("current-password:account", ["u1"], PASSWORD_CHECKS_PER_ACCOUNT),
    ).rejects.toMatchObject(unavailable);
    errors.mockRestore();
  });

  it("back up: sign-in and the public limits work on Redis again, without a restart", async () => {
    await redisServer.start();
    await untilLimitsUseRedis();
    nextIp();
    expect(await signIn()).toMatchObject({ status: "success" });
    expect(await inspector.keys("rl:sign-in:*")).not.toHaveLength(0);
    nextIp();
    expect((await booking("back@example.com")).status).toBe("requested");
    expect(await inspector.keys("rl:booking:*")).not.toHaveLength(0);
  });
});
