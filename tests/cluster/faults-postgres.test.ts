/**
 * Postgres restarted in the middle of the load: two instances behind the proxy on a private
 * Postgres server (tests/helpers/postgres-server.ts; the shared one is never touched), 20
 * clients submitting bookings for 15 s (or until 6 s after the restart), each from its own loopback address with its own email
 * (the rate limits count per address and per email), and `pg_ctl restart -m fast` after 5 s.
 * - Every submission gets an answer (success or an error), none hangs.
 * - Every booking answered as received is in the database exactly once (by its idempotency key).
 * - The instances recover by themselves: submissions made after the restart succeed without
 *   restarting them.
 */
import { randomUUID } from "node:crypto";

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { bookings } from "@/db/schema";
import { asFormData, publicBookingValues } from "@/tests/helpers/payloads";
import { type PostgresServer, startPostgresServer } from "@/tests/helpers/postgres-server";

import { type Cluster, startCluster } from "./harness";
import { actionId, openClusterDb, postAction, sentToRequestPage } from "./support";

const CLIENTS = 20;
const LOAD_MS = 15_000;
const RESTART_AT_MS = 5_000;
/** An answer slower than this counts as a hang. */
const HANG_MS = 25_000;

type Outcome = {
  key: string;
  startedMs: number;
  endedMs: number;
  answer: "success" | "error" | "hang";
  status: number;
};

let pg: PostgresServer;
let cluster: Cluster;

beforeAll(async () => {
  pg = await startPostgresServer();
  cluster = await startCluster({ instances: 2, databaseUrl: pg.url, mailCapture: false });
});

afterAll(async () => {
  await cluster?.stop();
  await pg?.stop();
});

/** The n-th submission's own source address: 127.20.0.1, 127.20.0.2 … (all loopback). */
const addressOf = (n: number) => `127.20.${Math.floor(n / 250)}.${(n % 250) + 1}`;

describe("Postgres restarted in the middle of the load", () => {
  it("answers every submission, loses no booking answered as received, and recovers by itself", async () => {
    const submit = actionId("actions/bookings.ts", "submitBookingAction");
    const outcomes: Outcome[] = [];
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let submissions = 0;
    let restart = { startMs: 0, endMs: 0 };

    // At least LOAD_MS, and on until 6 s past the restart's end (under load it can take 10 s).
    const loading = () => now() < LOAD_MS || !restart.endMs || now() < restart.endMs + 6_000;
    const client = async () => {
      while (loading()) {
        const n = submissions++;
        const key = randomUUID();
        const values = publicBookingValues({
          website: "",
          email: `pg-restart-${n}@example.com`,
          idempotencyKey: key,
        });
        const input = Object.fromEntries(asFormData(values).entries());
        const startedMs = now();
        const outcome: Outcome = { key, startedMs, endedMs: 0, answer: "hang", status: 0 };
        try {
          const response = await postAction(cluster.url, "/booking", submit, input, {
            localAddress: addressOf(n),
            timeoutMs: HANG_MS,
          });
          outcome.status = response.status;
          // A request taken sends the browser to its confirmation page.
          outcome.answer = sentToRequestPage(response) ? "success" : "error";
        } catch (error) {
          outcome.answer = /timeout/.test(String(error)) ? "hang" : "error";
        }
        outcome.endedMs = now();
        outcomes.push(outcome);
      }
    };

    const restarter = async () => {
      await new Promise((resolve) => setTimeout(resolve, RESTART_AT_MS));
      restart.startMs = now();
      await pg.restart();
      restart = { ...restart, endMs: now() };
    };

    await Promise.all([restarter(), ...Array.from({ length: CLIENTS }, client)]);

    const succeeded = outcomes.filter((o) => o.answer === "success");
    const failed = outcomes.filter((o) => o.answer === "error");
    const hung = outcomes.filter((o) => o.answer === "hang");
    // Started once the server was back (plus the pool's first reconnect): must all succeed.
    const after = outcomes.filter((o) => o.startedMs > restart.endMs + 3_000);
    const firstSuccessAfter = Math.min(
      ...succeeded.filter((o) => o.startedMs >= restart.endMs).map((o) => o.endedMs),
    );

    const { db, close } = await openClusterDb(cluster);
    let stored: { key: string | null }[] = [];
    try {
      const keys = succeeded.map((o) => o.key);
      for (let i = 0; i < keys.length; i += 500) {
        stored = stored.concat(
          await db
            .select({ key: bookings.idempotencyKey })
            .from(bookings)
            .where(inArray(bookings.idempotencyKey, keys.slice(i, i + 500))),
        );
      }
    } finally {
      await close();
    }

    console.log(
      JSON.stringify({
        event: "postgres_restart_figures",
        submissions: outcomes.length,
        succeeded: succeeded.length,
        failedWithAnAnswer: failed.length,
        failedStatuses: [...new Set(failed.map((o) => o.status))],
        hung: hung.length,
        restartMs: Math.round(restart.endMs - restart.startMs),
        firstSuccessAfterRestartMs: Math.round(firstSuccessAfter - restart.endMs),
        submittedAfterRecovery: after.length,
        slowestAnswerMs: Math.round(Math.max(...outcomes.map((o) => o.endedMs - o.startedMs))),
      }),
    );

    expect(hung).toEqual([]);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((o) => o.answer !== "success")).toEqual([]);
    // Each success once in the database: as many rows as successes, each key among them.
    expect(stored.map((row) => row.key).sort()).toEqual(succeeded.map((o) => o.key).sort());
  });
});
