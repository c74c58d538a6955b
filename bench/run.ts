/**
 * `npm run bench [-- --skip-build] [-- --quick] [-- --no-lighthouse] [-- --no-pin] [-- --admin-bookings]`
 *
 * Measures the production build on this machine:
 *  1. throughput and latency (autocannon: 10 connections, 10 s, 3 runs, median) of /, /tours,
 *     /tour/gorilla-safari and a static file from public/;
 *  2. client JavaScript per public route (the <script src> under /_next/static, gzipped; the
 *     `nomodule` legacy polyfills, which modern browsers never download, are left out);
 *  3. Lighthouse mobile scores (performance, accessibility, best-practices, seo), median of 5,
 *     when the `lighthouse` package is installed;
 *  4. the upload of a 10 MB photo (bench/image-upload.ts): checked, encoded, stored, <= 3 s;
 *  5. the framework floor: the same throughput, JavaScript and Lighthouse measures of
 *     bench/floor, the smallest App Router site (one static page, no CSS, no client component),
 *     built and served by the same Next.js beside the same static file. No page of the site can
 *     cost less.
 * On a machine with two or more CPUs (and `taskset`), the server runs on CPU 0 and the load
 * generator on CPU 1 (`--no-pin` turns this off): unpinned, the two compete for the same cores and
 * the static file's rate is bounded by the client, not the server, which made the page/static
 * ratio swing by half from run to run on the 2-core machine.
 *  5. the admin bookings page at 100,000 bookings on the Postgres server (bench/admin-bookings):
 *     p95 of the page's reads and the queries a page makes, per scenario (search, filters, page
 *     500); `--admin-bookings` runs only this and updates its part of bench/results.json.
 * Compares them with the budgets, prints a table and writes bench/results.json.
 * Each server runs on a free port (the site's with a fresh PGlite directory) and is stopped by its
 * PID at the end.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import {
  ADMIN_BOOKINGS_BUDGET,
  ADMIN_BOOKINGS_HEADERS,
  adminBookingsChecks,
  adminBookingsTableRows,
  measureAdminBookings,
} from "./admin-bookings/measure";
import { measureImageUpload, UPLOAD_BUDGET_MS } from "./image-upload";
import { measureAdminLists } from "./admin-lists";

const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick"); // a smoke run of the harness: short and single runs
const SKIP_BUILD = args.has("--skip-build");
const NO_LIGHTHOUSE = args.has("--no-lighthouse");
const PIN =
  !args.has("--no-pin") &&
  os.availableParallelism() >= 2 &&
  spawnSync("taskset", ["--version"]).status === 0;
/** CPU affinity while pinned: the server's and the load generator's (this process). */
const SERVER_CPU = "0";
const CLIENT_CPU = "1";
/** This process's CPU list at start (`taskset -cp`), given back after a load run. */
const START_CPUS = PIN
  ? /:\s*(\S+)\s*$/.exec(
      spawnSync("taskset", ["-c", "-p", String(process.pid)], { encoding: "utf8" }).stdout,
    )?.[1]
  : undefined;

const LOAD = {
  connections: 10,
  duration: QUICK ? 2 : 10,
  runs: QUICK ? 1 : 3,
  warmup: QUICK ? 1 : 3,
};
const LIGHTHOUSE_RUNS = QUICK ? 1 : 5;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

const STATIC_FILE = "/images/tours/gorilla-safari.svg";
const FLOOR_DIR = path.join(root, "bench", "floor");
const FLOOR_WORK_DIR = path.join(os.tmpdir(), "breathe-uganda-bench-floor");
const LOAD_ROUTES = ["/", "/tours", "/tour/gorilla-safari", STATIC_FILE];
const JS_ROUTES = ["/", "/tours", "/tour/gorilla-safari", "/about", "/contact", "/legal"];
const LIGHTHOUSE_ROUTES = ["/", "/tours", "/tour/gorilla-safari"];
const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The metrics the performance score is made of (Lighthouse audit id: short name). */
const LIGHTHOUSE_METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "speed-index": "SI",
  "cumulative-layout-shift": "CLS",
} as const;

const BUDGET = {
  /** A cached page serves at least this share of the static file's requests per second. */
  pageVsStatic: 0.7,
  /** Client JavaScript per route, gzip, in kB (1 kB = 1000 bytes). */
  jsKb: 120,
  lighthouse: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as Record<
    string,
    number
  >,
};

