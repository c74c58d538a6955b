/**
 * Runs the OCTO API bench (./bench.test.ts, through Vitest with ./vitest.config.ts) on the
 * Postgres server and turns its rows into bench/run.ts checks: availability checks and calendars
 * at p95 <= 50 ms, reservations and confirmations at p95 <= 100 ms. Without a reachable server
 * the checks are 'not measured'.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Check } from "../check";

export const OCTO_BUDGET = { readP95Ms: 50, writeP95Ms: 100 };

export type OctoBenchRow = {
  scenario: string;
  /** Reads (availability, calendar) and writes (reservation, confirmation) have their budgets. */
  kind: "read" | "write";
  /** Availabilities or days answered by the last call. */
  answered: number;
  p50: number;
  p95: number;
  max: number;
};

export type OctoBenchResult = {
  departures: number;
  bookings: number;
  runs: number;
  server: string;
  /** The machine's 1-minute load average when the bench ended (other work inflates the times). */
  loadAverage?: number;
  rows: OctoBenchRow[];
  note?: string;
};

export function measureOcto(root: string, options: { quick: boolean }): OctoBenchResult {
  const out = path.join(os.tmpdir(), `octo-bench-${process.pid}.json`);
  rmSync(out, { force: true });
  const run = spawnSync(
    path.join(root, "node_modules/.bin/vitest"),
    ["run", "--config", "bench/octo/vitest.config.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        BENCH_OCTO_OUT: out,
        // Each timed call writes an audit event: its log lines would bury the figures.
        LOG_LEVEL: "warn",
        ...(options.quick ? { BENCH_RUNS: "20" } : {}),
      },
    },
  );
  if (run.status !== 0 || !existsSync(out)) {
    return {
      departures: 0,
      bookings: 0,
      runs: 0,
      server: "-",
      rows: [],
      note: "not measured (no Postgres server?)",
    };
  }
  const result = JSON.parse(readFileSync(out, "utf8")) as OctoBenchResult;
  rmSync(out, { force: true });
  return { ...result, loadAverage: Math.round(os.loadavg()[0]! * 10) / 10 };
}

const budgetOf = (row: OctoBenchRow) =>
  row.kind === "read" ? OCTO_BUDGET.readP95Ms : OCTO_BUDGET.writeP95Ms;

export function octoChecks(result: OctoBenchResult): Check[] {
  if (result.rows.length === 0) {
    return [
      {
        name: "OCTO API p95",
        value: result.note ?? "not measured",
        floor: "-",
        budget: `<= ${OCTO_BUDGET.readP95Ms} ms (reads), <= ${OCTO_BUDGET.writeP95Ms} ms (writes)`,
        ok: null,
      },
    ];
  }
  return result.rows.map((r) => ({
    name: `OCTO API p95: ${r.scenario}`,
    value: `${r.p95} ms`,
    floor: "-",
    budget: `<= ${budgetOf(r)} ms`,
    ok: r.p95 <= budgetOf(r),
  }));
}

export const OCTO_HEADERS = ["scenario", "answered", "p50 ms", "p95 ms", "max ms", "budget p95"];

export function octoTableRows(result: OctoBenchResult): (string | number)[][] {
  return result.rows.map((r) => [
    r.scenario,
    r.answered,
    r.p50,
    r.p95,
    r.max,
    `<= ${budgetOf(r)} ms`,
  ]);
}
