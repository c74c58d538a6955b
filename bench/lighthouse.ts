/**
 * Lighthouse for `npm run bench`: mobile (its default form factor, emulated screen, simulated
 * throttling), N runs a route in one Chromium, medians. Besides the category scores and the
 * performance metrics, each run's network requests give what a phone downloads for the page:
 * every script fetched while the page loads and settles (lazy chunks and prefetches included), as
 * transferred (compressed, headers included), and the document itself.
 */
import { existsSync } from "node:fs";

export const LIGHTHOUSE_CATEGORIES = [
  "performance",
  "accessibility",
  "best-practices",
  "seo",
] as const;
/** The metrics the performance score is made of (Lighthouse audit id: short name). */
const LIGHTHOUSE_METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "speed-index": "SI",
  "cumulative-layout-shift": "CLS",
} as const;

export type NetworkRequest = {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
  resourceSize?: number;
};
type NodeItem = { type: "node"; snippet?: string; selector?: string; nodeLabel?: string };
type AuditResult = {
  score?: number | null;
  numericValue?: number;
  details?: { type?: string; items?: unknown[] };
};
export type Lhr = {
  categories: Record<
    string,
    { score: number | null; auditRefs?: { id: string; weight: number }[] }
  >;
  audits: Record<string, AuditResult | undefined>;
  environment?: { benchmarkIndex?: number };
};
/** The emulated screen (Lighthouse's `screenEmulation` setting). */
export type ScreenEmulation = {
  mobile: boolean;
  width: number;
  height: number;
  deviceScaleFactor: number;
  disabled: boolean;
};

