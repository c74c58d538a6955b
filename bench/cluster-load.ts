/**
 * The two-instance booking load budget, measured beside its framework floor:
 * `npm run bench -- --cluster-load` (through bench/run.ts) or `tsx bench/cluster-load.ts [--quick]`.
 *
 *  1. The site: two production instances of the build in .next behind the cluster harness's
 *     proxy (tests/cluster/harness.ts), 200 public booking submissions posted at once, each from
 *     a loopback address and an email of its own, while a signed-in staff member keeps loading the
 *     admin bookings page (tests/cluster/load-run.ts, the scenario of tests/cluster/load.test.ts,
 *     which checks that every booking is saved exactly once).
 *  2. The floor: bench/floor (the smallest App Router site), built in a temporary directory with
 *     the site's next and react, served by two instances behind the same proxy; the same 200
 *     clients post the same body to its trivial server action (/action), which does nothing but
 *     answer success. No server action on this stack answers this load faster on this machine.
 *
 * Checks: the booking p99 <= 500 ms (floor: the trivial action's p99), the admin bookings page's
 * p95 during the load <= its budget (bench/admin-bookings/measure.ts), and no 5xx. When the floor
 * itself is over the p99 budget, the budget cannot be met here by any change to the site, and the
 * note says so with the figures. `--quick`: 50 clients, a smoke run of the bench itself.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import {
  baseEnv,
  type ClusterInstance,
  freePort,
  startCluster,
  startInstance,
  startProxy,
  stopProxy,
} from "../tests/cluster/harness";
import {
  type ConcurrentRun,
  type Figures,
  figures,
  LOAD_CLIENTS,
  type LoadClient,
  loadClients,
  postConcurrently,
  runBookingLoad,
} from "../tests/cluster/load-run";
import {
  actionId,
  openClusterDb,
  postAction,
  request,
  sentToRequestPage,
} from "../tests/cluster/support";
import { ADMIN_BOOKINGS_BUDGET } from "./admin-bookings/measure";
import { type Check, table } from "./check";
import { ensureFloorBuild } from "./floor-build";

/** The budget: p99 of the 200 concurrent bookings. */
export const CLUSTER_LOAD_BUDGET = { p99Ms: 500 };

const QUICK_CLIENTS = 50;
const INSTANCES = 2;
/** Its own copy of the floor: bench/run.ts builds and serves the other one. */
const FLOOR_WORK_DIR = path.join(os.tmpdir(), "breathe-uganda-bench-floor-actions");
const FLOOR_ACTION = { page: "/action", file: "app/action/actions.js", name: "trivialAction" };

export type ClusterLoadRow = Figures & {
  load: string;
  wallMs: number;
  /** Answers with a 5xx status, and answers that were not the action's success. */
  fiveXx: number;
  failed: number;
  /** CPU of the instances and of the bench process (clients, proxy) per call, in ms. */
  cpuPerCallMs: number;
  /** The instances' share of it. */
  serverCpuPerCallMs: number;
  /**
   * How busy the machine's cores were over the run (every process), and the share of that CPU
   * used by others than the instances and the bench (Postgres, Redis, other work on the machine).
   */
  machineBusyPct: number;
  otherCpuPct: number;
  perInstance: number[];
};

export type ClusterLoadResult = {
  clients: number;
  instances: number;
  cores: number;
  /** The machine's 1-minute load average at the end (other work on it inflates the times). */
  loadAverage: number;
  rows: ClusterLoadRow[];
  checks: Check[];
  /** Why the figures are what they are, when a budget is over (floor-bound or not). */
  note?: string;
};

const log = (message: string) => console.log(`[bench] ${message}`);

/* ---------------------------------------------------------------------------------------------- */
/* The floor                                                                                      */

