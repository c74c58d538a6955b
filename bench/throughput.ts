/**
 * Part 1 of `npm run bench`: the throughput of the site's cached pages beside the framework
 * floor's page, both servers up at once and measured in alternating rounds (every target for a
 * few seconds, then every target again, the order reversed each round), so a neighbour that
 * takes the CPU for a while slows the floor and the site alike instead of whichever ran then.
 * Each page is held to its ratio to the floor page of the same round, /robots.txt to its ratio to
 * a static file of the site; the median over the rounds counts.
 *
 * A ratio only means something when the floor itself was measured: the part refuses (no ratio
 * counts) when the floor's page serves under a sane rate for this kind of machine in any round,
 * or when its rounds disagree by more than a set spread. Then the host, not the site, is what
 * the figures describe.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

import type { Check } from "./check";

export const THROUGHPUT_BUDGET = {
  /** A cached page serves at least this share of the floor page's requests/s (same round). */
  pageVsFloor: 0.8,
  /** /robots.txt serves at least this share of the static file's requests/s (same round). */
  robotsVsStatic: 0.8,
};

/**
 * The host checks' defaults. On a quiet host, with the server and the load generator pinned to a
 * CPU each, the floor page serves well above the minimum: a round under it means something else
 * held one of the two CPUs for much of it, and the site's rounds beside it then measure that
 * neighbour. 25 %: quiet rounds of the floor, once warmed up, agree within a few per cent; a
 * quarter apart, the load changed between rounds, and a ratio of the same round no longer
 * cancels it.
 */
export const HOST_DEFAULTS = { minFloorRps: 1000, maxFloorSpread: 0.25 };

/**
 * "stack-page": the floor's page of a cached page's size; "stack-robots": the floor's own
 * robots.txt. Measured in the same rounds and printed with the same ratios, held to no budget:
 * what next itself allows a response of that kind on this host.
 */
export type TargetRole = "floor" | "static" | "page" | "robots" | "stack-page" | "stack-robots";
export type ThroughputTarget = {
  /** As printed: "floor /", the static file's path, or the site's route. */
  label: string;
  role: TargetRole;
  url: string;
  /** The server's process group (its `next start`), whose CPU time each round reads. */
  pgid?: number;
};
export type TargetResult = {
  label: string;
  role: TargetRole;
  /** Requests per second, one per round. */
  rps: number[];
  /** The server's CPU time per request in each round (µs), where it could be read. */
  cpuUsPerRequest: (number | null)[];
  p50: number[];
  p99: number[];
  non2xx: number;
  errors: number;
};
export type HostVerdict = {
  ok: boolean;
  /** Plain sentences: why the host cannot be measured (empty when ok). */
  reasons: string[];
  floorRps: number[];
  /** 1 - slowest round / fastest round of the floor page. */
  floorSpread: number;
  minFloorRps: number;
  maxFloorSpread: number;
};
export type ThroughputResult = {
  settings: { rounds: number; seconds: number; connections: number; pinned: boolean };
  targets: TargetResult[];
  host: HostVerdict;
};

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** How far apart the rounds are: 1 - slowest / fastest (0: identical; 0.25: a quarter under). */
export function spread(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const max = Math.max(...values);
  return max > 0 ? 1 - Math.min(...values) / max : 1;
}

/** Whether the floor's rounds describe the site's stack or the host's other work. */
export function hostVerdict(
  floor: Pick<TargetResult, "rps" | "non2xx" | "errors">,
  limits: { minFloorRps: number; maxFloorSpread: number } = HOST_DEFAULTS,
): HostVerdict {
  const reasons: string[] = [];
  const slowest = Math.min(...floor.rps);
  const floorSpread = spread(floor.rps);
  const rounds = floor.rps.map((r) => Math.round(r)).join(", ");
  if (floor.rps.length === 0) reasons.push("the floor page was not measured");
  else if (slowest < limits.minFloorRps)
    reasons.push(
      `the floor page served ${Math.round(slowest)} req/s in a round (rounds: ${rounds}), under ` +
        `the ${limits.minFloorRps} req/s a quiet host of this kind serves`,
    );
  if (floor.rps.length > 0 && floorSpread > limits.maxFloorSpread)
    reasons.push(
      `the floor page's rounds are ${pct(floorSpread)} apart (${rounds}), more than ` +
        `${pct(limits.maxFloorSpread)}`,
    );
  if (floor.non2xx > 0 || floor.errors > 0)
    reasons.push(`the floor page answered ${floor.non2xx} non-2xx and ${floor.errors} errors`);
  return { ok: reasons.length === 0, reasons, floorRps: floor.rps, floorSpread, ...limits };
}

