/**
 * A cached page is stored with its HTML made of ASCII (lib/cache/ascii-document.mjs, applied by
 * lib/cache/cache-handler.mjs): the page a visitor gets shows the same text and runs the same
 * scripts as the one rendered, whatever characters the staff typed.
 */
import path from "node:path";

import { afterEach, describe, expect, it, vi } from "vitest";

// @ts-expect-error plain JavaScript module without types (Next imports it with Node)
import { asciiDocument, asciiEntry } from "@/lib/cache/ascii-document.mjs";

const TYPED = "Joséphine Nakaté’s “gorilla” walk — 2–6 hours 🦍";
const page = (text: string) =>
  `<!DOCTYPE html><html><head><title>${text}</title>` +
  `<script type="application/ld+json">${JSON.stringify({ name: text })}</script></head>` +
  `<body><p title="${text}">${text}</p>` +
  `<script>self.__next_f.push([1,${JSON.stringify(`0:"${text}"`)}])</script></body></html>`;

/** What a browser reads: character references outside scripts, string literals inside them. */
function asRead(html: string): { text: string[]; scripts: unknown[] } {
  const scripts: unknown[] = [];
  const outside = html.replace(/<script\b[^>]*>([\s\S]*?)<\/script>/g, (_, body: string) => {
    const literal = /^self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)$/.exec(body);
    scripts.push(literal ? JSON.parse(literal[1]!) : JSON.parse(body));
    return "";
  });
  const decoded = outside.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
  return { text: [...decoded.matchAll(/>([^<]+)</g)].map((m) => m[1]!), scripts };
}

describe("asciiDocument", () => {
  it("makes a page of typed text ASCII without changing what the browser reads", () => {
    const html = page(TYPED);
    const ascii = asciiDocument(html);
    expect(ascii).toMatch(/^[\x00-\x7f]*$/);
    expect(asRead(ascii)).toEqual(asRead(html));
    expect(asRead(ascii).text).toContain(TYPED);
    expect(ascii).toContain(
      `title="${TYPED.replace(/[^\x00-\x7f]/gu, (c) => `&#${c.codePointAt(0)};`)}"`,
    );
  });

  it("returns an ASCII page as it is", () => {
    const html = page("Gorilla Trek & Safari Escape");
    expect(asciiDocument(html)).toBe(html);
  });
});

describe("the page cache", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("stores an App Router page's HTML as ASCII and every other entry as given", () => {
    const data = { kind: "APP_PAGE", html: page(TYPED), rscData: Buffer.from(TYPED), status: 200 };
    const stored = asciiEntry(data);
    expect(stored.html).toBe(asciiDocument(data.html));
    expect(stored.rscData).toBe(data.rscData);
    const route = { kind: "APP_ROUTE", body: Buffer.from(TYPED), status: 200, headers: {} };
    expect(asciiEntry(route)).toBe(route);
  });

  it("without Redis, serves back the ASCII page from Next's own cache", async () => {
    vi.stubEnv("REDIS_URL", "");
    vi.resetModules();
    const { default: CacheHandler } = (await import(
      /* @vite-ignore */ path.resolve("lib/cache/cache-handler.mjs")
    )) as {
      default: new (ctx: object) => {
        set(key: string, data: unknown, ctx: object): Promise<void>;
        get(key: string, ctx: object): Promise<{ value: { html: string } } | null>;
      };
    };
    const handler = new CacheHandler({
      fs: undefined,
      flushToDisk: false,
      serverDistDir: "/tmp",
      revalidatedTags: [],
      maxMemoryCacheSize: 1_000_000,
    });
    const html = page(TYPED);
    await handler.set(
      "/tour/typed",
      { kind: "APP_PAGE", html, status: 200, headers: {} },
      {
        cacheControl: { revalidate: 3600 },
      },
    );
    const entry = await handler.get("/tour/typed", { kind: "APP_PAGE", softTags: [] });
    expect(entry?.value.html).toMatch(/^[\x00-\x7f]*$/);
    expect(asRead(entry!.value.html)).toEqual(asRead(html));
  });
});
