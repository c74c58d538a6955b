/**
 * `npm run bench [-- --skip-build] [-- --quick] [-- --no-lighthouse] [-- --no-pin] [-- --admin-bookings]
 *   [-- --cluster-load] [-- --octo] [-- --throughput-only] [-- --public-only] [-- --lighthouse-only]
 *   [-- --routes=/,/pay] [-- --lighthouse-runs=N] [-- --rounds=N] [-- --min-floor-rps=N]
 *   [-- --max-floor-spread=F] [-- --warmup=S] [-- --warmup-rounds=N]`
 *
 * Measures the production build on this machine, beside the framework floor (bench/floor, the
 * smallest App Router site: one static page, no CSS, no client component, built and served by the
 * same next/react in the same run), and checks the budgets of docs/performance.md:
 *  1. throughput (bench/throughput.ts): the site's `next start` and the floor's both up, both on
 *     the server CPU, measured in alternating rounds (autocannon, 10 connections, 5 s a target a
 *     round, 3 rounds after two uncounted warm-up rounds, `--rounds=N` for more, never under 2):
 *     the floor's page, a static file of public/, the cached pages /, /tours and
 *     /tour/gorilla-safari, and /robots.txt; in the same rounds, held to no budget, the floor's
 *     page of each cached page's size and the floor's own robots.txt. Printed per
 *     round and as the median, each as a ratio to the floor page and to the static file of the
 *     same round: each cached page >= 0.8 of the floor page, /robots.txt >= 0.8 of the static file
 *     (median of the rounds' ratios). The part REFUSES, exit code 2 and no ratio reported (the
 *     whole run stops there), when the floor page serves under 1,000 req/s in a round
 *     (`--min-floor-rps=N` or BENCH_MIN_FLOOR_RPS) or its rounds are more than 25 % apart
 *     (`--max-floor-spread=0.25` or BENCH_MAX_FLOOR_SPREAD): then the host is too busy to measure
 *     the site. `--throughput-only` runs only this on the build in .next and updates its part of
 *     bench/results.json. Beside it, for information, what the stack itself charges a cached page
 *     (StackCosts): the floor's / once its process has rendered a page at run time, and a floor
 *     page of each cached page's size (/sized/<bytes>), rendered at run time and then cached, on
 *     the plain floor and on a floor built with the site's headers, redirects and rewrites;
 *  2. the HTML of the cached pages: the document, gzipped here at level 6 (what `next start`
 *     sends), <= 20 kB;
 *  3. Lighthouse mobile (its moto g power emulation, simulated throttling), median of 5, on every
 *     public page, the pay page of a confirmed booking (/pay/<token>, bench/pay-page.ts) and the
 *     floor: performance >= 95 and no more than 3 points under the floor's (when the floor itself
 *     scores under 95, as on a slow or busy host: no more than 5 points under it), CLS 0,
 *     accessibility, best practices and SEO 100 (the pay page, kept out of search engines, without
 *     the crawlability audit); main-thread work while the page loads (mainthread-work-breakdown)
 *     <= 2x the floor's;
 *  3b. the stylesheets of each public page (bench/stylesheets.ts): <= 15 kB gzip, none that an
 *     account or admin page loads, no class only the account or the admin area uses;
 *  3c. typed copy (bench/typed-copy.ts): a cached tour page whose texts hold curly quotes, dashes
 *     and accented names serves >= 0.9 of the requests/s of its ASCII twin; beside it, the
 *     floor's page of the same size with one such character;
 *  4. client JavaScript per public page as a phone pays for it: every script among Lighthouse's
 *     network requests (loaded while the page loads and settles, lazy chunks included), bytes
 *     transferred (compressed, headers included), median of the same 5 runs: <= the floor's +
 *     25 kB, /contact and /booking + 45 kB. The <script src> of the HTML alone is kept for
 *     information (it misses the lazy chunks);
 *  5. a tour page whose hero is an uploaded 4000 x 3000 JPEG (bench/uploaded-hero.ts: a staff
 *     admin made with admin:create signs in and uploads it as the admin UI does): Lighthouse at
 *     390 px performance >= 95, LCP picture <= 120 kB. Measured after the other pages, on a tour
 *     they do not use;
 *  6. the upload of a 10 MB photo (bench/image-upload.ts): checked, encoded, stored, <= 3 s;
 *  7. the admin bookings page at 100,000 bookings on the Postgres server (bench/admin-bookings):
 *     p95 of the page's reads and the queries a page makes, per scenario (search, filters, page
 *     500); `--admin-bookings` runs only this and updates its part of bench/results.json; and the
 *     admin lists (bench/admin-lists.ts);
 *  7b. the OCTO API at 10,000 departures and 100,000 bookings on the Postgres server (bench/octo):
 *     p95 of the availability check and calendar <= 50 ms, of a reservation and a confirmation
 *     <= 100 ms; `--octo` runs only this and updates its part of bench/results.json;
 *  8. two instances behind one proxy under 200 concurrent public bookings (bench/cluster-load.ts,
 *     on the Postgres server and Redis): p99 <= 500 ms, no 5xx, the admin bookings page's p95
 *     during the load, beside two floor instances answering a trivial server action under the
 *     same load; `--cluster-load` runs only this.
 * On a machine with two or more CPUs (and `taskset`), the servers run on CPU 0 and the load
 * generator on CPU 1 (`--no-pin` turns this off): unpinned, the two compete for the same cores and
 * the rates are bounded by the client, not the server.
 * `--lighthouse-only` measures only 3, 3b and 4 (the site's pages and the floor's, no load, typed
 * copy, uploaded hero, upload, admin or cluster parts) and prints their tables and budgets without
 * writing bench/results.json; `--routes=/,/pay` (any mode) measures only the public pages listed in
 * 3, 3b and 4, `/pay` naming the pay page.
 * Prints every table, the budgets last, and writes bench/results.json. Each server runs on a free
 * port (the site's with a fresh PGlite directory and upload directory) and is stopped by its PID
 * at the end.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
import { ensureFloorBuild } from "./floor-build";
import { NOINDEX_AUDITS, PAY_ROUTE_LABEL, writePayBooking } from "./pay-page";
import { PUBLIC_ROUTES } from "./public-routes";
import { measureImageUpload, UPLOAD_BUDGET_MS } from "./image-upload";
import {
  LIGHTHOUSE_CATEGORIES,
  type LighthouseOptions,
  type LighthouseRow,
  measureLighthouse,
  scoreWithout,
} from "./lighthouse";
import {
  createBenchAdmin,
  HERO_BUDGET,
  HERO_DESCRIPTION,
  HERO_SCREEN,
  HERO_TOUR,
  inspectHero,
  type UploadedHero,
  uploadHero,
} from "./uploaded-hero";
import { measureAdminLists } from "./admin-lists";
import { measureOcto, OCTO_BUDGET, OCTO_HEADERS, octoChecks, octoTableRows } from "./octo/measure";
import { CLUSTER_LOAD_BUDGET, measureClusterLoad, printClusterLoad } from "./cluster-load";
import { type Check, table } from "./check";
import { AREA_PAGES, measureStylesheets, type StylesheetRow } from "./stylesheets";
import { ASCII_TOUR, TYPED_TOUR, writeTypedCopy } from "./typed-copy";
import {
  HOST_DEFAULTS,
  measureThroughput,
  median,
  refusalMessage,
  roundRatios,
  THROUGHPUT_BUDGET,
  THROUGHPUT_HEADERS,
  throughputChecks,
  type ThroughputResult,
  throughputTableRows,
} from "./throughput";

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
/** `--lighthouse-runs=N`: fewer runs a page when the host is too busy for five. */
const LIGHTHOUSE_RUNS = QUICK
  ? 1
  : Number(process.argv.find((a) => a.startsWith("--lighthouse-runs="))?.split("=")[1] ?? 5);
