/**
 * The state of every list screen (admin lists and My Bookings) read from the URL: a search, a page
 * and the screen's own filters, each parsed with zod. The URL is typed by people and kept in
 * bookmarks, so nothing in it is refused: a malformed value falls back to its default. Pure, so
 * pages, the DAL and the client pieces share it.
 */
import { z } from "zod";

import { isUuid } from "@/lib/ids";

/** A page's `searchParams` prop, as Next gives it. */
export type SearchParams = Promise<RawParams>;
export type RawParams = Record<string, string | string[] | undefined>;

/** One page of a list: its rows, the rows matching the search and filters, the page shown. */
export type Page<T> = {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
  /** The total is a search's count stopped at a cap: there are more rows. */
  capped?: boolean;
};

/** An empty page, what a list shows when its read failed. */
export const emptyPage = <T>(): Page<T> => ({ items: [], total: 0, page: 1, pageCount: 1 });

/** How long a search may be (longer input is cut, never refused). */
export const SEARCH_MAX = 100;
/** A page number beyond any list: larger values are brought down to it. */
export const PAGE_MAX = 100_000;

/** The first value of a parameter that may be repeated. */
export const firstParam = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value[0] : value) ?? "";

/** A search as typed: trimmed and cut to `max` characters. */
export const searchParam = (max = SEARCH_MAX) =>
  z
    .string()
    .catch("")
    .transform((s) => s.trim().slice(0, max));

/** A page number from 1; anything else is page 1, and a huge page is brought down. */
export const pageParam = z.coerce
  .number()
  .int()
  .min(1)
  .catch(1)
  .transform((n) => Math.min(n, PAGE_MAX));

/** One of `values`, else `fallback`. */
export const choiceParam = <const V extends readonly [string, ...string[]]>(
  values: V,
  fallback: V[number],
) => z.enum(values).catch(fallback);

/** A calendar day 'yyyy-MM-dd' that exists (no 2026-02-30), else '' (no day chosen). */
export const dayParam = z
  .string()
  .catch("")
  .transform((s) => {
    const day = s.trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return "";
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : "";
  });

/** A row id (uuid), else null: a malformed id finds nothing. */
export const idParam = z
  .string()
  .catch("")
  .transform((s) => (isUuid(s) ? s : null));

/**
 * A list's state from URL parameters with the screen's schema: each key's first value, parsed;
 * a missing or malformed value takes the key's default.
 */
export function parseListQuery<S extends z.ZodRawShape>(
  shape: S,
  params: RawParams,
): z.output<z.ZodObject<S>> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(shape)) raw[key] = firstParam(params[key]);
  return z.object(shape).parse(raw);
}

/**
 * A list screen's URL, both ways: `parse` reads the state from a page's parameters (as
 * parseListQuery), `href` writes a view back, `changes` over `query`, the shape's keys in its
 * order and the defaults left out (as listHref).
 */
export function listUrl<S extends Record<string, z.ZodType<string | number | null>>>(
  path: string,
  shape: S,
  defaults: Record<string, string | number> = {},
) {
  type Query = z.output<z.ZodObject<S>>;
  return {
    parse: (params: RawParams): Query => parseListQuery(shape, params),
    href: (query: Partial<Query>, changes: Partial<Query> = {}): string => {
      // Every value of the shape is a string, a number or null (the bound on S).
      const merged = { ...query, ...changes } as Partial<Record<string, string | number | null>>;
      return listHref(
        path,
        Object.fromEntries(Object.keys(shape).map((k) => [k, merged[k]])),
        defaults,
      );
    },
  };
}

/**
 * listUrl for a screen that shows a range of days: the shape's own keys, then the first and the
 * last day shown (`from`, `to`) and the page. A range given backwards (from after to) is read the
 * right way round.
 */
export function dayRangeListUrl<S extends Record<string, z.ZodType<string | number | null>>>(
  path: string,
  shape: S,
) {
  const url = listUrl(path, { ...shape, from: dayParam, to: dayParam, page: pageParam });
  return {
    ...url,
    parse: (params: RawParams) => {
      const query = url.parse(params);
      // dayParam's days, whatever else the shape holds.
      const { from, to } = query as { from: string; to: string };
      return from && to && from > to ? { ...query, from: to, to: from } : query;
    },
  };
}

/**
 * A search's matches are counted up to this many ("1,000+"): counting every match of a term that
 * is in most rows would read the whole table, and no one pages through a thousand results.
 */
export const SEARCH_COUNT_CAP = 1000;

/** A count for people: '1,000+' when a search's count reached its cap. */
export function countLabel(count: number, capped = false): string {
  return `${count.toLocaleString("en-US")}${capped ? "+" : ""}`;
}

/** Pages needed for `total` rows (at least one, so an empty list is 'Page 1 of 1'). */
export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/** The pager's texts: 'Showing x to y of n {noun}' and 'Page p of N' ('1,000+' for a capped count). */
export function pagerText(
  result: Pick<Page<unknown>, "page" | "pageCount" | "total" | "capped"> & { shown: number },
  pageSize: number,
  noun: string,
) {
  const { page, pageCount, total, shown, capped = false } = result;
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = total === 0 ? 0 : from + shown - 1;
  return {
    showing: `Showing ${from} to ${to} of ${countLabel(total, capped)} ${noun}`,
    pageOf: `Page ${page} of ${countLabel(pageCount, capped)}`,
  };
}

/** The page to read: the asked page, or the last one when a bookmark points past the end. */
export const clampPage = (page: number, total: number, pageSize: number) =>
  Math.min(Math.max(1, page), pageCountOf(total, pageSize));

/**
 * The page a list shows, its rows read together with the count: `askedRows` are the asked
 * page's, and only a page past the end (an old link) is read again, as the last page.
 */
export async function settlePage<T>(
  asked: number,
  total: number,
  pageSize: number,
  askedRows: T[],
  readPage: (page: number) => Promise<T[]>,
): Promise<Page<T>> {
  const page = clampPage(asked, total, pageSize);
  const rows = page === asked ? askedRows : await readPage(page);
  return { items: rows, total, page, pageCount: pageCountOf(total, pageSize) };
}

/**
 * settlePage for a list whose count stops at a cap (`capped`: more rows match): `readPage` reads a
 * page with its count; only a page past the end (an old link) is read again, as the last page.
 */
export async function settleCappedPage<T>(
  asked: number,
  pageSize: number,
  readPage: (page: number) => Promise<{ total: number; capped: boolean; items: T[] }>,
): Promise<Page<T>> {
  const first = await readPage(asked);
  const shown = await settlePage(
    asked,
    first.total,
    pageSize,
    first.items,
    async (page) => (await readPage(page)).items,
  );
  return { ...shown, capped: first.capped };
}

/**
 * A URL of a list with only the parameters that differ from their defaults (so a plain view is a
 * plain path, and page 1 is never written).
 */
export function listHref(
  path: string,
  state: Record<string, string | number | null | undefined>,
  defaults: Record<string, string | number> = {},
): string {
  const all: Record<string, string | number> = { page: 1, ...defaults };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value === null || value === undefined || value === "") continue;
    if (all[key] !== undefined && String(all[key]) === String(value)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A LIKE pattern that finds `text` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text` with LIKE's wildcards (and the escape character) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export { isUuid };
