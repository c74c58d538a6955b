/**
 * Runs the admin bookings bench (./bench.test.ts, through Vitest with ./vitest.config.ts) on the
 * Postgres server and turns its rows into bench/run.ts checks: every scenario at p95 <= 100 ms
 * and at most 3 queries a page. Without a reachable server the checks are 'not
 * measured'.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Check } from "../check";

export const ADMIN_BOOKINGS_BUDGET = { p95Ms: 100, queries: 3 };

export type AdminBookingsRow = {
  scenario: string;
  total: number;
  page: number;
  queries: number;
  p50: number;
  p95: number;
  max: number;
};
export type AdminBookingsResult = {
  bookings: number;
  runs: number;
  server: string;
  /** The machine's 1-minute load average when the bench ended (other work inflates the times). */
  loadAverage?: number;
  rows: AdminBookingsRow[];
  note?: string;
};

export function measureAdminBookings(
  root: string,
  options: { quick: boolean },
): AdminBookingsResult {
  const out = path.join(os.tmpdir(), `admin-bookings-bench-${process.pid}.json`);
  rmSync(out, { force: true });
  const run = spawnSync(
    path.join(root, "node_modules/.bin/vitest"),
    ["run", "--config", "bench/admin-bookings/vitest.config.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        BENCH_ADMIN_BOOKINGS_OUT: out,
        ...(options.quick ? { BENCH_RUNS: "10", BENCH_BOOKINGS: "10000" } : {}),
      },
    },
  );
  if (run.status !== 0 || !existsSync(out)) {
    return {
      bookings: 0,
      runs: 0,
      server: "-",
      rows: [],
      note: "not measured (no Postgres server?)",
    };
  }
  const result = JSON.parse(readFileSync(out, "utf8")) as AdminBookingsResult;
  rmSync(out, { force: true });
  return { ...result, loadAverage: Math.round(os.loadavg()[0]! * 10) / 10 };
}

export function adminBookingsChecks(result: AdminBookingsResult): Check[] {
  if (result.rows.length === 0) {
    return [
      {
        name: "admin bookings page p95",
        value: result.note ?? "not measured",
        floor: "-",
        budget: `<= ${ADMIN_BOOKINGS_BUDGET.p95Ms} ms`,
        ok: null,
      },
    ];
  }
  return result.rows.flatMap((r) => [
    {
      name: `admin bookings p95: ${r.scenario}`,
      value: `${r.p95} ms`,
      floor: "-",
      budget: `<= ${ADMIN_BOOKINGS_BUDGET.p95Ms} ms`,
      ok: r.p95 <= ADMIN_BOOKINGS_BUDGET.p95Ms,
    },
    {
      name: `admin bookings queries: ${r.scenario}`,
      value: String(r.queries),
      floor: "-",
      budget: `<= ${ADMIN_BOOKINGS_BUDGET.queries}`,
      ok: r.queries <= ADMIN_BOOKINGS_BUDGET.queries,
    },
  ]);
}

export function adminBookingsTableRows(result: AdminBookingsResult): (string | number)[][] {
  return result.rows.map((r) => [r.scenario, r.total, r.page, r.queries, r.p50, r.p95, r.max]);
}
export const ADMIN_BOOKINGS_HEADERS = [
  "scenario",
  "matching",
  "page",
  "queries",
  "p50 ms",
  "p95 ms",
  "max ms",
];