type LighthouseFn = (
  url: string,
  flags: {
    port: number;
    output: "json";
    logLevel: "error";
    onlyCategories: string[];
    screenEmulation?: ScreenEmulation;
  },
) => Promise<{ lhr: Lhr } | undefined>;
type ChromeLauncher = {
  launch: (options: {
    chromePath: string;
    chromeFlags: string[];
  }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
};

export type LighthouseRow = {
  route: string;
  /** Median score per category (0-100); null when Lighthouse did not run. */
  scores: Record<string, number> | null;
  /**
   * Lighthouse's benchmarkIndex of this machine (median), which its simulated 4x CPU slowdown
   * assumes to be that of a fast desktop: on a slower host the same page scores lower.
   */
  hostIndex?: number;
  /** Median of each performance metric over the runs, in ms (CLS unitless). */
  metrics?: Record<string, number>;
  /** Scripts downloaded (network requests of type Script): median count and transferred bytes. */
  scripts?: { count: number; transferBytes: number };
  /** The document as transferred (median bytes). */
  documentBytes?: number;
  /** Stylesheets downloaded (network requests of type Stylesheet): median count and bytes. */
  stylesheets?: { count: number; transferBytes: number };
  /**
   * Main-thread work while the page loads (the mainthread-work-breakdown audit, at the simulated
   * phone's CPU speed): median total ms and median ms of each of its groups (styleLayout,
   * parseHTML, scriptEvaluation, ...).
   */
  mainThread?: { total: number; groups: Record<string, number> };
  /** Medians of what the caller's `inspect` took from each run. */
  extra?: Record<string, number>;
  /** The last run's values of `inspect` that are not numbers (e.g. the LCP element). */
  notes?: Record<string, string>;
  runs?: number;
  note?: string;
};

export type LighthouseOptions = {
  runs: number;
  chromePath: string;
  chromeFlags: string[];
  /** Why Lighthouse does not run (e.g. `--no-lighthouse`), if it does not. */
  skip?: string;
  screenEmulation?: ScreenEmulation;
  /** More figures from each run's report: numbers get a median, strings keep the last. */
  inspect?: (lhr: Lhr) => Record<string, number | string | undefined>;
  log: (message: string) => void;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
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

/** The rows of the `network-requests` audit (every request of the page load). */
export function networkRequests(lhr: Lhr): NetworkRequest[] {
  return (lhr.audits["network-requests"]?.details?.items ?? []) as NetworkRequest[];
}

/**
 * What the page downloaded of JavaScript and of its document. A script is a request of type
 * Script, or one whose response is JavaScript whatever started it (a <link rel="prefetch"> is
 * of type Other): the phone pays for both.
 */
export function pageWeights(lhr: Lhr): {
  scripts: number;
  scriptBytes: number;
  stylesheets: number;
  stylesheetBytes: number;
  documentBytes: number | undefined;
} {
  const requests = networkRequests(lhr);
  const scripts = requests.filter(
    (r) => r.resourceType === "Script" || /\b(?:java|ecma)script\b/i.test(r.mimeType ?? ""),
  );
  const stylesheets = requests.filter((r) => r.resourceType === "Stylesheet");
  return {
    scripts: scripts.length,
    scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    stylesheets: stylesheets.length,
    stylesheetBytes: stylesheets.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    documentBytes: requests.find((r) => r.resourceType === "Document")?.transferSize,
  };
}

/** The main thread's work during the load, in total and by group (ms), as Lighthouse reports it. */
export function mainThreadWork(lhr: Lhr): { total: number; groups: Record<string, number> } | null {
  const audit = lhr.audits["mainthread-work-breakdown"];
  if (typeof audit?.numericValue !== "number") return null;
  const groups: Record<string, number> = {};
  for (const item of (audit.details?.items ?? []) as { group?: string; duration?: number }[]) {
    if (item.group && typeof item.duration === "number")
      groups[item.group] = (groups[item.group] ?? 0) + item.duration;
  }
  return { total: audit.numericValue, groups };
}

/**
 * The audits that cost a category points (weighted, scored under 1), each with its first item:
 * what to look at when accessibility, best practices or SEO are under 100.
 */
export function failedAudits(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => {
      const score = lhr.audits[ref.id]?.score;
      return ref.weight > 0 && typeof score === "number" && score < 1;
    })
    .map((ref) => {
      // The first item says what went wrong (a console error's text, a failing URL).
      const first = lhr.audits[ref.id]?.details?.items?.[0] as
        | { description?: unknown; url?: unknown; sourceLocation?: { url?: unknown } }
        | undefined;
      const what = [first?.description, first?.sourceLocation?.url ?? first?.url]
        .filter((v) => typeof v === "string")
        .map((v) => String(v).slice(0, 160));
      return what.length ? `${ref.id} (${what.join(": ")})` : ref.id;
    });
}

/**
 * A category's score (0-100) as Lighthouse computes it, the weighted mean of its weighted audits'
 * scores, with `without` left out: the score of a page that is meant to fail those audits (a
 * noindex page and the crawlability audit). Undefined when an audit counted has no score.
 */
export function scoreWithout(lhr: Lhr, category: string, without: string[]): number | undefined {
  const refs = (lhr.categories[category]?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && !without.includes(ref.id),
  );
  let weighted = 0;
  let weights = 0;
  for (const ref of refs) {
    const score = lhr.audits[ref.id]?.score;
    if (typeof score !== "number") return undefined;
    weighted += score * ref.weight;
    weights += ref.weight;
  }
  return weights > 0 ? Math.round((weighted / weights) * 100) : undefined;
}

/** The LCP element as Lighthouse 13 reports it (the node item of its LCP breakdown insight). */
export function lcpElement(lhr: Lhr): NodeItem | undefined {
  const items = lhr.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  return items.find(
    (item): item is NodeItem => (item as { type?: string } | null)?.type === "node",
  );
}

export async function measureLighthouse(
  baseUrl: string,
  routes: string[],
  options: LighthouseOptions,
): Promise<LighthouseRow[]> {
  const modules = options.skip ? null : await loadLighthouse();
  if (!modules || !existsSync(options.chromePath)) {
    const note =
      options.skip ??
      (!modules
        ? "lighthouse not installed"
        : `no Chromium at ${options.chromePath} (apt-get install -y chromium)`);
    options.log(`lighthouse: ${note}`);
    return routes.map((route) => ({ route, scores: null, note }));
  }
  const chrome = await modules.launcher.launch({
    chromePath: options.chromePath,
    chromeFlags: options.chromeFlags,
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const route of routes) {
      const samples: Record<string, number[]> = {};
      const metricSamples: Record<string, number[]> = {};
      const extraSamples: Record<string, number[]> = {};
      const notes: Record<string, string> = {};
      const scriptCounts: number[] = [];
      const scriptBytes: number[] = [];
      const documentBytes: number[] = [];
      const stylesheetCounts: number[] = [];
      const stylesheetBytes: number[] = [];
      const mainThreadTotals: number[] = [];
      const mainThreadGroups: Record<string, number[]> = {};
      const hostIndexes: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const result = await modules.lighthouse(baseUrl + route, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
          ...(options.screenEmulation ? { screenEmulation: options.screenEmulation } : {}),
        });
        if (!result) continue;
        const { lhr } = result;
        const failed: string[] = [];
        for (const category of LIGHTHOUSE_CATEGORIES) {
          const score = lhr.categories[category]?.score;
          if (typeof score === "number") (samples[category] ??= []).push(Math.round(score * 100));
          if (category !== "performance" && typeof score === "number" && score < 1) {
            const audits = failedAudits(lhr, category).join(", ");
            failed.push(`${category}: ${audits}`);
            notes[`${category} failed`] = audits;
          }
        }
        const run: string[] = [];
        for (const [audit, name] of Object.entries(LIGHTHOUSE_METRICS)) {
          const value = lhr.audits[audit]?.numericValue;
          if (typeof value !== "number") continue;
          (metricSamples[name] ??= []).push(value);
          run.push(`${name} ${name === "CLS" ? value.toFixed(3) : Math.round(value)}`);
        }
        const weights = pageWeights(lhr);
        scriptCounts.push(weights.scripts);
        scriptBytes.push(weights.scriptBytes);
        if (weights.documentBytes !== undefined) documentBytes.push(weights.documentBytes);
        stylesheetCounts.push(weights.stylesheets);
        stylesheetBytes.push(weights.stylesheetBytes);
        const work = mainThreadWork(lhr);
        if (work) {
          mainThreadTotals.push(work.total);
          for (const [group, ms] of Object.entries(work.groups))
            (mainThreadGroups[group] ??= []).push(ms);
        }
        for (const [key, value] of Object.entries(options.inspect?.(lhr) ?? {})) {
          if (typeof value === "number") (extraSamples[key] ??= []).push(value);
          else if (typeof value === "string") notes[key] = value;
        }
        const hostIndex = lhr.environment?.benchmarkIndex;
        if (typeof hostIndex === "number") hostIndexes.push(hostIndex);
        options.log(
          `  ${route} run ${i + 1}: performance ${samples.performance?.at(-1) ?? "?"}, ${run.join(", ")}, ` +
            `JS ${weights.scripts} scripts ${(weights.scriptBytes / 1000).toFixed(1)} kB, ` +
            `main thread ${work ? Math.round(work.total) : "?"} ms, ` +
            `host index ${hostIndex === undefined ? "?" : Math.round(hostIndex)}` +
            (failed.length ? `; failed ${failed.join("; ")}` : ""),
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
      const row: LighthouseRow = {
        route,
        scores: Object.keys(scores).length ? scores : null,
        hostIndex: hostIndexes.length ? Math.round(median(hostIndexes)) : undefined,
        metrics,
        scripts: scriptCounts.length
          ? { count: median(scriptCounts), transferBytes: Math.round(median(scriptBytes)) }
          : undefined,
        documentBytes: documentBytes.length ? Math.round(median(documentBytes)) : undefined,
        stylesheets: stylesheetCounts.length
          ? { count: median(stylesheetCounts), transferBytes: Math.round(median(stylesheetBytes)) }
          : undefined,
        mainThread: mainThreadTotals.length
          ? {
              total: Math.round(median(mainThreadTotals)),
              groups: Object.fromEntries(
                Object.entries(mainThreadGroups).map(([group, values]) => [
                  group,
                  Math.round(median(values)),
                ]),
              ),
            }
          : undefined,
        extra: Object.fromEntries(
          Object.entries(extraSamples).map(([key, values]) => [key, median(values)]),
        ),
        notes,
        runs: scriptCounts.length,
        ...(scriptCounts.length ? {} : { note: "no Lighthouse result" }),
      };
      options.log(
        `lighthouse ${route}: ${JSON.stringify(row.scores)}, JS ${row.scripts?.count ?? "?"} scripts ` +
          `${((row.scripts?.transferBytes ?? 0) / 1000).toFixed(1)} kB, host benchmarkIndex ${row.hostIndex ?? "?"}`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}