/** `--public-only`: the public pages, the floor and the upload; not the admin or cluster parts. */
const PUBLIC_ONLY = args.has("--public-only");
/** `--lighthouse-only`: the pages' Lighthouse, client JS and stylesheets, and the floor's. */
const LIGHTHOUSE_ONLY = args.has("--lighthouse-only");
/** `--routes=/,/pay`: only these of the pages Lighthouse measures (`/pay`: the pay page). */
const ROUTES = process.argv
  .find((a) => a.startsWith("--routes="))
  ?.slice("--routes=".length)
  .split(",")
  .filter(Boolean);
/** `--throughput-only`: only part 1 (the alternating rounds), on the build in .next. */
const THROUGHPUT_ONLY = args.has("--throughput-only");
const flagValue = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** Part 1's rounds: every target once a round; a median needs at least two. */
const THROUGHPUT = {
  rounds: Number(flagValue("rounds") ?? (QUICK ? 2 : 3)),
  seconds: QUICK ? 2 : 5,
  /** `--warmup=N`: seconds of load each target takes before the first round. */
  warmup: Number(flagValue("warmup") ?? (QUICK ? 1 : 2)),
  /** `--warmup-rounds=N`: whole alternating rounds run first and not counted. */
  warmupRounds: Number(flagValue("warmup-rounds") ?? (QUICK ? 0 : 2)),
  /** Under these, the floor's page tells of the host, not the stack (bench/throughput.ts). */
  minFloorRps: Number(
    flagValue("min-floor-rps") ?? process.env.BENCH_MIN_FLOOR_RPS ?? HOST_DEFAULTS.minFloorRps,
  ),
  maxFloorSpread: Number(
    flagValue("max-floor-spread") ??
      process.env.BENCH_MAX_FLOOR_SPREAD ??
      HOST_DEFAULTS.maxFloorSpread,
  ),
};
/** The exit code of a run refused because the host is too busy (budgets exceeded: 1). */
const HOST_TOO_BUSY_EXIT = 2;
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
/** The pages that ask not to be indexed, and their SEO score without NOINDEX_AUDITS (extra). */
const NOINDEX_ROUTES = [PAY_ROUTE_LABEL];
const SEO_WITHOUT_NOINDEX = "seoWithoutNoindexAudits";
/** One per checkout: two worktrees benching at once must not build into the same directory. */
const FLOOR_WORK_DIR = path.join(
  os.tmpdir(),
  `breathe-uganda-bench-floor-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`,
);
/** The cached pages (full-route cache): their throughput and HTML have budgets. */
const CACHED_ROUTES = ["/", "/tours", "/tour/gorilla-safari"];
/** Held to the static file's rate in part 1: a metadata route answered per request. */
const ROBOTS_ROUTE = "/robots.txt";
/** A tour page whose texts hold typed characters, and its ASCII twin (bench/typed-copy.ts). */
const TYPED_ROUTES = { typed: `/tour/${TYPED_TOUR}`, ascii: `/tour/${ASCII_TOUR}` };
/** Measured one after another on the site alone (part 3c compares the two with each other). */
const LOAD_ROUTES = [TYPED_ROUTES.typed, TYPED_ROUTES.ascii];
/** One character beyond ASCII on the floor's page: é (Latin-1) and an em dash (beyond it). */
const FLOOR_CHARACTERS = { é: "-ue9", "—": "-u2014" };

