/**
 * Redis down under two running instances (a private redis-server, stopped and started again on
 * the same port): pages still render (the page cache answers a miss), the public forms keep
 * working on each instance's own count, sign-in refuses with its message rather than counting
 * nothing, and when Redis is back sign-in works again without restarting the instances.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@/db";
import { type RedisServer, startRedisServer } from "@/tests/helpers/redis-server";

import { type Cluster, startCluster } from "./harness";
import { actionId, createAccount, openClusterDb, postAction, request } from "./support";

const EMAIL = "redis.down@example.com";
const PASSWORD = "sipi falls at noon";
const SIGN_IN_UNAVAILABLE =
  "Sign-in is temporarily unavailable. Please try again in a few minutes.";

let redis: RedisServer;
let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  redis = await startRedisServer();
  cluster = await startCluster({ instances: 2, redisUrl: redis.url, mailCapture: false });
  ({ db, close: closeDb } = await openClusterDb(cluster));
  await createAccount(db, { email: EMAIL, password: PASSWORD });
});

afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
  await redis?.stop();
});

let address = 0;
const nextAddress = () => `127.30.0.${++address}`;

const signIn = (instance: number) =>
  postAction(
    cluster.url,
    "/customer/auth",
    actionId("actions/accounts.ts", "signInAction"),
    { email: EMAIL, password: PASSWORD },
    { instance, localAddress: nextAddress() },
  );

const contact = (instance: number, localAddress: string, n: number) =>
  postAction(
    cluster.url,
    "/contact",
    actionId("actions/messages.ts", "sendContactMessageAction"),
    { name: "Redis Tester", email: `down${n}@example.com`, subject: "Hello", message: `#${n}` },
    { instance, localAddress },
  );

describe("Redis down under two instances", () => {
  it("renders pages, keeps the public forms on per-instance limits, refuses sign-in; back, signs in", async () => {
    expect((await signIn(0)).result?.status).toBe("success");
    await redis.stop();

    for (const path of ["/", "/tours", "/contact"]) {
      for (const instance of [0, 1]) {
        const page = await request(`${cluster.url}${path}`, { instance });
        expect(page.status, `${path} on instance ${instance}`).toBe(200);
      }
    }

    // One client on one instance: five messages pass on the in-memory count, the sixth is refused.
    const client = nextAddress();
    const answers: (string | undefined)[] = [];
    for (let n = 0; n < 6; n++) {
      const response = await contact(0, client, n);
      answers.push(response.result?.status === "success" ? "sent" : response.result?.title);
    }
    expect(answers).toEqual(["sent", "sent", "sent", "sent", "sent", "Too Many Requests"]);

    for (const instance of [0, 1]) {
      const refused = await signIn(instance);
      expect(refused.status).toBe(200);
      expect(refused.result).toMatchObject({ status: "error", message: SIGN_IN_UNAVAILABLE });
    }

    // Back: the instances' Redis clients reconnect by themselves (within their retry delay).
    await redis.start();
    const deadline = Date.now() + 15_000;
    let recovered = [false, false];
    while (Date.now() < deadline && !recovered.every(Boolean)) {
      recovered = await Promise.all(
        [0, 1].map(async (i) => recovered[i] || (await signIn(i)).result?.status === "success"),
      );
      if (!recovered.every(Boolean)) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toEqual([true, true]);
  });
});