const pct = (ratio: number) => `${Math.round(ratio * 100)} %`;

/** Each round's ratio of `target` to `base` (the same round), and their median. */
export function roundRatios(
  target: number[],
  base: number[],
): { rounds: number[]; median: number } {
  const rounds = target.map((value, i) => (base[i] ? value / base[i]! : Number.NaN));
  return { rounds, median: median(rounds.filter((r) => !Number.isNaN(r))) };
}

/** What each target is held to: a page to the floor's page, /robots.txt to the static file. */
const baseOf = (role: TargetRole): TargetRole | null =>
  role === "page" || role === "stack-page"
    ? "floor"
    : role === "robots" || role === "stack-robots"
      ? "static"
      : null;

export const THROUGHPUT_HEADERS = [
  "target",
  "req/s a round",
  "median",
  "x floor page",
  "x static file",
  "CPU µs/req",
  "non-2xx/errors",
];

/**
 * The table: each target's requests/s per round and median, its median ratio to the floor page
 * and to the static file (each round's ratio in brackets), the server's CPU per request.
 */
export function throughputTableRows(result: ThroughputResult): string[][] {
  const floor = result.targets.find((t) => t.role === "floor");
  const file = result.targets.find((t) => t.role === "static");
  const ratio = (target: TargetResult, base: TargetResult | undefined) => {
    if (!base || base === target) return "-";
    const r = roundRatios(target.rps, base.rps);
    return `${r.median.toFixed(2)} (${r.rounds.map((x) => x.toFixed(2)).join(" ")})`;
  };
  return result.targets.map((t) => {
    const cpu = t.cpuUsPerRequest.filter((c): c is number => c !== null);
    return [
      t.label,
      t.rps.map((r) => Math.round(r)).join(" "),
      String(Math.round(median(t.rps))),
      ratio(t, floor),
      ratio(t, file),
      cpu.length ? String(Math.round(median(cpu))) : "-",
      `${t.non2xx}/${t.errors}`,
    ];
  });
}

/**
 * The budgets: every page at >= pageVsFloor of the floor page, /robots.txt at >= robotsVsStatic
 * of the static file (median of the rounds' ratios; no non-2xx or error). Not measured when the
 * host was refused: those ratios describe the host.
 */
export function throughputChecks(result: ThroughputResult): Check[] {
  const byRole = (role: TargetRole) => result.targets.find((t) => t.role === role);
  return result.targets.flatMap((t): Check[] => {
    const baseRole = baseOf(t.role);
    if (!baseRole || t.role.startsWith("stack-")) return [];
    const base = byRole(baseRole);
    const min =
      t.role === "page" ? THROUGHPUT_BUDGET.pageVsFloor : THROUGHPUT_BUDGET.robotsVsStatic;
    const baseName = baseRole === "floor" ? "floor page" : "static file";
    const name = `Throughput ${t.label} vs ${baseName}`;
    const budget = `>= ${min} of the ${baseName}`;
    const baseFigure = base ? `${Math.round(median(base.rps))} req/s` : "-";
    if (!result.host.ok || !base)
      return [{ name, value: "host too busy to measure", floor: baseFigure, budget, ok: null }];
    const ratio = roundRatios(t.rps, base.rps);
    const clean = t.non2xx === 0 && t.errors === 0;
    return [
      {
        name,
        value:
          `${Math.round(median(t.rps))} req/s, ${ratio.median.toFixed(2)} ` +
          `(rounds ${ratio.rounds.map((r) => r.toFixed(2)).join(", ")})` +
          (clean ? "" : `; ${t.non2xx} non-2xx, ${t.errors} errors`),
        floor: baseFigure,
        budget,
        ok: clean && ratio.median >= min,
      },
    ];
  });
}

