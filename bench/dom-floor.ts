/**
 * `npx tsx bench/dom-floor.ts [--runs=N] [route ...]`, with the site's build in `.next`.
 *
 * How much of a public page's main-thread work is the stack's and how much is the site's own.
 * `npm run bench` holds each public page's main-thread work to twice the framework floor's, whose
 * page is one heading. This measures, in one run, on this machine:
 *  - the site's page (Lighthouse mobile, as the bench runs it);
 *  - the same page drawn by the floor (bench/floor/app/dom): its DOM as the site serves it
 *    (elements, attributes and text, scripts left out), the same stylesheet and pictures, built
 *    by the same next/react as server components only, with no client component and no script of
 *    the site. Its cost is what the stack charges for that much page before the site adds any
 *    behaviour: React hydrates every element of the document, whoever rendered it;
 *  - the same page with the site's links drawn as next/link (bench/floor/app/dom-links): the
 *    framework's client-side navigation, which every link on the site uses, on top of it;
 *  - the floor's own page.
 * The difference between the site's page and the last is the site's own work (its client
 * components and scripts), the part a change of ours can remove. One run of each page a round,
 * in turn, medians over the rounds.
 *
 * Default routes: the bench's public pages. The site runs on a fresh PGlite directory without the
 * demo accounts; the floor copy lives in the temp directory and is rebuilt when its pages change.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { chromium } from "@playwright/test";

import { table } from "./check";
import { freePort } from "../tests/cluster/harness";
import { ensureFloorBuild } from "./floor-build";
import { type LighthouseRow, measureLighthouse } from "./lighthouse";
import { PUBLIC_ROUTES } from "./public-routes";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 3);
const ROUTES = args.filter((a) => !a.startsWith("--"));
const FLOOR_WORK_DIR = path.join(os.tmpdir(), "breathe-uganda-bench-floor-dom");
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

const log = (message: string) => console.log(`[dom-floor] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A DOM node as the floor page draws it: text, or [tag, attributes, children]. */
type DomNode = string | [string, Record<string, string>, DomNode[]];
type DomPage = { stylesheets: string[]; body: DomNode[] };

function start(cwd: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(
    path.join(cwd, "node_modules/.bin/next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd,
      detached: true,
      stdio: "ignore",
      env: { ...process.env, ...env, NODE_ENV: "production" },
    },
  );
}

function stop(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

async function ready(url: string) {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(500)) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`${url} was not ready within 180 s`);
}

/**
 * The page's body as [tag, attributes, children] and its stylesheets, run in the page. A string:
 * tsx's transform would add helpers to a function that the page does not have.
 */
const CAPTURE = `(() => {
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? "";
    if (!(node instanceof Element)) return null;
    const tag = node.localName;
    if (tag === "script" || tag === "noscript" || tag === "template") return null;
    const attributes = {};
    for (const attribute of node.attributes) attributes[attribute.name] = attribute.value;
    return [tag, attributes, [...node.childNodes].map(walk).filter((c) => c !== null)];
  };
  return {
    stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
    body: [...document.body.childNodes].map(walk).filter((c) => c !== null),
  };
})()`;

/** Each route's body as served (scripts disabled: the markup, not what scripts add to it). */
async function captureDom(baseUrl: string, routes: string[]): Promise<DomPage[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const pages: DomPage[] = [];
    for (const route of routes) {
      await page.goto(baseUrl + route, { waitUntil: "load" });
      pages.push((await page.evaluate(CAPTURE)) as DomPage);
    }
    return pages;
  } finally {
    await browser.close();
  }
}