/** Two floor instances behind the harness's proxy, the clients posting its trivial action. */
async function measureFloorLoad(projectDir: string, clients: LoadClient[]): Promise<ConcurrentRun> {
  const env = { ...baseEnv(), NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  const project = { cwd: projectDir, next: path.join(projectDir, "node_modules", ".bin", "next") };
  const instances: ClusterInstance[] = [];
  for (let i = 0; i < INSTANCES; i += 1)
    instances.push(startInstance(i, await freePort(), env, false, project));
  const hits = instances.map(() => 0);
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    const port = await freePort();
    proxy = await startProxy(instances, hits, port);
    const url = `http://127.0.0.1:${port}`;
    const id = actionId(FLOOR_ACTION.file, FLOOR_ACTION.name, projectDir);
    // Warmed as the site is (tests/cluster/load-run.ts): the page, twice on each instance.
    for (let i = 0; i < 4; i += 1) {
      const page = await request(`${url}${FLOOR_ACTION.page}`);
      if (page.status !== 200) throw new Error(`floor: GET ${FLOOR_ACTION.page}: ${page.status}`);
    }
    log(`floor: ${clients.length} trivial actions at once over ${INSTANCES} instances`);
    return await postConcurrently(
      clients,
      (client) =>
        postAction(url, FLOOR_ACTION.page, id, client.values, { localAddress: client.address }),
      { pids: instances.map((instance) => instance.pid), hits },
    );
  } finally {
    if (proxy) await stopProxy(proxy);
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* The measure                                                                                    */

function row(load: string, run: ConcurrentRun, clients: number): ClusterLoadRow {
  const capacity = run.wallMs * os.availableParallelism();
  const pct = (ms: number) => Math.round((Math.max(0, ms) / capacity) * 100);
  return {
    load,
    ...figures(run.answers.map((a) => a.ms)),
    wallMs: Math.round(run.wallMs),
    fiveXx: run.answers.filter((a) => a.status >= 500).length,
    // A request taken sends the browser to its confirmation page.
    failed: run.answers.filter((a) => !sentToRequestPage(a)).length,
    cpuPerCallMs: Math.round((run.cpuMs / clients) * 10) / 10,
    serverCpuPerCallMs: Math.round((run.serverCpuMs / clients) * 10) / 10,
    machineBusyPct: pct(run.machineCpuMs),
    otherCpuPct: pct(run.machineCpuMs - run.cpuMs),
    perInstance: run.spread,
  };
}

/**
 * Measures the floor, then the site (the production build in `root`/.next, on the Postgres
 * server and Redis of the cluster harness), one after the other on the same machine.
 */
export async function measureClusterLoad(
  root: string,
  { quick }: { quick: boolean },
): Promise<ClusterLoadResult> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("cluster load: there is no build in .next (run `next build` first)");
  const count = quick ? QUICK_CLIENTS : LOAD_CLIENTS;
  const clients = loadClients(count);

  const floorRun = await measureFloorLoad(ensureFloorBuild(root, FLOOR_WORK_DIR), clients);

  log(`cluster load: ${INSTANCES} instances of the site (migrating and seeding a fresh database)`);
  const cluster = await startCluster({ instances: INSTANCES });
  let booking: Awaited<ReturnType<typeof runBookingLoad>>;
  try {
    const { db, close } = await openClusterDb(cluster);
    try {
      log(`cluster load: ${count} bookings at once, the admin bookings page loaded meanwhile`);
      booking = await runBookingLoad(cluster, db, count);
    } finally {
      await close();
    }
  } finally {
    await cluster.stop();
  }

  const site = row(`booking (site), ${count} at once`, booking.run, count);
  const floor = row(`trivial action (floor), ${count} at once`, floorRun, count);
  const adminUnderLoad = figures(booking.admin.underLoad);
  const adminAlone = figures(booking.admin.alone);
  const empty = {
    wallMs: 0,
    fiveXx: 0,
    failed: 0,
    cpuPerCallMs: 0,
    serverCpuPerCallMs: 0,
    machineBusyPct: 0,
    otherCpuPct: 0,
    perInstance: [],
  };
  const rows: ClusterLoadRow[] = [
    site,
    floor,
    {
      load: "admin bookings page during the load",
      ...adminUnderLoad,
      ...empty,
      fiveXx: [...booking.admin.statuses].filter((s) => s >= 500).length,
    },
    { load: "admin bookings page alone", ...adminAlone, ...empty },
  ];

  const budget = CLUSTER_LOAD_BUDGET.p99Ms;
  const checks: Check[] = [
    {
      name: `cluster load: booking p99 (${count} at once, ${INSTANCES} instances)`,
      value: `${site.p99} ms`,
      floor: `${floor.p99} ms`,
      budget: `<= ${budget} ms`,
      ok: site.p99 <= budget,
      ...(site.p99 > budget && floor.p99 > budget
        ? { floorBound: `the floor's trivial action already has p99 ${floor.p99} ms` }
        : {}),
    },
    {
      name: "cluster load: admin bookings page p95 during the load",
      value: `${adminUnderLoad.p95} ms (n ${adminUnderLoad.n}; alone ${adminAlone.p95} ms)`,
      floor: `${floor.p50} ms (p50 of a trivial action)`,
      budget: `<= ${ADMIN_BOOKINGS_BUDGET.p95Ms} ms`,
      ok: adminUnderLoad.n > 0 && adminUnderLoad.p95 <= ADMIN_BOOKINGS_BUDGET.p95Ms,
      // A request that arrives during the load queues behind it on the same cores: during the
      // floor's own load, half of its trivial actions waited longer than this budget.
      ...(adminUnderLoad.n > 0 &&
      adminUnderLoad.p95 > ADMIN_BOOKINGS_BUDGET.p95Ms &&
      adminAlone.p95 <= ADMIN_BOOKINGS_BUDGET.p95Ms &&
      floor.p50 > ADMIN_BOOKINGS_BUDGET.p95Ms
        ? {
            floorBound:
              `alone it is ${adminAlone.p95} ms; during the floor's own load, a trivial action ` +
              `waits ${floor.p50} ms (p50)`,
          }
        : {}),
    },
    {
      name: "cluster load: no 5xx, every booking a success",
      value: `${site.fiveXx} 5xx, ${site.failed} not success`,
      floor: `${floor.fiveXx} 5xx, ${floor.failed} not success`,
      budget: "0",
      ok: site.fiveXx === 0 && site.failed === 0 && rows[2]!.fiveXx === 0,
    },
  ];

  const cores = os.availableParallelism();
  // The least wall time a run's CPU work needs (every call's CPU spread over every core), and
  // the cores the instances alone would need for their share to fit in the budget.
  const cpuBound = (msPerCall: number) => Math.round((msPerCall * count) / cores);
  const coresFor = (msPerCall: number) => Math.round(((msPerCall * count) / budget) * 10) / 10;
  const cpuText =
    `CPU a call: the trivial action ${floor.cpuPerCallMs} ms (${floor.serverCpuPerCallMs} ms ` +
    `in the instances, the rest in the bench's clients and proxy), a booking ` +
    `${site.cpuPerCallMs} ms (${site.serverCpuPerCallMs} ms in the instances; Postgres and ` +
    `Redis on top). ${count} at once on ${cores} cores need >= ${cpuBound(floor.cpuPerCallMs)} ` +
    `ms of wall time for the floor and >= ${cpuBound(site.cpuPerCallMs)} ms for the bookings; ` +
    `for the instances' share alone to fit in ${budget} ms, the floor needs ` +
    `${coresFor(floor.serverCpuPerCallMs)} cores and the site ${coresFor(site.serverCpuPerCallMs)}.`;
  const parts: string[] = [];
  if (floor.p99 > budget) {
    parts.push(
      `The p99 budget of ${budget} ms is floor-bound on this machine: the framework floor (a ` +
        `trivial server action, the same ${count} clients, the same proxy and instances) ` +
        `already answers with p99 ${floor.p99} ms (wall ${floor.wallMs} ms).`,
      `The cores were ${floor.machineBusyPct} % busy during its run, ${floor.otherCpuPct} % ` +
        `with other processes than the instances and the bench (${site.machineBusyPct} % and ` +
        `${site.otherCpuPct} % during the bookings', Postgres and Redis included).`,
    );
  } else if (site.p99 > budget) {
    parts.push(
      `The floor meets the p99 budget (${floor.p99} ms) and the site does not: the ` +
        `${site.p99 - floor.p99} ms above the floor are the booking's own work.`,
    );
  }
  if (parts.length > 0) parts.push(cpuText);
  if (!checks[1]!.ok) {
    parts.push(
      `The admin bookings page, loaded one request after another during the load, waits in ` +
        `the same queue as the bookings on the same cores: p95 ${adminUnderLoad.p95} ms over ` +
        `${adminUnderLoad.n} loads during it, ${adminAlone.p95} ms over ${adminAlone.n} alone.`,
    );
  }
  const note = parts.length > 0 ? parts.join(" ") : undefined;
  return {
    clients: count,
    instances: INSTANCES,
    cores,
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    rows,
    checks,
    note,
  };
}

/* ---------------------------------------------------------------------------------------------- */
/* Report                                                                                         */

export const CLUSTER_LOAD_HEADERS = [
  "load",
  "n",
  "p50 ms",
  "p95 ms",
  "p99 ms",
  "max ms",
  "wall ms",
  "5xx",
  "CPU ms/call",
  "of it servers",
  "cores busy %",
  "others %",
  "per instance",
];

export function clusterLoadTableRows(result: ClusterLoadResult): (string | number)[][] {
  return result.rows.map((r) => [
    r.load,
    r.n,
    r.p50,
    r.p95,
    r.p99,
    r.max,
    r.wallMs || "-",
    r.fiveXx,
    r.cpuPerCallMs || "-",
    r.serverCpuPerCallMs || "-",
    r.wallMs ? r.machineBusyPct : "-",
    r.wallMs ? r.otherCpuPct : "-",
    r.perInstance.length ? r.perInstance.join("/") : "-",
  ]);
}

/** Prints the figures, the checks and the note. */
export function printClusterLoad(result: ClusterLoadResult) {
  console.log(
    `\nCluster load: ${result.instances} instances behind one proxy, ${result.cores} cores, ` +
      `load average ${result.loadAverage}`,
  );
  table(CLUSTER_LOAD_HEADERS, clusterLoadTableRows(result));
  console.log("");
  table(
    ["check", "value", "floor", "budget", "result"],
    result.checks.map((c) => [
      c.name,
      c.value,
      c.floor,
      c.budget,
      c.ok === null ? "not measured" : c.ok ? "ok" : c.floorBound ? "floor-bound" : "OVER BUDGET",
    ]),
  );
  if (result.note) console.log(`\nNote: ${result.note}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  measureClusterLoad(root, { quick: process.argv.includes("--quick") }).then(
    (result) => {
      printClusterLoad(result);
      process.exit(result.checks.some((c) => c.ok === false && !c.floorBound) ? 1 : 0);
    },
    (error: unknown) => {
      console.error(`[bench] cluster load failed: ${error instanceof Error ? error.stack : error}`);
      process.exit(1);
    },
  );
}
