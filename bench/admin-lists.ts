/**
 * The admin lists' entry of `npm run bench` (bench/run.ts): runs bench/admin-lists.bench.ts on the
 * Postgres server through Vitest (its own config, bench/admin-lists.config.ts), prints its tables
 * and turns bench/results/admin-lists.json into budget checks: list pages p95 <= 100 ms server time with at
 * most 3 SQL statements each, the 50,000-row CSV export in under 2 s. Without a Postgres server the
 * checks are 'not measured'.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import type { Check } from "./check";

const root = path.resolve(import.meta.dirname, "..");
const RESULT = path.join(root, "bench", "results", "admin-lists.json");

type Report = {
  budget: { p95Ms: number; queries: number; exportMs: number };
  lists: { list: string; p50: number; p95: number; queries: number; rows: number }[];
  export: { rows: number; ms: number; csvMb: number; heapGrowthMb: number };
};

export function measureAdminLists(): { checks: Check[]; report: Report | null } {
  rmSync(RESULT, { force: true });
  const run = spawnSync(
    path.join(root, "node_modules/.bin/vitest"),
    ["run", "--config", "bench/admin-lists.config.ts"],
    { cwd: root, stdio: "inherit", env: process.env },
  );
  if (run.status !== 0 || !existsSync(RESULT)) {
    return {
      report: null,
      checks: [
        { name: "admin lists (Postgres server)", value: "-", floor: "-", budget: "-", ok: null },
      ],
    };
  }
  const report = JSON.parse(readFileSync(RESULT, "utf8")) as Report;
  const { budget } = report;
  const checks: Check[] = report.lists.map((l) => ({
    name: `admin list: ${l.list}`,
    value: `p95 ${l.p95} ms, ${l.queries} queries`,
    floor: "-",
    budget: `<= ${budget.p95Ms} ms, <= ${budget.queries} queries`,
    ok: l.p95 <= budget.p95Ms && l.queries <= budget.queries,
  }));
  checks.push({
    name: `CSV export: ${report.export.rows} rows`,
    value: `${report.export.ms} ms, heap +${report.export.heapGrowthMb} MB for ${report.export.csvMb} MB`,
    floor: "-",
    budget: `< ${budget.exportMs} ms`,
    ok: report.export.ms < budget.exportMs,
  });
  return { checks, report };
}