/* ---------------------------------------------------------------------------------------------- */

type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

type LoadRow = {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};
type JsRow = { route: string; scripts: number; rawBytes: number; gzipBytes: number };
/**
 * `hostIndex`: Lighthouse's benchmarkIndex of this machine (median), which its simulated 4x CPU
 * slowdown assumes to be that of a fast desktop: on a slower host the same page scores lower.
 */
type LighthouseRow = {
  route: string;
  scores: Record<string, number> | null;
  hostIndex?: number;
  /** Median of each performance metric over the runs, in ms (CLS unitless). */
  metrics?: Record<string, number>;
  note?: string;
};
/** `floor`: what the framework floor measures for the same check (bench/floor). */
type Check = { name: string; value: string; floor: string; budget: string; ok: boolean | null };
type Floor = { load: LoadRow[]; js: JsRow[]; lighthouse: LighthouseRow[] };

const requireCjs = createRequire(import.meta.url);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[bench] ${message}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/* ---------------------------------------------------------------------------------------------- */
/* The server                                                                                     */

let server: ChildProcess | undefined;
let dataDir: string | undefined;
const serverLog: string[] = [];

/** Starts `next start` for the site (default) or for another project (the floor). */
function startServer(
  port: number,
  baseUrl: string,
  project = { cwd: root, next: path.join(root, "node_modules/.bin/next") },
) {
  dataDir = path.join(root, ".data", `bench-${Date.now()}`);
  mkdirSync(path.dirname(dataDir), { recursive: true }); // PGlite does not create parents
  const command = [project.next, "start", "-p", String(port), "-H", "127.0.0.1"];
  // taskset execs the command: the PID and process group are next's own.
  const [file, ...commandArgs] = PIN ? ["taskset", "-c", SERVER_CPU, ...command] : command;
  const child = spawn(file!, commandArgs, {
    cwd: project.cwd,
    // Its own process group, so stopping it also stops anything it started.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PGLITE_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: baseUrl,
      AUTH_URL: baseUrl,
      AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-only-secret-not-for-production-0123456789",
    },
  });
  const keep = (chunk: Buffer) => {
    serverLog.push(...chunk.toString().split("\n").filter(Boolean));
    if (serverLog.length > 200) serverLog.splice(0, serverLog.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  server = child;
  return child;
}

async function stopServer() {
  const child = server;
  server = undefined;
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
    const done = await Promise.race([exited.then(() => true), sleep(8_000).then(() => false)]);
    if (!done) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

/**
 * Runs `work` with this process (autocannon runs in it) on the client CPU, then gives it every
 * CPU back (Lighthouse's Chromium, started later, inherits this process's affinity).
 */
async function onClientCpu<T>(work: () => Promise<T>): Promise<T> {
  if (!PIN || !START_CPUS) return work();
  const setAffinity = (cpus: string) =>
    spawnSync("taskset", ["-a", "-p", "-c", cpus, String(process.pid)], { stdio: "ignore" });
  setAffinity(CLIENT_CPU);
  try {
    return await work();
  } finally {
    // Not from os.availableParallelism(), which now counts the one pinned CPU.
    setAffinity(START_CPUS);
  }
}

async function waitUntilReady(baseUrl: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null)
      throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
}

/* ---------------------------------------------------------------------------------------------- */
/* Measurements                                                                                   */

async function warmUp(
  baseUrl: string,
  autocannon: Autocannon,
  loadRoutes = LOAD_ROUTES,
  jsRoutes = JS_ROUTES,
) {
  for (const route of new Set([...loadRoutes, ...jsRoutes])) {
    for (let i = 0; i < 5; i++) {
      const response = await fetch(baseUrl + route);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
    }
  }
  for (const route of loadRoutes) {
    await autocannon({
      url: baseUrl + route,
      connections: LOAD.connections,
      duration: LOAD.warmup,
    });
  }
}

async function measureLoad(
  baseUrl: string,
  autocannon: Autocannon,
  routes = LOAD_ROUTES,
): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  for (const route of routes) {
    const runs: AutocannonResult[] = [];
    for (let i = 0; i < LOAD.runs; i++) {
      runs.push(
        await autocannon({
          url: baseUrl + route,
          connections: LOAD.connections,
          duration: LOAD.duration,
        }),
      );
    }
    const row: LoadRow = {
      route,
      rps: Math.round(median(runs.map((r) => r.requests.average))),
      p50: median(runs.map((r) => r.latency.p50)),
      p99: median(runs.map((r) => r.latency.p99)),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    };
    log(`${route}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
    rows.push(row);
  }
  return rows;
}

async function measureJs(baseUrl: string, routes = JS_ROUTES): Promise<JsRow[]> {
  const rows: JsRow[] = [];
  const cache = new Map<string, { raw: number; gzip: number }>();
  for (const route of routes) {
    const html = await (await fetch(baseUrl + route)).text();
    const srcs = new Set<string>();
    for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
      const attributes = match[1]!;
      // `nomodule` scripts (Next's legacy polyfills) are skipped by every browser that runs
      // modules: they are never downloaded, so they are not part of what a visitor gets.
      if (/\bnomodule\b/i.test(attributes)) continue;
      const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1]?.replace(/&amp;/g, "&");
      if (!src) continue;
      const url = new URL(src, baseUrl);
      if (url.pathname.startsWith("/_next/static/")) srcs.add(url.pathname + url.search);
    }
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const src of srcs) {
      let size = cache.get(src);
      if (!size) {
        const body = Buffer.from(await (await fetch(baseUrl + src)).arrayBuffer());
        size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
        cache.set(src, size);
      }
      rawBytes += size.raw;
      gzipBytes += size.gzip;
    }
    rows.push({ route, scripts: srcs.size, rawBytes, gzipBytes });
  }
  return rows;
}

type LighthouseFn = (
  url: string,
  flags: { port: number; output: "json"; logLevel: "error"; onlyCategories: string[] },
) => Promise<
  | {
      lhr: {
        categories: Record<string, { score: number | null }>;
        audits: Record<string, { numericValue?: number } | undefined>;
        environment?: { benchmarkIndex?: number };
      };
    }
  | undefined
>;
type ChromeLauncher = {
  launch: (options: {
    chromePath: string;
    chromeFlags: string[];
  }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
};

async function loadLighthouse(): Promise<{
  lighthouse: LighthouseFn;
  launcher: ChromeLauncher;
} | null> {
  // Optional packages: their names are not literals, so type-checking does not require them.
  const lighthouseName = "lighthouse";
  const launcherName = "chrome-launcher";
  try {
    const lh = (await import(lighthouseName)) as { default: LighthouseFn };
    const launcher = (await import(launcherName)) as ChromeLauncher;
    return { lighthouse: lh.default, launcher };
  } catch {
    return null;
  }
}

async function measureLighthouse(
  baseUrl: string,
  routes = LIGHTHOUSE_ROUTES,
): Promise<LighthouseRow[]> {
  const modules = NO_LIGHTHOUSE ? null : await loadLighthouse();
  if (!modules || !existsSync(CHROME_PATH)) {
    const note = NO_LIGHTHOUSE
      ? "skipped (--no-lighthouse)"
      : !modules
        ? "lighthouse not installed"
        : `no Chromium at ${CHROME_PATH} (apt-get install -y chromium)`;
    log(note);
    return routes.map((route) => ({ route, scores: null, note }));
  }
  const chrome = await modules.launcher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const route of routes) {
      const samples: Record<string, number[]> = {};
      const metricSamples: Record<string, number[]> = {};
      const hostIndexes: number[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        // Default config = mobile form factor, emulated screen and simulated throttling.
        const result = await modules.lighthouse(baseUrl + route, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        });
        for (const category of LIGHTHOUSE_CATEGORIES) {
          const score = result?.lhr.categories[category]?.score;
          if (typeof score === "number") (samples[category] ??= []).push(Math.round(score * 100));
        }
        const run: string[] = [];
        for (const [audit, name] of Object.entries(LIGHTHOUSE_METRICS)) {
          const value = result?.lhr.audits[audit]?.numericValue;
          if (typeof value !== "number") continue;
          (metricSamples[name] ??= []).push(value);
          run.push(`${name} ${name === "CLS" ? value.toFixed(3) : Math.round(value)}`);
        }
        const hostIndex = result?.lhr.environment?.benchmarkIndex;
        if (typeof hostIndex === "number") hostIndexes.push(hostIndex);
        log(
          `  ${route} run ${i + 1}: performance ${samples.performance?.at(-1) ?? "?"}, ${run.join(", ")}, host index ${hostIndex === undefined ? "?" : Math.round(hostIndex)}`,
        );
      }
      const metrics = Object.fromEntries(
        Object.entries(metricSamples).map(([name, values]) => [
          name,
          name === "CLS" ? Number(median(values).toFixed(3)) : Math.round(median(values)),
        ]),
      );
      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.filter((c) => samples[c]?.length).map((c) => [
          c,
          median(samples[c]!),
        ]),
      );
      const hostIndex = hostIndexes.length ? Math.round(median(hostIndexes)) : undefined;
      log(
        `lighthouse ${route}: ${JSON.stringify(scores)}, host benchmarkIndex ${hostIndex ?? "?"}`,
      );
      rows.push({ route, scores, hostIndex, metrics });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}

/**
 * Builds and serves bench/floor with the site's static file copied into it, and measures it as
 * the site is measured. It is built as a project of its own in a temporary directory, with the
 * site's exact next, react and react-dom installed beside it (from npm's cache after the first
 * run): inside this repository Turbopack takes the repository as the workspace and builds the
 * site's instrumentation.ts and proxy.ts into it. With --skip-build an earlier floor build of the
 * same versions is reused.
 */
async function measureFloor(autocannon: Autocannon): Promise<Floor> {
  const versionOf = (name: string) =>
    (requireCjs(path.join(root, "node_modules", name, "package.json")) as { version: string })
      .version;
  const packageJson = `${JSON.stringify(
    {
      name: "bench-floor",
      private: true,
      dependencies: Object.fromEntries(
        ["next", "react", "react-dom"].map((name) => [name, versionOf(name)]),
      ),
    },
    null,
    2,
  )}\n`;
  const packageFile = path.join(FLOOR_WORK_DIR, "package.json");
  const sameVersions = existsSync(packageFile) && readFileSync(packageFile, "utf8") === packageJson;
  if (!sameVersions) rmSync(FLOOR_WORK_DIR, { recursive: true, force: true });
  mkdirSync(FLOOR_WORK_DIR, { recursive: true });
  const run = (command: string, commandArgs: string[]) => {
    const result = spawnSync(command, commandArgs, {
      cwd: FLOOR_WORK_DIR,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0)
      throw new Error(`${command} ${commandArgs.join(" ")} failed (exit ${result.status})`);
  };
  if (!sameVersions || !existsSync(path.join(FLOOR_WORK_DIR, "node_modules", "next"))) {
    log(
      `floor: npm install next@${versionOf("next")} react@${versionOf("react")} in ${FLOOR_WORK_DIR}`,
    );
    writeFileSync(packageFile, packageJson);
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--no-package-lock"]);
  }
  const next = path.join(FLOOR_WORK_DIR, "node_modules", ".bin", "next");
  if (!SKIP_BUILD || !existsSync(path.join(FLOOR_WORK_DIR, ".next", "BUILD_ID"))) {
    log("floor: next build");
    rmSync(path.join(FLOOR_WORK_DIR, "app"), { recursive: true, force: true });
    cpSync(FLOOR_DIR, FLOOR_WORK_DIR, {
      recursive: true,
      filter: (source) => !/[/\\](\.next|node_modules|public)$/.test(source),
    });
    run(next, ["build"]);
  }
  const target = path.join(FLOOR_WORK_DIR, "public", STATIC_FILE);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(root, "public", STATIC_FILE), target);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  startServer(port, baseUrl, { cwd: FLOOR_WORK_DIR, next });
  log(`floor: next start on ${baseUrl} (pid ${server?.pid})`);
  try {
    await waitUntilReady(baseUrl);
    const routes = ["/", STATIC_FILE];
    const load = await onClientCpu(async () => {
      await warmUp(baseUrl, autocannon, routes, ["/"]);
      return measureLoad(baseUrl, autocannon, routes);
    });
    const js = await measureJs(baseUrl, ["/"]);
    const lighthouse = await measureLighthouse(baseUrl, ["/"]);
    return { load, js, lighthouse };
  } finally {
    await stopServer();
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* Report                                                                                         */

function table(headers: string[], rows: (string | number)[][]) {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells.slice(1)) console.log(line(r));
}

const vsStatic = (rows: LoadRow[], route: string) => {
  const page = rows.find((r) => r.route === route);
  const file = rows.find((r) => r.route === STATIC_FILE);
  const ratio = page && file && file.rps > 0 ? page.rps / file.rps : 0;
  return { ratio, text: `${(ratio * 100).toFixed(0)} % (${page?.rps ?? "?"}/${file?.rps ?? "?"})` };
};

function checks(load: LoadRow[], js: JsRow[], lighthouse: LighthouseRow[], floor: Floor): Check[] {
  const result: Check[] = [];
  const floorRps = vsStatic(floor.load, "/").text;
  const floorJs = floor.js[0] ? `${(floor.js[0].gzipBytes / 1000).toFixed(1)} kB gzip` : "-";
  const floorScores = floor.lighthouse[0]?.scores;
  for (const row of load.filter((r) => r.route !== STATIC_FILE)) {
    const { ratio, text } = vsStatic(load, row.route);
    result.push({
      name: `req/s ${row.route} vs static`,
      value: text,
      floor: floorRps,
      budget: `>= ${BUDGET.pageVsStatic * 100} %`,
      ok: ratio >= BUDGET.pageVsStatic && row.non2xx === 0 && row.errors === 0,
    });
  }
  for (const row of js) {
    const kb = row.gzipBytes / 1000;
    result.push({
      name: `JS ${row.route}`,
      value: `${kb.toFixed(1)} kB gzip`,
      floor: floorJs,
      budget: `<= ${BUDGET.jsKb} kB`,
      ok: kb <= BUDGET.jsKb,
    });
  }
  for (const row of lighthouse) {
    for (const category of LIGHTHOUSE_CATEGORIES) {
      const min = BUDGET.lighthouse[category]!;
      const score = row.scores?.[category];
      result.push({
        name: `Lighthouse ${category} ${row.route}`,
        value: score === undefined ? (row.note ?? "no score") : String(score),
        floor: String(floorScores?.[category] ?? "-"),
        budget: `>= ${min}`,
        ok: score === undefined ? null : score >= min,
      });
    }
  }
  return result;
}

/** `--admin-bookings`: only the admin bookings bench, merged into the existing results.json. */
function adminBookingsOnly() {
  const result = measureAdminBookings(root, { quick: QUICK });
  console.log("\nAdmin bookings page at 100,000 bookings (Postgres server)");
  table(ADMIN_BOOKINGS_HEADERS, adminBookingsTableRows(result));
  const file = path.join(root, "bench", "results.json");
  const report = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const mine = adminBookingsChecks(result);
  report.budgets = { ...report.budgets, adminBookings: ADMIN_BOOKINGS_BUDGET };
  report.adminBookings = result;
  report.checks = [
    ...((report.checks ?? []) as Check[]).filter((c) => !c.name.startsWith("admin bookings")),
    ...mine,
  ];
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const failed = mine.filter((c) => c.ok === false).length;
  console.log(
    `\n${failed === 0 ? "Admin bookings budgets met" : `${failed} admin bookings budget(s) exceeded`}; wrote bench/results.json`,
  );
  process.exitCode = failed > 0 ? 1 : 0;
}

async function main() {
  if (args.has("--admin-bookings")) return adminBookingsOnly();
  const started = Date.now();
  if (!SKIP_BUILD) {
    log("next build");
    const build = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
  } else if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("--skip-build: there is no build in .next (run `next build` first)");
  }

  const autocannon = requireCjs("autocannon") as Autocannon;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  startServer(port, baseUrl);
  log(`next start on ${baseUrl} (pid ${server?.pid}), PGlite in ${path.relative(root, dataDir!)}`);
  await waitUntilReady(baseUrl);
  log("ready; warming up");
  log(
    `load: ${LOAD.connections} connections, ${LOAD.duration} s, median of ${LOAD.runs}` +
      (PIN ? `; server on CPU ${SERVER_CPU}, load generator on CPU ${CLIENT_CPU}` : "; unpinned"),
  );
  const load = await onClientCpu(async () => {
    await warmUp(baseUrl, autocannon);
    return measureLoad(baseUrl, autocannon);
  });
  log("client JavaScript");
  const js = await measureJs(baseUrl);
  log(`lighthouse (mobile, median of ${LIGHTHOUSE_RUNS})`);
  const lighthouse = await measureLighthouse(baseUrl);
  await stopServer();
  log("framework floor (bench/floor)");
  const floor = await measureFloor(autocannon);
  log("image upload (a 10 MB photo: checked, encoded, stored)");
  const upload = await measureImageUpload(QUICK ? 1 : 3);

  console.log("\nThroughput and latency");
  table(
    ["route", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"],
    load.map((r) => [r.route, r.rps, r.p50, r.p99, r.non2xx, r.errors]),
  );
  console.log("\nClient JavaScript (script src under /_next/static)");
  table(
    ["route", "scripts", "raw kB", "gzip kB"],
    js.map((r) => [
      r.route,
      r.scripts,
      (r.rawBytes / 1000).toFixed(1),
      (r.gzipBytes / 1000).toFixed(1),
    ]),
  );
  console.log("\nLighthouse (mobile; host index: this machine's Lighthouse benchmarkIndex)");
  table(
    ["route", ...LIGHTHOUSE_CATEGORIES, "host index"],
    lighthouse.map((r) => [
      r.route,
      ...LIGHTHOUSE_CATEGORIES.map((c) => r.scores?.[c] ?? r.note ?? "-"),
      r.hostIndex ?? "-",
    ]),
  );
  console.log(
    "\nFramework floor (bench/floor: one static App Router page, same Next.js, same file)",
  );
  table(
    ["route", "req/s", "p50 ms", "p99 ms", "JS gzip kB", "Lighthouse performance"],
    floor.load.map((r) => [
      r.route,
      r.rps,
      r.p50,
      r.p99,
      r.route === "/" && floor.js[0] ? (floor.js[0].gzipBytes / 1000).toFixed(1) : "-",
      r.route === "/" ? (floor.lighthouse[0]?.scores?.performance ?? "-") : "-",
    ]),
  );
  log("admin bookings page at 100,000 bookings (Postgres server)");
  const adminBookings = measureAdminBookings(root, { quick: QUICK });
  console.log("\nAdmin bookings page at 100,000 bookings (Postgres server)");
  table(ADMIN_BOOKINGS_HEADERS, adminBookingsTableRows(adminBookings));
  log("admin lists on the Postgres server (bench/admin-lists.bench.ts)");
  const adminLists = measureAdminLists();
  const results = [
    ...checks(load, js, lighthouse, floor),
    ...adminBookingsChecks(adminBookings),
    ...adminLists.checks,
  ];
  results.push({
    name: "Upload of a 10 MB photo (check, WebP widths, store)",
    value: `${upload.medianMs} ms`,
    floor: "-",
    budget: `<= ${UPLOAD_BUDGET_MS} ms`,
    ok: upload.medianMs <= UPLOAD_BUDGET_MS,
  });
  console.log("\nBudgets (floor: the same measure of the framework floor)");
  table(
    ["check", "value", "floor", "budget", "result"],
    results.map((c) => [
      c.name,
      c.value,
      c.floor,
      c.budget,
      c.ok === null ? "not measured" : c.ok ? "ok" : "OVER BUDGET",
    ]),
  );

  const failed = results.filter((c) => c.ok === false).length;
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: { ...LOAD, lighthouseRuns: LIGHTHOUSE_RUNS, quick: QUICK, pinned: PIN },
    budgets: { ...BUDGET, adminBookings: ADMIN_BOOKINGS_BUDGET },
    load,
    js,
    lighthouse,
    floor,
    adminBookings,
    upload,
    adminLists: adminLists.report,
    checks: results,
    summary: {
      failed,
      measured: results.filter((c) => c.ok !== null).length,
      seconds: Math.round((Date.now() - started) / 1000),
    },
  };
  writeFileSync(path.join(root, "bench", "results.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\n${failed === 0 ? "All measured budgets met" : `${failed} budget(s) exceeded`}; wrote bench/results.json`,
  );
  process.exitCode = failed > 0 ? 1 : 0;
}

// However the run ends (even on an exception thrown from an event handler), no server outlives it.
process.on("exit", () => {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopServer().finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  if (serverLog.length)
    console.error(`[bench] last server output:\n${serverLog.slice(-30).join("\n")}`);
  await stopServer();
  process.exitCode = 1;
});
