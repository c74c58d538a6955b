/**
 * Load on two instances: 200 public booking requests at once, spread over both
 * instances by the proxy, each from a client address of its own (tests/cluster/load-run.ts).
 * Every request is saved exactly once, a retried request (same idempotency key) is not a second
 * booking, no answer is a 5xx, and the admin bookings page, loaded meanwhile by a signed-in staff
 * member, keeps answering. The figures are printed; their latency budgets are measured by the
 * bench beside the framework floor (bench/cluster-load.ts, docs/performance.md), not here.
 */
import os from "node:os";

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { bookings } from "@/db/schema";

import { type Cluster, startCluster } from "./harness";
import { figures, LOAD_CLIENTS, runBookingLoad } from "./load-run";
import { openClusterDb, sentToRequestPage } from "./support";

const RETRIED = 40;

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({ instances: 2 });
});

afterAll(async () => {
  await cluster?.stop();
});

describe("200 concurrent public bookings over two instances", () => {
  it("saves each exactly once, answers none with a 5xx, and a retried request is not a second booking", async () => {
    const { db, close } = await openClusterDb(cluster);
    try {
      const { clients, post, run, admin } = await runBookingLoad(cluster, db);

      expect(run.answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
      // Each request is taken: the browser is sent to its confirmation page.
      expect(
        run.answers.filter((a) => !sentToRequestPage(a)).map((a) => a.result ?? a.status),
      ).toEqual([]);

      const emails = clients.map((client) => client.values.email!);
      const countByEmail = async () => {
        const rows = await db
          .select({ email: bookings.email })
          .from(bookings)
          .where(inArray(bookings.email, emails));
        const counts = new Map<string, number>();
        for (const row of rows) counts.set(row.email, (counts.get(row.email) ?? 0) + 1);
        return { rows: rows.length, counts };
      };
      const saved = await countByEmail();
      expect(saved.rows).toBe(LOAD_CLIENTS);
      expect(emails.filter((email) => saved.counts.get(email) !== 1)).toEqual([]);

      // Retried requests (the same idempotency key, e.g. after a lost answer), also concurrent:
      // the same success, and no second booking.
      const retries = await Promise.all(clients.slice(0, RETRIED).map(post));
      expect(retries.filter((a) => a.status >= 500 || !sentToRequestPage(a))).toEqual([]);
      const afterRetries = await countByEmail();
      expect(afterRetries.rows).toBe(LOAD_CLIENTS);

      // For the record only: the budgets are checked by `npm run bench -- --cluster-load`.
      console.log(
        JSON.stringify({
          bookings: {
            ...figures(run.answers.map((a) => a.ms)),
            wallMs: Math.round(run.wallMs),
            perInstance: run.spread,
          },
          adminBookingsPage: { underLoad: figures(admin.underLoad), alone: figures(admin.alone) },
          cpu: {
            cores: os.availableParallelism(),
            usedMs: Math.round(run.cpuMs),
            perBookingMs: Math.round((run.cpuMs / LOAD_CLIENTS) * 10) / 10,
          },
          loadAverage: os.loadavg()[0],
        }),
      );

      expect(run.spread.every((n) => n >= LOAD_CLIENTS / 2 - 1)).toBe(true);
      expect([...admin.statuses]).toEqual([200]);
    } finally {
      await close();
    }
  });
});