const BUDGET = {
  /** Part 1: a cached page against the floor page, /robots.txt against the static file. */
  throughput: THROUGHPUT_BUDGET,
  /** The HTML of a cached page, gzip (level 6), in kB (1 kB = 1000 bytes). */
  htmlKb: 20,
  /** Client JavaScript a route downloads, over the floor's, transferred, in kB. */
  jsOverFloorKb: 25,
  /** The same for the pages with the big forms. */
  jsOverFloorKbForms: 45,
  jsFormRoutes: ["/contact", "/booking"],
  /** A typed-copy tour page's requests/s, at least this share of its ASCII twin's. */
  typedVsAscii: 0.9,
  /** A public page's stylesheets, gzip (level 6), in kB (the floor has none). */
  cssKb: 15,
  /** Main-thread work while a public page loads, at most this many times the floor's. */
  mainThreadVsFloor: 2,
  lighthouse: {
    performance: 95,
    /** Points the performance score may be under the floor's on the same host. */
    performanceUnderFloor: 3,
    /** When the floor scores under `performance` (a slow or busy host): points under it. */
    performanceUnderSlowFloor: 5,
    accessibility: 100,
    "best-practices": 100,
    seo: 100,
    cls: 0,
  },
  uploadedHero: HERO_BUDGET,
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
/** The <script src> of the page's HTML under /_next/static (information: no lazy chunks). */
type HtmlScriptsRow = { route: string; scripts: number; rawBytes: number; gzipBytes: number };
/** The HTML document of a page: as sent uncompressed and gzipped here (level 6). */
type HtmlRow = { route: string; rawBytes: number; gzipBytes: number };
type Floor = {
  load: LoadRow[];
  html: HtmlRow[];
  htmlScripts: HtmlScriptsRow[];
  lighthouse: LighthouseRow[];
  costs: StackCosts;
};
/**
 * What the stack itself charges a cached page (measured on the floor, after the site): its `/`
 * again once the process has rendered a page at run time (as every server of the site has), and
 * per cached route a floor page of the same size rendered at run time and then served from the
 * full-route cache, on the plain floor and on a floor built with the site's headers, redirects
 * and rewrites (bench/floor/next.config.mjs).
 */
type StackCosts = {
  afterRuntimeRender: LoadRow | null;
  sized: {
    route: string;
    bytes: number;
    floorBytes: number;
    plain: LoadRow | null;
    siteRoutes: LoadRow | null;
  }[];
  /** The floor's page of the typed-copy tour page's size, plain and with one such character. */
  nonAscii: { bytes: number; plain: LoadRow | null; characters: Record<string, LoadRow | null> };
};
type Hero = { upload: UploadedHero | null; lighthouse: LighthouseRow | null; note?: string };

const requireCjs = createRequire(import.meta.url);
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

/** The server the steps at hand talk to (the last started but the floor beside the site). */
let server: ChildProcess | undefined;
/** Every server started and not stopped yet: part 1 runs the floor's beside the site's. */
const running = new Set<ChildProcess>();
/** The site's own server: stopping it also removes its data directories. */
let siteServer: ChildProcess | undefined;
/** The site server's PGlite directory and upload directory (fresh each run), removed at the end. */
let dataDir: string | undefined;
let uploadDir: string | undefined;
const serverLog: string[] = [];

/** The environment of the site's server, and of admin:create on its database before it starts. */
function siteEnv(baseUrl: string): NodeJS.ProcessEnv {
  dataDir ??= path.join(root, ".data", `bench-${Date.now()}`);
  uploadDir ??= `${dataDir}-uploads`;
  mkdirSync(path.dirname(dataDir), { recursive: true }); // PGlite does not create parents
  return {
    ...process.env,
    NODE_ENV: "production",
    PGLITE_DIR: dataDir,
    STORAGE_DIR: uploadDir,
    DATABASE_URL: "",
    SITE_URL: baseUrl,
    AUTH_URL: baseUrl,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-only-secret-not-for-production-0123456789",
  };
}

/**
 * Starts `next start` for the site (default) or for another project (the floor). `beside`: a
 * second server next to the current one, which stays the one the other steps talk to.
 */
function startServer(
  port: number,
  baseUrl: string,
  project = { cwd: root, next: path.join(root, "node_modules/.bin/next") },
  { beside = false } = {},
) {
  const env: NodeJS.ProcessEnv =
    project.cwd === root ? siteEnv(baseUrl) : { ...process.env, NODE_ENV: "production" };
  const command = [project.next, "start", "-p", String(port), "-H", "127.0.0.1"];
  // taskset execs the command: the PID and process group are next's own.
  const [file, ...commandArgs] = PIN ? ["taskset", "-c", SERVER_CPU, ...command] : command;
  const child = spawn(file!, commandArgs, {
    cwd: project.cwd,
    // Its own process group, so stopping it also stops anything it started.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  const keep = (chunk: Buffer) => {
    serverLog.push(...chunk.toString().split("\n").filter(Boolean));
    if (serverLog.length > 200) serverLog.splice(0, serverLog.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  running.add(child);
  if (project.cwd === root) siteServer = child;
  if (!beside) server = child;
  return child;
}

/** Stops one server (the current one by default), by its process group. */
async function stopServer(child = server) {
  if (child === server) server = undefined;
  if (!child) return;
  running.delete(child);
  if (child.pid && child.exitCode === null && child.signalCode === null) {
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
  if (child !== siteServer) return;
  siteServer = undefined;
  for (const dir of [dataDir, uploadDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  dataDir = undefined;
  uploadDir = undefined;
}

async function stopAllServers() {
  for (const child of [...running]) await stopServer(child);
  // A run that fails before its server starts still leaves no data directory behind.
  for (const dir of [dataDir, uploadDir]) if (dir) rmSync(dir, { recursive: true, force: true });
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

async function waitUntilReady(
  baseUrl: string,
  timeoutMs = 180_000,
  readyPath = "/",
  child = server,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(30_000) });
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
  pageRoutes = PUBLIC_ROUTES,
) {
  for (const route of new Set([...loadRoutes, ...pageRoutes])) {
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

async function measureHtmlScripts(
  baseUrl: string,
  routes = PUBLIC_ROUTES,
): Promise<HtmlScriptsRow[]> {
  const rows: HtmlScriptsRow[] = [];
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

/**
 * The document of each page, gzipped at level 6: zlib's default, which `next start` compresses
 * its responses with (fetch() undoes the server's compression, so it is redone here).
 */
async function measureHtml(baseUrl: string, routes = CACHED_ROUTES): Promise<HtmlRow[]> {
  const rows: HtmlRow[] = [];
  for (const route of routes) {
    const response = await fetch(baseUrl + route);
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
    rows.push({ route, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length });
  }
  return rows;
}

function lighthouse(
  baseUrl: string,
  routes: string[],
  extra: Pick<LighthouseOptions, "inspect" | "screenEmulation"> = {},
) {
  return measureLighthouse(baseUrl, routes, {
    runs: LIGHTHOUSE_RUNS,
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    skip: NO_LIGHTHOUSE ? "skipped (--no-lighthouse)" : undefined,
    log,
    ...extra,
  });
}

/**
 * The uploaded hero (bench/uploaded-hero.ts) on the running site: the photo uploaded by the bench
 * admin, then Lighthouse on that tour's page at 390 px. Last on the site's server: the upload
 * refreshes the catalogue's cache.
 */
async function measureHero(baseUrl: string): Promise<Hero> {
  if (NO_LIGHTHOUSE) return { upload: null, lighthouse: null, note: "skipped (--no-lighthouse)" };
  if (!existsSync(CHROME_PATH))
    return { upload: null, lighthouse: null, note: `no Chromium at ${CHROME_PATH}` };
  const upload = await uploadHero(baseUrl, CHROME_PATH);
  log(
    `uploaded ${HERO_DESCRIPTION}, ${(upload.photoBytes / 1e6).toFixed(1)} MB, as the thumbnail of ` +
      `${upload.slug} in ${upload.uploadMs} ms: widths ${upload.widths.join(", ")}`,
  );
  const route = `/tour/${upload.slug}`;
  for (let i = 0; i < 3; i++) {
    const response = await fetch(baseUrl + route);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
  }
  const [row] = await lighthouse(baseUrl, [route], {
    screenEmulation: HERO_SCREEN,
    inspect: inspectHero(upload),
  });
  log(
    `hero LCP element: ${row?.notes?.lcpElement ?? "?"}; picture requests: ${row?.notes?.lcpPictureUrls || "none"}`,
  );
  return { upload, lighthouse: row ?? null };
}

/**
 * Serves bench/floor (built by bench/floor-build.ts, again only when its sources or the site's
 * next/react versions changed) and measures it as the site is measured; its page's throughput
 * here is the base of the stack costs (part 1's ratios come from the alternating rounds).
 */
async function measureFloor(
  autocannon: Autocannon,
  siteHtml: HtmlRow[],
  typedBytes: number,
): Promise<Floor> {
  ensureFloorBuild(root, FLOOR_WORK_DIR);
  const next = path.join(FLOOR_WORK_DIR, "node_modules", ".bin", "next");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  startServer(port, baseUrl, { cwd: FLOOR_WORK_DIR, next });
  log(`floor: next start on ${baseUrl} (pid ${server?.pid})`);
  try {
    await waitUntilReady(baseUrl);
    const routes = LIGHTHOUSE_ONLY ? [] : ["/"];
    const load = await onClientCpu(async () => {
      await warmUp(baseUrl, autocannon, routes, ["/"]);
      return measureLoad(baseUrl, autocannon, routes);
    });
    const html = await measureHtml(baseUrl, ["/"]);
    const htmlScripts = await measureHtmlScripts(baseUrl, ["/"]);
    const lighthouseRows = await lighthouse(baseUrl, ["/"]);
    if (LIGHTHOUSE_ONLY) {
      const none = {
        afterRuntimeRender: null,
        sized: [],
        nonAscii: { bytes: 0, plain: null, characters: {} },
      };
      return { load, html, htmlScripts, lighthouse: lighthouseRows, costs: none };
    }
    // Only now does this process render a page at run time (the sized pages' first requests).
    const sizedRoutes = siteHtml.map((row) => `/sized/${row.rawBytes}`);
    const sizedHtml = await measureHtml(baseUrl, sizedRoutes);
    const typedSized = `/sized/${typedBytes}`;
    const characterRoutes = Object.values(FLOOR_CHARACTERS).map((suffix) => typedSized + suffix);
    const rendered = ["/", ...new Set([...sizedRoutes, typedSized, ...characterRoutes])];
    const afterRender = await onClientCpu(async () => {
      await warmUp(baseUrl, autocannon, rendered, []);
      return measureLoad(baseUrl, autocannon, rendered);
    });
    await stopServer();
    const siteRoutes = await measureFloorWithSiteRoutes(autocannon, sizedRoutes);
    const costs: StackCosts = {
      afterRuntimeRender: afterRender.find((r) => r.route === "/") ?? null,
      sized: siteHtml.map((row, i) => ({
        route: row.route,
        bytes: row.rawBytes,
        floorBytes: sizedHtml[i]!.rawBytes,
        plain: afterRender.find((r) => r.route === sizedRoutes[i]) ?? null,
        siteRoutes: siteRoutes.find((r) => r.route === sizedRoutes[i]) ?? null,
      })),
      nonAscii: {
        bytes: typedBytes,
        plain: afterRender.find((r) => r.route === typedSized) ?? null,
        characters: Object.fromEntries(
          Object.entries(FLOOR_CHARACTERS).map(([character, suffix]) => [
            character,
            afterRender.find((r) => r.route === typedSized + suffix) ?? null,
          ]),
        ),
      },
    };
    return { load, html, htmlScripts, lighthouse: lighthouseRows, costs };
  } finally {
    await stopServer();
  }
}

/**
 * The floor built a second time with the site's headers, redirects and rewrites (from the
 * site's build: .next/routes-manifest.json), and its sized pages measured as above.
 */
async function measureFloorWithSiteRoutes(
  autocannon: Autocannon,
  sizedRoutes: string[],
): Promise<LoadRow[]> {
  const workDir = ensureFloorBuild(root, `${FLOOR_WORK_DIR}-site-routes`, {
    "site-routes.json": siteRoutesJson(),
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  startServer(port, baseUrl, { cwd: workDir, next: path.join(workDir, "node_modules/.bin/next") });
  log(`floor with the site's routes: next start on ${baseUrl} (pid ${server?.pid})`);
  try {
    // Its "/" is rewritten to the site's /cached/home, which the floor does not have.
    await waitUntilReady(baseUrl, undefined, "/action");
    return await onClientCpu(async () => {
      await warmUp(baseUrl, autocannon, sizedRoutes, []);
      return measureLoad(baseUrl, autocannon, sizedRoutes);
    });
  } finally {
    await stopServer();
  }
}

/**
 * Part 1 (bench/throughput.ts): the floor's server started beside the site's (both on the server
 * CPU), then the floor's page, the static file, the cached pages and /robots.txt in alternating
 * rounds; the floor's server stopped again. Returns the rounds with the host's verdict.
 */
async function measureThroughputPart(
  autocannon: Autocannon,
  siteUrl: string,
): Promise<ThroughputResult> {
  ensureFloorBuild(root, FLOOR_WORK_DIR);
  const port = await freePort();
  const floorUrl = `http://127.0.0.1:${port}`;
  const floorServer = startServer(
    port,
    floorUrl,
    { cwd: FLOOR_WORK_DIR, next: path.join(FLOOR_WORK_DIR, "node_modules", ".bin", "next") },
    { beside: true },
  );
  log(`floor: next start on ${floorUrl} (pid ${floorServer.pid}), beside the site`);
  try {
    await waitUntilReady(floorUrl, undefined, "/", floorServer);
    log(
      `throughput: ${THROUGHPUT.rounds} alternating rounds, ${THROUGHPUT.seconds} s a target, ` +
        `${LOAD.connections} connections` +
        (PIN
          ? `; both servers on CPU ${SERVER_CPU}, load generator on CPU ${CLIENT_CPU}`
          : "; unpinned"),
    );
    const site = siteServer?.pid;
    // The floor's page of each cached page's size, and the floor's own robots.txt: what the
    // stack allows such responses, measured in the same rounds.
    const sizes = await Promise.all(
      CACHED_ROUTES.map(async (route) => {
        const response = await fetch(siteUrl + route);
        return (await response.arrayBuffer()).byteLength;
      }),
    );
    const stack = [
      ...CACHED_ROUTES.map((route, i) => ({
        label: `floor /sized/${sizes[i]} (as ${route})`,
        role: "stack-page" as const,
        url: `${floorUrl}/sized/${sizes[i]}`,
        pgid: floorServer.pid,
      })),
      {
        label: `floor ${ROBOTS_ROUTE}`,
        role: "stack-robots" as const,
        url: floorUrl + ROBOTS_ROUTE,
        pgid: floorServer.pid,
      },
    ];
    return await onClientCpu(() =>
      measureThroughput({
        targets: [
          { label: "floor /", role: "floor", url: `${floorUrl}/`, pgid: floorServer.pid },
          { label: STATIC_FILE, role: "static", url: siteUrl + STATIC_FILE, pgid: site },
          ...CACHED_ROUTES.map((route) => ({
            label: route,
            role: "page" as const,
            url: siteUrl + route,
            pgid: site,
          })),
          { label: ROBOTS_ROUTE, role: "robots", url: siteUrl + ROBOTS_ROUTE, pgid: site },
          ...stack,
        ],
        autocannon: autocannon as Parameters<typeof measureThroughput>[0]["autocannon"],
        rounds: THROUGHPUT.rounds,
        seconds: THROUGHPUT.seconds,
        warmupSeconds: THROUGHPUT.warmup,
        warmupRounds: THROUGHPUT.warmupRounds,
        connections: LOAD.connections,
        pinned: PIN,
        limits: { minFloorRps: THROUGHPUT.minFloorRps, maxFloorSpread: THROUGHPUT.maxFloorSpread },
        log,
      }),
    );
  } finally {
    await stopServer(floorServer);
  }
}

/**
 * Prints part 1. On a refused host only the floor's rounds and the reasons: the site's figures
 * beside them would describe the host.
 */
function printThroughput(result: ThroughputResult) {
  const { rounds, seconds, connections } = result.settings;
  console.log(
    `\nThroughput (alternating rounds: ${rounds} x ${seconds} s a target, ${connections} connections;` +
      `\nratios to the floor page and to the static file of the same round: median (each round))`,
  );
  const rows = throughputTableRows(result);
  if (result.host.ok) {
    table(THROUGHPUT_HEADERS, rows);
    return;
  }
  table(
    ["target", "req/s a round", "median"],
    rows.filter((_, i) => result.targets[i]!.role === "floor").map((r) => r.slice(0, 3)),
  );
  console.log(`\n${refusalMessage(result.host)}`);
}

/** The site's own headers, redirects and rewrites, as next.config.ts gave them to its build. */
function siteRoutesJson(): string {
  type Route = Record<string, unknown> & { internal?: boolean };
  const manifest = JSON.parse(
    readFileSync(path.join(root, ".next", "routes-manifest.json"), "utf8"),
  ) as {
    headers: Route[];
    redirects: Route[];
    rewrites: { beforeFiles: Route[]; afterFiles: Route[]; fallback: Route[] } | Route[];
  };
  const keep = (keys: string[]) => (route: Route) =>
    Object.fromEntries(keys.filter((key) => key in route).map((key) => [key, route[key]]));
  const rewrite = keep(["source", "destination", "has", "missing"]);
  const rewrites = Array.isArray(manifest.rewrites)
    ? { beforeFiles: [], afterFiles: manifest.rewrites.map(rewrite), fallback: [] }
    : {
        beforeFiles: manifest.rewrites.beforeFiles.map(rewrite),
        afterFiles: manifest.rewrites.afterFiles.map(rewrite),
        fallback: manifest.rewrites.fallback.map(rewrite),
      };
  return JSON.stringify({
    headers: manifest.headers.map(keep(["source", "headers", "has", "missing"])),
    // Next adds its own trailing-slash redirect (internal) to every build.
    redirects: manifest.redirects
      .filter((route) => !route.internal)
      .map(keep(["source", "destination", "statusCode", "has", "missing"])),
    rewrites,
  });
}

/* ---------------------------------------------------------------------------------------------- */
/* Report                                                                                         */

/**
 * The <script src> of each page's HTML, its stylesheets and Lighthouse, the pay page's route
 * shown as PAY_ROUTE_LABEL (its token is new each run).
 */
async function measurePages(baseUrl: string, pages: string[], payRoute: string) {
  const named = <T extends { route: string }>(rows: T[]): T[] =>
    rows.map((row) => (row.route === payRoute ? { ...row, route: PAY_ROUTE_LABEL } : row));
  log("<script src> of every public page");
  const htmlScripts = named(await measureHtmlScripts(baseUrl, pages));
  log("stylesheets of every public page (and of the account's and the admin's sign-in pages)");
  const stylesheets = named(await measureStylesheets(baseUrl, pages, root));
  log(
    `lighthouse (mobile, median of ${LIGHTHOUSE_RUNS}): ${named(pages.map((route) => ({ route })))
      .map((r) => r.route)
      .join(", ")}`,
  );
  const lighthouseRows = named(
    await lighthouse(baseUrl, pages, {
      inspect: (lhr) => ({ [SEO_WITHOUT_NOINDEX]: scoreWithout(lhr, "seo", NOINDEX_AUDITS) }),
    }),
  );
  return { htmlScripts, stylesheets, lighthouse: lighthouseRows };
}

/** The pages' client JS, Lighthouse (with the floor's and the uploaded hero's) and stylesheets. */
function printPages(
  {
    htmlScripts,
    stylesheets,
    lighthouse: lighthouseRows,
  }: Awaited<ReturnType<typeof measurePages>>,
  floor: Floor,
  heroLighthouse: LighthouseRow | null,
) {
  const floorLh = floor.lighthouse[0];
  const floorJs = floorLh?.scripts?.transferBytes;
  console.log(
    "\nClient JavaScript: scripts among Lighthouse's network requests (transferred, median of the runs)" +
      "\nbeside the <script src> of the HTML alone (gzip -9; information: misses lazy chunks)",
  );
  const htmlScriptsOf = (rows: HtmlScriptsRow[], route: string) =>
    rows.find((r) => r.route === route);
  table(
    ["route", "scripts", "kB", "over floor kB", "HTML <script src>", "HTML gzip kB"],
    [...lighthouseRows, ...(floorLh ? [{ ...floorLh, route: "floor /" }] : [])].map((r) => {
      const fromHtml =
        r.route === "floor /"
          ? htmlScriptsOf(floor.htmlScripts, "/")
          : htmlScriptsOf(htmlScripts, r.route);
      return [
        r.route,
        r.scripts?.count ?? "-",
        r.scripts ? kB(r.scripts.transferBytes) : (r.note ?? "-"),
        r.scripts && floorJs !== undefined && r.route !== "floor /"
          ? kB(r.scripts.transferBytes - floorJs)
          : "-",
        fromHtml?.scripts ?? "-",
        fromHtml ? kB(fromHtml.gzipBytes) : "-",
      ];
    }),
  );
  console.log(
    "\nLighthouse (mobile, median; host index: this machine's Lighthouse benchmarkIndex)",
  );
  const lighthouseTable = [
    ...lighthouseRows,
    ...(floorLh ? [{ ...floorLh, route: "floor /" }] : []),
    ...(heroLighthouse
      ? [{ ...heroLighthouse, route: `${heroLighthouse.route} (hero, 390 px)` }]
      : []),
  ];
  table(
    ["route", ...LIGHTHOUSE_CATEGORIES, "FCP", "LCP", "TBT", "SI", "CLS", "host index"],
    lighthouseTable.map((r) => [
      r.route,
      ...LIGHTHOUSE_CATEGORIES.map((c) => r.scores?.[c] ?? r.note ?? "-"),
      ...["FCP", "LCP", "TBT", "SI", "CLS"].map((m) => r.metrics?.[m] ?? "-"),
      r.hostIndex ?? "-",
    ]),
  );
  printStylesheetsAndMainThread(stylesheets, lighthouseRows, floorLh);
  for (const row of lighthouseTable) {
    for (const [key, audits] of Object.entries(row.notes ?? {})) {
      if (key.endsWith(" failed")) console.log(`  ${row.route}: ${key} (a run): ${audits}`);
    }
  }
}

/** Prints the budgets' table; returns how many were exceeded (floor-bound ones not counted). */
function printBudgets(results: Check[]): number {
  console.log("\nBudgets (floor: the same measure of the framework floor)");
  table(
    ["check", "value", "floor", "budget", "result"],
    results.map((c) => [
      c.name,
      c.value,
      c.floor,
      c.budget,
      c.ok === null ? "not measured" : c.ok ? "ok" : c.floorBound ? "floor-bound" : "OVER BUDGET",
    ]),
  );
  for (const c of results.filter((check) => check.floorBound)) {
    console.log(`  ${c.name}, floor-bound: ${c.floorBound}`);
  }
  return results.filter((c) => c.ok === false && !c.floorBound).length;
}

/**
 * Each cached page beside what the stack itself charges a page of its size (StackCosts). The
 * site's figure is part 1's (median, and its ratio to the floor page of the same rounds); the
 * floor's pages were measured one after another on the floor alone, against its fresh /.
 */
function printStackCosts(throughput: ThroughputResult, floor: Floor) {
  const floorRps = floor.load.find((r) => r.route === "/")?.rps;
  const share = (rps: number | undefined) =>
    rps === undefined || !floorRps ? "-" : `${((rps / floorRps) * 100).toFixed(0)} %`;
  const floorRounds = throughput.targets.find((t) => t.role === "floor")?.rps ?? [];
  console.log(
    "\nCached page costs (req/s; % of the floor page /): the floor's / in a process that has" +
      "\nrendered a page at run time, and a floor page of each cached page's size, rendered at run" +
      "\ntime and then cached, on the plain floor and behind the site's headers and rewrites" +
      "\n(the site's pages: part 1's median and ratio to the floor page in the same rounds)",
  );
  const afterRender = floor.costs.afterRuntimeRender?.rps;
  table(
    ["page", "kB", "req/s", "floor page, same kB", "same kB + site routes"],
    [
      ["floor / (fresh process)", "-", `${floorRps ?? "-"}`, "-", "-"],
      [
        "floor / after a run-time render",
        "-",
        `${afterRender ?? "-"} (${share(afterRender)})`,
        "-",
        "-",
      ],
      ...floor.costs.sized.map((sized) => {
        const site = throughput.targets.find((t) => t.label === sized.route)?.rps ?? [];
        const ratio = roundRatios(site, floorRounds).median;
        return [
          sized.route,
          `${kB(sized.bytes)} (floor ${kB(sized.floorBytes)})`,
          site.length
            ? `${Math.round(median(site))} (${Number.isNaN(ratio) ? "-" : `${(ratio * 100).toFixed(0)} %`})`
            : "-",
          `${sized.plain?.rps ?? "-"} (${share(sized.plain?.rps)})`,
          `${sized.siteRoutes?.rps ?? "-"} (${share(sized.siteRoutes?.rps)})`,
        ];
      }),
    ],
  );
}

/** The typed-copy tour page beside its ASCII twin, and the floor's page with one such character. */
function printTypedCopy(
  load: LoadRow[],
  typedHtml: HtmlRow[],
  typedNonAscii: number,
  floor: Floor,
) {
  const ascii = load.find((r) => r.route === TYPED_ROUTES.ascii)?.rps;
  const share = (rps: number | undefined, of: number | undefined) =>
    rps === undefined || !of ? "-" : `${((rps / of) * 100).toFixed(0)} %`;
  console.log(
    "\nTyped copy (req/s): a tour whose overview and itinerary hold curly quotes, dashes and" +
      "\naccented names, beside its ASCII twin; and the floor's page of that size with one character" +
      "\nbeyond ASCII (the floor has no cache handler: what Next itself does with such a page)",
  );
  const rows: (string | number)[][] = [TYPED_ROUTES.typed, TYPED_ROUTES.ascii].map((route, i) => {
    const rps = load.find((r) => r.route === route)?.rps;
    return [
      route,
      typedHtml[i] ? kB(typedHtml[i]!.rawBytes) : "-",
      i === 0 ? `${typedNonAscii}` : "0",
      rps ?? "-",
      share(rps, ascii),
    ];
  });
  const plain = floor.costs.nonAscii.plain?.rps;
  rows.push([`floor /sized (ASCII)`, kB(floor.costs.nonAscii.bytes), "0", plain ?? "-", "-"]);
  for (const [character, row] of Object.entries(floor.costs.nonAscii.characters)) {
    rows.push([
      `floor /sized + one ${character}`,
      kB(floor.costs.nonAscii.bytes),
      "1",
      row?.rps ?? "-",
      share(row?.rps, plain),
    ]);
  }
  table(["page", "kB", "non-ASCII served", "req/s", "% of ASCII"], rows);
}

/** Each public page's stylesheets and main-thread work beside the floor's (Lighthouse medians). */
function printStylesheetsAndMainThread(
  stylesheets: StylesheetRow[],
  lighthouse: LighthouseRow[],
  floorLh: LighthouseRow | undefined,
) {
  const groups = ["styleLayout", "parseHTML", "scriptEvaluation", "paintCompositeRender"];
  console.log(
    "\nStylesheets (gzip level 6; Lighthouse: transferred) and main-thread work while the page" +
      "\nloads (Lighthouse mainthread-work-breakdown, ms at the simulated phone's CPU, median)",
  );
  const floorTotal = floorLh?.mainThread?.total;
  table(
    [
      "route",
      "CSS files",
      "CSS gzip kB",
      "LH CSS kB",
      "area-only classes",
      "main thread",
      "x floor",
      ...groups,
    ],
    [...lighthouse, ...(floorLh ? [{ ...floorLh, route: "floor /" }] : [])].map((row) => {
      const css = stylesheets.find((s) => s.route === row.route);
      const main = row.mainThread?.total;
      return [
        row.route,
        row.route === "floor /" ? 0 : (css?.hrefs.length ?? "-"),
        row.route === "floor /" ? "0.0" : css ? kB(css.gzipBytes) : "-",
        row.stylesheets ? kB(row.stylesheets.transferBytes) : "-",
        row.route === "floor /" ? "-" : css ? `${css.areaOnlyCount}` : "-",
        main ?? row.note ?? "-",
        main !== undefined && floorTotal ? (main / floorTotal).toFixed(1) : "-",
        ...groups.map((g) => row.mainThread?.groups[g] ?? "-"),
      ];
    }),
  );
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function checks(site: {
  throughput: ThroughputResult;
  load: LoadRow[];
  html: HtmlRow[];
  lighthouse: LighthouseRow[];
  stylesheets: StylesheetRow[];
  floor: Floor;
  hero: Hero;
}): Check[] {
  const { throughput, load, html, lighthouse, stylesheets, floor, hero } = site;
  const result: Check[] = [];
  const floorLh = floor.lighthouse[0];
  const floorPerformance = floorLh?.scores?.performance;

  const pct = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
  result.push(...throughputChecks(throughput));
  const typed = load.find((r) => r.route === TYPED_ROUTES.typed);
  const ascii = load.find((r) => r.route === TYPED_ROUTES.ascii);
  const floorDash = floor.costs.nonAscii.characters["—"]?.rps;
  const floorPlain = floor.costs.nonAscii.plain?.rps;
  result.push({
    name: `req/s ${TYPED_ROUTES.typed} (typed copy) vs ${TYPED_ROUTES.ascii} (ASCII twin)`,
    value: typed && ascii ? `${typed.rps} (${pct(typed.rps / ascii.rps)} of ${ascii.rps})` : "?",
    floor:
      floorDash && floorPlain
        ? `one em dash: ${floorDash} (${pct(floorDash / floorPlain)} of ${floorPlain})`
        : "-",
    budget: `>= ${BUDGET.typedVsAscii * 100} % of the ASCII twin`,
    ok:
      typed && ascii
        ? typed.rps >= BUDGET.typedVsAscii * ascii.rps && typed.non2xx === 0 && typed.errors === 0
        : null,
  });
  for (const row of html) {
    result.push({
      name: `HTML ${row.route}`,
      value: `${kB(row.gzipBytes)} kB gzip`,
      floor: floor.html[0] ? `${kB(floor.html[0].gzipBytes)} kB` : "-",
      budget: `<= ${BUDGET.htmlKb} kB`,
      ok: row.gzipBytes / 1000 <= BUDGET.htmlKb,
    });
  }
  result.push(...pageChecks(lighthouse, stylesheets, floor));
  const heroRoute = hero.upload ? `/tour/${hero.upload.slug}` : "tour page";
  const heroPerformance = hero.lighthouse?.scores?.performance;
  const heroNote = hero.note ?? hero.lighthouse?.note ?? "not measured";
  result.push({
    name: `Uploaded hero ${heroRoute}: Lighthouse performance (390 px)`,
    value: heroPerformance === undefined ? heroNote : String(heroPerformance),
    floor: String(floorPerformance ?? "-"),
    budget: `>= ${BUDGET.uploadedHero.performance}`,
    ok: heroPerformance === undefined ? null : heroPerformance >= BUDGET.uploadedHero.performance,
  });
  const pictureBytes = hero.lighthouse?.extra?.lcpPictureBytes;
  const lcpIsPicture = hero.lighthouse?.extra?.lcpIsPicture;
  result.push({
    name: `Uploaded hero ${heroRoute}: LCP picture (390 px)`,
    value:
      pictureBytes !== undefined
        ? `${kB(pictureBytes)} kB`
        : hero.lighthouse?.scores
          ? "LCP element is not the picture"
          : heroNote,
    floor: "-",
    budget: `<= ${BUDGET.uploadedHero.lcpPictureKb} kB`,
    // The picture must be the LCP element in most runs (median of 1 and 0).
    ok: !hero.lighthouse?.scores
      ? null
      : pictureBytes !== undefined &&
        lcpIsPicture === 1 &&
        pictureBytes / 1000 <= BUDGET.uploadedHero.lcpPictureKb,
  });
  return result;
}

/**
 * The budgets of the pages Lighthouse measures (3, 3b and 4 above): their stylesheets, main-thread
 * work, client JS and Lighthouse scores, each against the floor's.
 */
function pageChecks(
  lighthouse: LighthouseRow[],
  stylesheets: StylesheetRow[],
  floor: Floor,
): Check[] {
  const result: Check[] = [];
  const floorLh = floor.lighthouse[0];
  const floorJs = floorLh?.scripts?.transferBytes;
  const floorPerformance = floorLh?.scores?.performance;
  for (const row of stylesheets) {
    const clean = row.areaOnlyCount === 0 && row.sharedWithAreas.length === 0;
    result.push({
      name: `CSS ${row.route}`,
      value:
        `${kB(row.gzipBytes)} kB gzip, ${row.hrefs.length} file(s)` +
        (row.areaOnlyCount ? `; ${row.areaOnlyCount} account/admin-only classes` : "") +
        (row.sharedWithAreas.length ? `; loaded by ${AREA_PAGES.join(" or ")} too` : ""),
      floor: "0 kB (no CSS)",
      budget: `<= ${BUDGET.cssKb} kB, no account/admin styles`,
      ok: row.hrefs.length > 0 && clean && row.gzipBytes / 1000 <= BUDGET.cssKb,
    });
  }
  const floorMainThread = floorLh?.mainThread?.total;
  for (const row of lighthouse) {
    const main = row.mainThread?.total;
    result.push({
      name: `Main-thread work ${row.route}`,
      value:
        main === undefined
          ? (row.note ?? "not measured")
          : `${main} ms` + (floorMainThread ? ` (${(main / floorMainThread).toFixed(1)}x)` : ""),
      floor: floorMainThread === undefined ? "-" : `${floorMainThread} ms`,
      budget: `<= ${BUDGET.mainThreadVsFloor}x floor`,
      ok:
        main === undefined || floorMainThread === undefined
          ? null
          : main <= BUDGET.mainThreadVsFloor * floorMainThread,
    });
  }
  for (const row of lighthouse) {
    const over = BUDGET.jsFormRoutes.includes(row.route)
      ? BUDGET.jsOverFloorKbForms
      : BUDGET.jsOverFloorKb;
    const bytes = row.scripts?.transferBytes;
    result.push({
      name: `JS ${row.route}`,
      value:
        bytes === undefined
          ? (row.note ?? "not measured")
          : `${kB(bytes)} kB (${row.scripts!.count} scripts)${floorJs === undefined ? "" : `, floor +${kB(bytes - floorJs)}`}`,
      floor: floorJs === undefined ? "-" : `${kB(floorJs)} kB`,
      budget: `<= floor + ${over} kB`,
      ok: bytes === undefined || floorJs === undefined ? null : (bytes - floorJs) / 1000 <= over,
    });
  }
  for (const row of lighthouse) {
    const scores = row.scores;
    const performance = scores?.performance;
    const slowFloor =
      floorPerformance !== undefined && floorPerformance < BUDGET.lighthouse.performance;
    const min =
      floorPerformance === undefined
        ? BUDGET.lighthouse.performance
        : slowFloor
          ? floorPerformance - BUDGET.lighthouse.performanceUnderSlowFloor
          : Math.max(
              BUDGET.lighthouse.performance,
              floorPerformance - BUDGET.lighthouse.performanceUnderFloor,
            );
    result.push({
      name: `Lighthouse performance ${row.route}`,
      value: performance === undefined ? (row.note ?? "no score") : String(performance),
      floor: String(floorPerformance ?? "-"),
      budget: slowFloor
        ? `>= floor - ${BUDGET.lighthouse.performanceUnderSlowFloor} (floor < ${BUDGET.lighthouse.performance})`
        : `>= ${BUDGET.lighthouse.performance}, >= floor - ${BUDGET.lighthouse.performanceUnderFloor}`,
      ok: performance === undefined ? null : performance >= min,
    });
    const cls = row.metrics?.CLS;
    result.push({
      name: `Lighthouse CLS ${row.route}`,
      value: cls === undefined ? (row.note ?? "no value") : String(cls),
      floor: String(floorLh?.metrics?.CLS ?? "-"),
      budget: `= ${BUDGET.lighthouse.cls}`,
      ok: cls === undefined ? null : cls <= BUDGET.lighthouse.cls,
    });
    for (const category of ["accessibility", "best-practices", "seo"] as const) {
      // A page kept out of search engines fails the crawlability audit by design.
      const noindex = category === "seo" && NOINDEX_ROUTES.includes(row.route);
      const score = noindex
        ? row.scores
          ? row.extra?.[SEO_WITHOUT_NOINDEX]
          : undefined
        : scores?.[category];
      result.push({
        name: `Lighthouse ${category} ${row.route}`,
        value:
          score === undefined
            ? (row.note ?? "no score")
            : noindex
              ? `${score} (${scores?.seo ?? "?"} with ${NOINDEX_AUDITS.join(", ")})`
              : String(score),
        floor: String(floorLh?.scores?.[category] ?? "-"),
        budget:
          `= ${BUDGET.lighthouse[category]}` + (noindex ? ` but ${NOINDEX_AUDITS.join(", ")}` : ""),
        ok: score === undefined ? null : score >= BUDGET.lighthouse[category],
      });
    }
  }
  return result;
}

/**
 * Merges one part's result and checks into the existing bench/results.json (the parts that can
 * run alone: `--admin-bookings`, `--cluster-load`), leaving the other parts' figures as they were.
 */
function mergeIntoResults(
  part: string,
  result: unknown,
  budget: unknown,
  mine: Check[],
  prefix: string,
) {
  if (mine.length === 0) {
    // The part produced no figures (its run failed before measuring): nothing was met.
    console.log(`\n${prefix}: no figures measured; bench/results.json left as it was`);
    process.exitCode = 1;
    return;
  }
  const file = path.join(root, "bench", "results.json");
  const report = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  report.budgets = { ...report.budgets, [part]: budget };
  report[part] = result;
  report.checks = [
    ...((report.checks ?? []) as Check[]).filter((c) => !c.name.startsWith(prefix)),
    ...mine,
  ];
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const failed = mine.filter((c) => c.ok === false && !c.floorBound).length;
  console.log(
    `\n${failed === 0 ? `${prefix} budgets met` : `${failed} ${prefix} budget(s) exceeded`}; wrote bench/results.json`,
  );
  process.exitCode = failed > 0 ? 1 : 0;
}

/** `--admin-bookings`: only the admin bookings bench. */
function adminBookingsOnly() {
  const result = measureAdminBookings(root, { quick: QUICK });
  console.log("\nAdmin bookings page at 100,000 bookings (Postgres server)");
  table(ADMIN_BOOKINGS_HEADERS, adminBookingsTableRows(result));
  mergeIntoResults(
    "adminBookings",
    result,
    ADMIN_BOOKINGS_BUDGET,
    adminBookingsChecks(result),
    "admin bookings",
  );
}

function printOcto(result: ReturnType<typeof measureOcto>) {
  console.log(
    `\nOCTO API at ${result.departures.toLocaleString("en-US")} departures and ${result.bookings.toLocaleString("en-US")} bookings (Postgres server ${result.server}, ${result.runs} calls a scenario${result.loadAverage === undefined ? "" : `, load average ${result.loadAverage}`})`,
  );
  table(OCTO_HEADERS, octoTableRows(result));
}

/** `--octo`: only the OCTO API bench (bench/octo), on the Postgres server; no build needed. */
function octoOnly() {
  const result = measureOcto(root, { quick: QUICK });
  printOcto(result);
  const checks = octoChecks(result);
  printBudgets(checks);
  // Not measured (no server): bench/results.json keeps the last figures.
  mergeIntoResults("octo", result, OCTO_BUDGET, result.rows.length ? checks : [], "OCTO API");
}

/**
 * A fresh deployment: `next start` keeps the pages it rendered (the full-route cache) and its
 * data cache under .next, across restarts. Kept, they would be served from an earlier run's
 * database: after the uploaded hero, with a picture whose files were removed with that run
 * (a 404 in the console of /, /tours and the tour pages).
 */
function freshDeployment() {
  for (const dir of [".next/server/route-cache", ".next/cache/fetch-cache"])
    rmSync(path.join(root, dir), { recursive: true, force: true });
}

/**
 * `--throughput-only`: part 1 alone, on the build in .next (a fresh database, as the full run's):
 * prints its table and budgets and merges its part into bench/results.json, or refuses.
 */
async function throughputOnly() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("--throughput-only: there is no build in .next (run `next build` first)");
  const autocannon = requireCjs("autocannon") as Autocannon;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  freshDeployment();
  startServer(port, baseUrl);
  log(`next start on ${baseUrl} (pid ${server?.pid}), PGlite in ${path.relative(root, dataDir!)}`);
  await waitUntilReady(baseUrl);
  const throughput = await measureThroughputPart(autocannon, baseUrl);
  await stopAllServers();
  printThroughput(throughput);
  if (!throughput.host.ok) {
    console.log("\nRun refused (host too busy); bench/results.json left as it was");
    process.exitCode = HOST_TOO_BUSY_EXIT;
    return;
  }
  const mine = throughputChecks(throughput);
  printBudgets(mine);
  mergeIntoResults("throughput", throughput, THROUGHPUT_BUDGET, mine, "Throughput");
}

/** `--cluster-load`: only the two-instance load (bench/cluster-load.ts), on the build in .next. */
async function clusterLoadOnly() {
  const result = await measureClusterLoad(root, { quick: QUICK });
  printClusterLoad(result);
  mergeIntoResults("clusterLoad", result, CLUSTER_LOAD_BUDGET, result.checks, "cluster load");
}

async function main() {
  if (args.has("--admin-bookings")) return adminBookingsOnly();
  if (args.has("--cluster-load")) return clusterLoadOnly();
  if (args.has("--octo")) return octoOnly();
  if (!Number.isInteger(THROUGHPUT.rounds) || THROUGHPUT.rounds < 2)
    throw new Error("--rounds: at least 2 (the rounds' spread is how a busy host shows)");
  if (THROUGHPUT_ONLY) return throughputOnly();
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
  freshDeployment();
  // The bench admin first, on the fresh database, as the e2e runs make their staff accounts.
  const heroNeeded = !NO_LIGHTHOUSE && !LIGHTHOUSE_ONLY && existsSync(CHROME_PATH);
  if (heroNeeded) createBenchAdmin(root, siteEnv(baseUrl));
  if (!LIGHTHOUSE_ONLY) writeTypedCopy(root, siteEnv(baseUrl));
  const payRoute = writePayBooking(root, siteEnv(baseUrl));
  const pages = [...PUBLIC_ROUTES, payRoute].filter(
    (route) =>
      !ROUTES ||
      ROUTES.includes(route) ||
      (route === payRoute && ROUTES.some((r) => r === "/pay" || r === PAY_ROUTE_LABEL)),
  );
  startServer(port, baseUrl);
  log(`next start on ${baseUrl} (pid ${server?.pid}), PGlite in ${path.relative(root, dataDir!)}`);
  await waitUntilReady(baseUrl);
  log("ready; warming up");
  if (LIGHTHOUSE_ONLY) {
    await warmUp(baseUrl, autocannon, [], pages);
    const measured = await measurePages(baseUrl, pages, payRoute);
    await stopServer();
    log("framework floor (bench/floor): Lighthouse only");
    const floor = await measureFloor(autocannon, [], 0);
    printPages(measured, floor, null);
    const results = pageChecks(measured.lighthouse, measured.stylesheets, floor);
    const failed = printBudgets(results);
    console.log(
      `\n${failed === 0 ? "All measured budgets met" : `${failed} budget(s) exceeded`}` +
        " (--lighthouse-only: bench/results.json not written)",
    );
    process.exitCode = failed > 0 ? 1 : 0;
    return;
  }
  await warmUp(baseUrl, autocannon, [], pages);
  // First: on a host too busy to measure, nothing after it would be worth the wait either.
  const throughput = await measureThroughputPart(autocannon, baseUrl);
  printThroughput(throughput);
  if (!throughput.host.ok) {
    await stopAllServers();
    console.log("\nRun refused (host too busy); bench/results.json left as it was");
    process.exitCode = HOST_TOO_BUSY_EXIT;
    return;
  }
  log(
    `load: ${LOAD.connections} connections, ${LOAD.duration} s, median of ${LOAD.runs}` +
      (PIN ? `; server on CPU ${SERVER_CPU}, load generator on CPU ${CLIENT_CPU}` : "; unpinned"),
  );
  const load = await onClientCpu(async () => {
    await warmUp(baseUrl, autocannon, LOAD_ROUTES, []);
    return measureLoad(baseUrl, autocannon);
  });
  log("HTML of the cached pages");
  const html = await measureHtml(baseUrl);
  const typedHtml = await measureHtml(baseUrl, [TYPED_ROUTES.typed, TYPED_ROUTES.ascii]);
  // As served from the cache (the first response, which rendered it, is as rendered).
  const typedServed = await (await fetch(baseUrl + TYPED_ROUTES.typed)).text();
  const typedNonAscii = typedServed.match(/[^\x00-\x7f]/gu)?.length ?? 0;
  const measured = await measurePages(baseUrl, pages, payRoute);
  const { htmlScripts, stylesheets, lighthouse: lighthouseRows } = measured;
  log(`uploaded hero (${HERO_DESCRIPTION} as a tour's thumbnail, Lighthouse at 390 px)`);
  let hero: Hero;
  try {
    hero = await measureHero(baseUrl);
  } catch (error) {
    // Reported as not measured, with the cause: the other budgets still count.
    const message = error instanceof Error ? error.message : String(error);
    log(`uploaded hero failed: ${message}`);
    hero = { upload: null, lighthouse: null, note: `failed: ${message.slice(0, 120)}` };
  }
  await stopServer();
  log("framework floor (bench/floor)");
  const floor = await measureFloor(autocannon, html, typedHtml[1]!.rawBytes);
  log("image upload (a 10 MB photo: checked, encoded, stored)");
  const upload = await measureImageUpload(QUICK ? 1 : 3);

  console.log("\nThroughput and latency, one route after another (site; the floor's page below)");
  table(
    ["route", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"],
    [...load, ...floor.load.map((r) => ({ ...r, route: `floor ${r.route}` }))].map((r) => [
      r.route,
      r.rps,
      r.p50,
      r.p99,
      r.non2xx,
      r.errors,
    ]),
  );
  printThroughput(throughput);
  printStackCosts(throughput, floor);
  printTypedCopy(load, typedHtml, typedNonAscii, floor);
  console.log("\nHTML of the cached pages (gzip level 6, as next start sends it)");
  table(
    ["route", "raw kB", "gzip kB", "Lighthouse document kB"],
    [...html, ...floor.html.map((r) => ({ ...r, route: `floor ${r.route}` }))].map((r) => {
      const lh = (r.route.startsWith("floor ") ? floor.lighthouse : lighthouseRows).find(
        (l) => l.route === r.route.replace(/^floor /, ""),
      );
      return [
        r.route,
        kB(r.rawBytes),
        kB(r.gzipBytes),
        lh?.documentBytes === undefined ? "-" : kB(lh.documentBytes),
      ];
    }),
  );
  printPages(measured, floor, hero.lighthouse);
  console.log(
    `\nUploaded hero (${HERO_DESCRIPTION}; Lighthouse at 390 x 844, 1.75 device pixels a px)`,
  );
  table(
    [
      "tour",
      "photo MB",
      "widths",
      "upload ms",
      "performance",
      "LCP ms",
      "LCP picture kB",
      "picture",
    ],
    [
      [
        hero.upload?.slug ?? HERO_TOUR,
        hero.upload ? (hero.upload.photoBytes / 1e6).toFixed(1) : "-",
        hero.upload?.widths.join(" ") ?? "-",
        hero.upload?.uploadMs ?? "-",
        hero.lighthouse?.scores?.performance ?? hero.note ?? "-",
        hero.lighthouse?.metrics?.LCP ?? "-",
        hero.lighthouse?.extra?.lcpPictureBytes === undefined
          ? "-"
          : kB(hero.lighthouse.extra.lcpPictureBytes),
        hero.lighthouse?.notes?.lcpPictureUrls?.split("/").pop() ?? "-",
      ],
    ],
  );
  let adminBookings: ReturnType<typeof measureAdminBookings> | null = null;
  let adminLists: ReturnType<typeof measureAdminLists> | null = null;
  let clusterLoad: Awaited<ReturnType<typeof measureClusterLoad>> | null = null;
  let octo: ReturnType<typeof measureOcto> | null = null;
  if (!PUBLIC_ONLY) {
    log("admin bookings page at 100,000 bookings (Postgres server)");
    adminBookings = measureAdminBookings(root, { quick: QUICK });
    console.log("\nAdmin bookings page at 100,000 bookings (Postgres server)");
    table(ADMIN_BOOKINGS_HEADERS, adminBookingsTableRows(adminBookings));
    log("admin lists on the Postgres server (bench/admin-lists.bench.ts)");
    adminLists = measureAdminLists();
    log("the OCTO API at 10,000 departures and 100,000 bookings (Postgres server)");
    octo = measureOcto(root, { quick: QUICK });
    printOcto(octo);
    log("two instances under 200 concurrent bookings, beside the floor (bench/cluster-load.ts)");
    clusterLoad = await measureClusterLoad(root, { quick: QUICK });
    printClusterLoad(clusterLoad);
  }
  const results: Check[] = [
    ...checks({ throughput, load, html, lighthouse: lighthouseRows, stylesheets, floor, hero }),
    ...(adminBookings ? adminBookingsChecks(adminBookings) : []),
    ...(adminLists?.checks ?? []),
    ...(octo ? octoChecks(octo) : []),
    ...(clusterLoad?.checks ?? []),
  ];
  results.push({
    name: "Upload of a 10 MB photo (check, WebP widths, store)",
    value: `${upload.medianMs} ms`,
    floor: "-",
    budget: `<= ${UPLOAD_BUDGET_MS} ms`,
    ok: upload.medianMs <= UPLOAD_BUDGET_MS,
  });
  const failed = printBudgets(results);
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: {
      ...LOAD,
      throughput: THROUGHPUT,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      heroScreen: HERO_SCREEN,
      quick: QUICK,
      pinned: PIN,
    },
    budgets: {
      ...BUDGET,
      adminBookings: ADMIN_BOOKINGS_BUDGET,
      octo: OCTO_BUDGET,
      clusterLoad: CLUSTER_LOAD_BUDGET,
    },
    routes: {
      public: PUBLIC_ROUTES,
      pay: PAY_ROUTE_LABEL,
      measured: measured.lighthouse.map((row) => row.route),
      cached: CACHED_ROUTES,
      staticFile: STATIC_FILE,
      robots: ROBOTS_ROUTE,
    },
    throughput,
    load,
    html,
    htmlScripts,
    typedCopy: { html: typedHtml, nonAsciiServed: typedNonAscii },
    stylesheets,
    lighthouse: lighthouseRows,
    floor,
    hero,
    adminBookings,
    upload,
    adminLists: adminLists?.report ?? null,
    octo,
    clusterLoad,
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
  for (const child of running) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopAllServers().finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  if (serverLog.length)
    console.error(`[bench] last server output:\n${serverLog.slice(-30).join("\n")}`);
  await stopAllServers();
  process.exitCode = 1;
});
