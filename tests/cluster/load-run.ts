/**
 * The two-instance load, shared by its correctness test (tests/cluster/load.test.ts) and
 * its bench (bench/cluster-load.ts, which also runs it against the framework floor): clients, each
 * from a loopback address of its own (127.0.0.2 …: the public limits are 5 a minute per address,
 * as for real clients behind one trusted proxy), post a server action all at once through the
 * proxy. Measured: each answer's time, the wall time, and the CPU the instances and this process
 * (the clients and the proxy) used; Postgres and Redis come on top.
 */
import { readFileSync } from "node:fs";

import type { Db } from "@/db";
import { publicBookingValues } from "@/tests/helpers/payloads";

import type { Cluster } from "./harness";
import {
  type ActionResult,
  actionId,
  CookieJar,
  createAccount,
  type HttpResponse,
  postAction,
  request,
} from "./support";

/** 200 public booking submissions at once: a busy morning's bookings arriving together. */
export const LOAD_CLIENTS = 200;

export type LoadClient = { address: string; values: Record<string, string | undefined> };
export type ActionAnswer = HttpResponse & { result: ActionResult | undefined };

/** `count` clients (at most 253: 127.0.0.2 … 127.0.0.254), each with its own booking request. */
export function loadClients(count = LOAD_CLIENTS): LoadClient[] {
  if (count > 253) throw new Error("at most 253 clients: one loopback address each");
  return Array.from({ length: count }, (_, i) => ({
    address: `127.0.0.${2 + i}`,
    values: publicBookingValues({ email: `load${i}@example.com`, firstName: `Load${i}` }),
  }));
}

export type Figures = { n: number; p50: number; p95: number; p99: number; max: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Percentiles of times in ms (nearest rank), rounded to the millisecond. */
export function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const round = (n: number) => Math.round(n);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]!),
  };
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc; 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time (ms) every core of the machine has spent busy so far (Linux /proc/stat). */
export function machineBusyMs(): number {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 10;
  } catch {
    return 0;
  }
}

export type ConcurrentRun = {
  answers: ActionAnswer[];
  wallMs: number;
  /** CPU of the instances and of this process (clients, proxy) over the run, in ms. */
  cpuMs: number;
  /** The instances' share of it. */
  serverCpuMs: number;
  /** CPU every process of the machine used over the run (other work on a shared machine too). */
  machineCpuMs: number;
  /** Requests the proxy sent to each instance during the run. */
  spread: number[];
};

/**
 * Posts every client's request at once, through the proxy at `baseUrl`, and measures the run.
 * `post` sends one client's request; `pids` are the instances' processes, `hits` the proxy's
 * per-instance counters.
 */
export async function postConcurrently(
  clients: LoadClient[],
  post: (client: LoadClient) => Promise<ActionAnswer>,
  { pids, hits }: { pids: (number | undefined)[]; hits: number[] },
): Promise<ConcurrentRun> {
  const hitsBefore = [...hits];
  const cpuBefore = pids.map(cpuMs);
  const ownBefore = process.cpuUsage();
  const machineBefore = machineBusyMs();
  const started = performance.now();
  const answers = await Promise.all(clients.map(post));
  const wallMs = performance.now() - started;
  const machine = machineBusyMs() - machineBefore;
  const own = process.cpuUsage(ownBefore);
  const servers = pids.map(cpuMs).reduce((sum, ms, i) => sum + ms - cpuBefore[i]!, 0);
  return {
    answers,
    wallMs,
    cpuMs: servers + (own.user + own.system) / 1000,
    serverCpuMs: servers,
    machineCpuMs: machine,
    spread: hits.map((n, i) => n - hitsBefore[i]!),
  };
}

export type BookingLoad = {
  clients: LoadClient[];
  /** Posts one client's booking request (again: a retry with the same idempotency key). */
  post: (client: LoadClient) => Promise<ActionAnswer>;
  run: ConcurrentRun;
  admin: {
    /** The admin bookings page on its own before the run. */
    alone: number[];
    /** The same page, loaded one request after another (as a person would) during the run. */
    underLoad: number[];
    statuses: Set<number>;
  };
};

/**
 * The booking load on a cluster: a staff member signs in, both instances are warmed, then
 * `count` public bookings are posted at once while the staff member keeps loading the admin
 * bookings page.
 */
export async function runBookingLoad(
  cluster: Cluster,
  db: Db,
  count = LOAD_CLIENTS,
): Promise<BookingLoad> {
  const staffEmail = "load.desk@example.com";
  const password = "queen-elizabeth-park-2027";
  await createAccount(db, { email: staffEmail, password, role: "staff" });
  const staff = new CookieJar();
  const signIn = await postAction(
    cluster.url,
    "/admin/login",
    actionId("actions/accounts.ts", "adminSignInAction"),
    { email: staffEmail, password, code: "" },
    { jar: staff },
  );
  if (signIn.result?.status !== "success")
    throw new Error(`staff sign-in failed: ${signIn.status} ${JSON.stringify(signIn.result)}`);

  const submit = actionId("actions/bookings.ts", "submitBookingAction");
  const clients = loadClients(count);
  const post = (client: LoadClient) =>
    postAction(cluster.url, "/booking", submit, client.values, { localAddress: client.address });
  const adminPage = () => request(`${cluster.url}/admin/bookings`, { jar: staff });

  // Warm both instances (the first render of a route loads its modules) and the admin page.
  for (let i = 0; i < 4; i += 1) {
    await request(`${cluster.url}/booking`);
    const admin = await adminPage();
    if (admin.status !== 200) throw new Error(`GET /admin/bookings: ${admin.status}`);
  }

  const alone: number[] = [];
  for (let i = 0; i < 20; i += 1) alone.push((await adminPage()).ms);

  const underLoad: number[] = [];
  const statuses = new Set<number>();
  let loading = true;
  const adminLoop = (async () => {
    while (loading) {
      const response = await adminPage();
      statuses.add(response.status);
      underLoad.push(response.ms);
    }
  })();
  let run: ConcurrentRun;
  try {
    run = await postConcurrently(clients, post, {
      pids: cluster.instances.map((instance) => instance.pid),
      hits: cluster.hits,
    });
  } finally {
    loading = false;
    await adminLoop;
  }
  return { clients, post, run, admin: { alone, underLoad, statuses } };
}
