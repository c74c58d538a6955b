/**
 * What a public page's stylesheets hold (`npm run bench`): each page's <link rel="stylesheet">,
 * fetched, their size gzipped at level 6 (what `next start` sends), and the classes they style
 * that only the account or the admin area use: class names found in the sources of those areas
 * and nowhere in the public pages' sources. A public page must load none of them, and none of
 * the stylesheets the account's and the admin's sign-in pages load.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The sources of the public pages' stylesheet (app/(site)/site.css names the same). */
const PUBLIC_SOURCES = [
  "app/(site)",
  "components/about",
  "components/booking",
  "components/contact",
  "components/departures",
  "components/forms",
  "components/home",
  "components/legal",
  "components/pay",
  "components/proposals",
  "components/site",
  "components/tours",
  "components/ui",
  "components/shared/dialog-shell.tsx",
  "components/shared/icon-heading.tsx",
  "components/icons.tsx",
];
/** What site.css leaves out (`@source not`): components only the other areas render. */
const PUBLIC_EXCLUDED = [
  ...["card", "separator", "sheet", "tabs"].map((n) => `components/ui/${n}.tsx`),
  // The trip plan of a tailor-made booking: My Bookings and the staff's Edit dialog only.
  "components/proposals/trip-plan.tsx",
];
/** Sources only the account and the admin area render. */
const AREA_SOURCES = [
  "app/customer",
  "app/admin",
  "components/customer",
  "components/admin",
  "components/auth",
  "components/lists",
];
/** A page of each of the other areas anyone can open: their stylesheets are the areas'. */
export const AREA_PAGES = ["/customer/auth", "/admin/login"];

export type StylesheetRow = {
  route: string;
  hrefs: string[];
  rawBytes: number;
  gzipBytes: number;
  /** Account- or admin-only classes the page's stylesheets style (a few, for the report). */
  areaOnly: string[];
  areaOnlyCount: number;
  /** Its stylesheets that an account or admin page loads too. */
  sharedWithAreas: string[];
};

function files(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(full, file))
    .filter((file) => /\.(tsx?|jsx?|mdx?)$/.test(file) && statSync(file).isFile());
}

/** Everything in a source that could be a class name: runs between quotes, spaces and braces. */
function tokens(root: string, entries: string[], excluded: string[] = []): Set<string> {
  const found = new Set<string>();
  const skip = new Set(excluded.map((file) => path.join(root, file)));
  for (const entry of entries)
    for (const file of files(root, entry).filter((f) => !skip.has(f)))
      for (const token of readFileSync(file, "utf8").split(/[\s"'`{}(),;]+/)) found.add(token);
  return found;
}

/** Class names of the account's and the admin's sources that no public source has. */
export function areaOnlyClasses(root: string): Set<string> {
  const publicTokens = tokens(root, PUBLIC_SOURCES, PUBLIC_EXCLUDED);
  const only = new Set<string>();
  for (const token of tokens(root, [...AREA_SOURCES, ...PUBLIC_EXCLUDED])) {
    // Utilities have a dash, a colon or a bracket; plain words are text, not classes.
    if (!/[-:[]/.test(token) || publicTokens.has(token)) continue;
    only.add(token);
  }
  return only;
}

/** The class names a stylesheet's selectors name, unescaped (`.md\:px-6` -> `md:px-6`). */
export function cssClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const withoutBlocks = css.replace(/\{[^{}]*\}/g, "{}");
  for (const match of withoutBlocks.matchAll(/\.((?:\\.|[\w-])+)/g)) {
    const name = match[1]!.replace(/\\(.)/g, "$1");
    // Numbers in values (.5rem) are not classes.
    if (!/^\d/.test(name)) classes.add(name);
  }
  return classes;
}

export async function measureStylesheets(
  baseUrl: string,
  routes: string[],
  root: string,
): Promise<StylesheetRow[]> {
  const cache = new Map<string, { raw: number; gzip: number; classes: Set<string> }>();
  const hrefsOf = async (route: string) => {
    const html = await (await fetch(baseUrl + route)).text();
    const hrefs: string[] = [];
    for (const match of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)) {
      const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
      if (href) hrefs.push(new URL(href.replace(/&amp;/g, "&"), baseUrl).pathname);
    }
    for (const href of hrefs) {
      if (cache.has(href)) continue;
      const css = Buffer.from(await (await fetch(baseUrl + href)).arrayBuffer());
      cache.set(href, {
        raw: css.length,
        gzip: gzipSync(css, { level: 6 }).length,
        classes: cssClasses(css.toString("utf8")),
      });
    }
    return hrefs;
  };
  const areaHrefs = new Set((await Promise.all(AREA_PAGES.map(hrefsOf))).flat());
  const areaOnly = areaOnlyClasses(root);
  const rows: StylesheetRow[] = [];
  for (const route of routes) {
    const hrefs = await hrefsOf(route);
    const found = new Set<string>();
    for (const href of hrefs)
      for (const name of cache.get(href)!.classes) if (areaOnly.has(name)) found.add(name);
    rows.push({
      route,
      hrefs,
      rawBytes: hrefs.reduce((sum, href) => sum + cache.get(href)!.raw, 0),
      gzipBytes: hrefs.reduce((sum, href) => sum + cache.get(href)!.gzip, 0),
      areaOnly: [...found].slice(0, 5),
      areaOnlyCount: found.size,
      sharedWithAreas: hrefs.filter((href) => areaHrefs.has(href)),
    });
  }
  return rows;
}