/** The files of the site's public/ (pictures, icon sprite), to serve from the floor too. */
function publicFiles(): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  const dir = path.join(root, "public");
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const full = path.join(dir, name);
    if (statSync(full).isFile()) files[path.join("public", name)] = readFileSync(full);
  }
  return files;
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("no build in .next: run `npm run build` first");
  const routes = ROUTES.length ? ROUTES : PUBLIC_ROUTES;
  const names = routes.map(
    (route) => route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home",
  );

  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const site = start(root, sitePort, {
    PGLITE_DIR: path.join(root, ".data", `bench-dom-${Date.now()}`),
    DATABASE_URL: "",
    SITE_URL: siteUrl,
    AUTH_URL: siteUrl,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-only-secret-not-for-production-0123456789",
  });
  let floor: ChildProcess | undefined;
  try {
    await ready(`${siteUrl}/`);
    for (const route of routes) await ready(siteUrl + route); // cached pages rendered once
    log(`site on ${siteUrl}: capturing ${routes.join(", ")}`);
    const pages = await captureDom(siteUrl, routes);

    const extraFiles: Record<string, string | Buffer> = { ...publicFiles() };
    const domPages: Record<string, DomPage> = {};
    for (const [i, page] of pages.entries()) {
      // Served from the floor's public/ (its own /_next/ is Next's, not a folder it serves).
      const stylesheets: string[] = [];
      for (const href of page.stylesheets) {
        const served = `/dom-css/${path.basename(href)}`;
        extraFiles[path.join("public", served)] = await (await fetch(siteUrl + href)).text();
        stylesheets.push(served);
      }
      domPages[names[i]!] = { ...page, stylesheets };
    }
    extraFiles["dom-pages.json"] = JSON.stringify(domPages);
    log("floor: building its copy with the captured pages");
    ensureFloorBuild(root, FLOOR_WORK_DIR, extraFiles);

    const floorPort = await freePort();
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    floor = start(FLOOR_WORK_DIR, floorPort);
    await ready(`${floorUrl}/`);

    // One run of every page a round, in turn, so that each figure has the others of its round
    // beside it on a host whose speed moves; medians over the rounds.
    const options = { runs: 1, chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, log };
    const floorRoutes = [
      ...names.map((n) => `/dom/${n}`),
      ...names.map((n) => `/dom-links/${n}`),
      "/",
    ];
    const rounds: { site: LighthouseRow[]; floor: LighthouseRow[] }[] = [];
    for (let round = 0; round < RUNS; round++) {
      log(`round ${round + 1} of ${RUNS}`);
      rounds.push({
        site: await measureLighthouse(siteUrl, routes, options),
        floor: await measureLighthouse(floorUrl, floorRoutes, options),
      });
    }
    const work = (pick: (round: (typeof rounds)[number]) => LighthouseRow | undefined) =>
      medianWork(rounds.map((round) => pick(round)?.mainThread));
    print(
      routes,
      routes.map((_, i) => work((round) => round.site[i])),
      routes.map((_, i) => work((round) => round.floor[i])),
      routes.map((_, i) => work((round) => round.floor[routes.length + i])),
      work((round) => round.floor[2 * routes.length]),
    );
  } finally {
    stop(site);
    if (floor) stop(floor);
  }
}

type Work = { total: number; script: number } | undefined;

/** The median total and script evaluation of a page's runs (undefined when none ran). */
function medianWork(runs: ({ total: number; groups: Record<string, number> } | undefined)[]): Work {
  const measured = runs.filter((run) => run !== undefined);
  if (!measured.length) return undefined;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    total: median(measured.map((run) => run.total)),
    script: median(measured.map((run) => run.groups.scriptEvaluation ?? 0)),
  };
}

function print(routes: string[], site: Work[], dom: Work[], domLinks: Work[], floor: Work) {
  const floorMs = floor?.total;
  const ms = (value: number | undefined) => (value === undefined ? "-" : String(Math.round(value)));
  const times = (value: number | undefined) =>
    value === undefined || !floorMs ? "-" : `${(value / floorMs).toFixed(1)}x`;
  console.log(
    `\nMain-thread work while the page loads (Lighthouse mainthread-work-breakdown, ms at the ` +
      `simulated phone's CPU, median of ${RUNS} rounds); the floor's own page: ${ms(floorMs)} ms\n`,
  );
  table(
    [
      "route",
      "site",
      "x floor",
      "same DOM on the floor",
      "x floor",
      "with next/link",
      "x floor",
      "the site's own",
      "site script",
      "DOM-floor script",
      "with next/link script",
    ],
    routes.map((route, i) => {
      const [s, d, l] = [site[i], dom[i], domLinks[i]];
      return [
        route,
        ms(s?.total),
        times(s?.total),
        ms(d?.total),
        times(d?.total),
        ms(l?.total),
        times(l?.total),
        s && l ? ms(s.total - l.total) : "-",
        ms(s?.script),
        ms(d?.script),
        ms(l?.script),
      ];
    }),
  );
  console.log(
    "\nthe site's own: the site's page less the same DOM with next/link on the floor, the work " +
      "its client components and scripts add.",
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