/** The refusal, as printed: what was seen and what to do. */
export function refusalMessage(host: HostVerdict): string {
  return [
    "The host is too busy to measure the site: the framework floor's own page, served beside it",
    "by the same next on the same CPU, did not serve as a quiet host does:",
    ...host.reasons.map((r) => `  - ${r}`),
    "No throughput ratio of the site is reported. Run the bench again when the machine is quiet",
    `(limits: --min-floor-rps=${host.minFloorRps}, --max-floor-spread=${host.maxFloorSpread}).`,
  ].join("\n");
}

/* ---------------------------------------------------------------------------------------------- */
/* Measurement                                                                                    */

type AutocannonRun = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
export type ThroughputAutocannon = (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonRun>;

const CLOCK_TICKS = (() => {
  const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout;
  return Number(out?.trim()) || 100;
})();

/** CPU time (µs) of every process in a process group, from /proc; null where there is none. */
function groupCpuUs(pgid: number | undefined): number | null {
  if (!pgid) return null;
  let ticks = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command's closing parenthesis: state, ppid, pgrp, ..., utime (12th), stime.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // the process ended while the list was read
    }
  }
  return found ? (ticks * 1e6) / CLOCK_TICKS : null;
}

/**
 * Warms every target (a few requests, each must answer 2xx; then `warmupSeconds` of load), runs
 * `warmupRounds` rounds that are logged but not counted, then `rounds` rounds of `seconds` a
 * target, forward and backward in turn. The uncounted rounds are there because a freshly started
 * floor keeps speeding up through its first rounds of full load while the site does not, and a
 * spread that grows from the warm-up alone would refuse a quiet host. Runs in the calling process:
 * pin it to the load generator's CPU first.
 */
export async function measureThroughput(options: {
  targets: ThroughputTarget[];
  autocannon: ThroughputAutocannon;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  warmupRounds?: number;
  connections: number;
  pinned: boolean;
  limits?: { minFloorRps: number; maxFloorSpread: number };
  log?: (message: string) => void;
}): Promise<ThroughputResult> {
  const { targets, autocannon, rounds, seconds, connections } = options;
  for (const target of targets) {
    for (let i = 0; i < 5; i++) {
      const response = await fetch(target.url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${target.url}: ${response.status}`);
    }
    await autocannon({ url: target.url, connections, duration: options.warmupSeconds });
  }
  const results: TargetResult[] = targets.map((t) => ({
    label: t.label,
    role: t.role,
    rps: [],
    cpuUsPerRequest: [],
    p50: [],
    p99: [],
    non2xx: 0,
    errors: 0,
  }));
  const warmupRounds = options.warmupRounds ?? 0;
  for (let round = 0; round < warmupRounds; round++) {
    const rates: string[] = [];
    for (const target of round % 2 === 1 ? [...targets].reverse() : targets) {
      const run = await autocannon({ url: target.url, connections, duration: seconds });
      rates.push(`${target.label} ${Math.round(run.requests.average)}`);
    }
    options.log?.(
      `warm-up round ${round + 1}/${warmupRounds} (not counted): ${rates.join(", ")} req/s`,
    );
  }
  for (let round = 0; round < rounds; round++) {
    const order = targets.map((_, i) => i);
    // After an odd number of warm-up rounds the counted rounds start backward, so the order
    // keeps alternating from the last warm-up round.
    if ((round + warmupRounds) % 2 === 1) order.reverse();
    for (const i of order) {
      const target = targets[i]!;
      const before = groupCpuUs(target.pgid);
      const run = await autocannon({ url: target.url, connections, duration: seconds });
      const after = groupCpuUs(target.pgid);
      const result = results[i]!;
      result.rps.push(Math.round(run.requests.average));
      result.cpuUsPerRequest.push(
        before !== null && after !== null && run.requests.total > 0
          ? Math.round((after - before) / run.requests.total)
          : null,
      );
      result.p50.push(run.latency.p50);
      result.p99.push(run.latency.p99);
      result.non2xx += run.non2xx;
      result.errors += run.errors + run.timeouts;
    }
    options.log?.(
      `round ${round + 1}/${rounds}: ` +
        results.map((r) => `${r.label} ${r.rps[round]}`).join(", ") +
        " req/s",
    );
  }
  const floor = results.find((r) => r.role === "floor") ?? {
    rps: [],
    non2xx: 0,
    errors: 0,
  };
  return {
    settings: { rounds, seconds, connections, pinned: options.pinned },
    targets: results,
    host: hostVerdict(floor, options.limits ?? HOST_DEFAULTS),
  };
}
