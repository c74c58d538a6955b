/**
 * The page cache shared through Redis (lib/cache/cache-handler.mjs): an entry written by
 * one instance is read by another, a tag revalidated on one makes its entries misses on all, and
 * with Redis away every call answers at once (a miss) instead of failing the page. The shared
 * part runs when TEST_REDIS_URL names a Redis server (`npm test` sets redis://127.0.0.1:6379).
 */
import { randomBytes } from "node:crypto";
import path from "node:path";

import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const REDIS_URL = process.env.TEST_REDIS_URL;
const HANDLER = path.resolve("lib/cache/cache-handler.mjs");

type Handler = {
  get(key: string, ctx: object): Promise<{ lastModified: number; value: unknown } | null>;
  set(key: string, data: unknown, ctx: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};

/** A fresh copy of the module with its own Redis client: another instance of the site. */
async function instance(env: Record<string, string>): Promise<Handler> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  delete (globalThis as { __cacheRedis?: unknown }).__cacheRedis;
  const { default: CacheHandler } = (await import(/* @vite-ignore */ HANDLER)) as {
    default: new (ctx: object) => Handler;
  };
  const handler = new CacheHandler({
    revalidatedTags: [],
    _requestHeaders: {},
    serverDistDir: "/tmp",
  });
  // Made on first use: a no-op read makes it now, so the test can close it at the end.
  await handler.get("-", { kind: "APP_PAGE" }).catch(() => null);
  const client = (globalThis as { __cacheRedis?: Promise<{ disconnect(): void }> }).__cacheRedis;
  if (client) clients.push(client);
  return handler;
}

const page = (tags: string) => ({
  kind: "APP_PAGE",
  html: "<p>Gorilla Trekking</p>",
  rscData: Buffer.from("0:rsc payload"),
  segmentData: new Map([["/_tree", Buffer.from("tree")]]),
  headers: { "x-next-cache-tags": tags },
  status: 200,
});

/** The clients the module copies made (one per copy, kept on globalThis while it is current). */
const clients: Promise<{ disconnect(): void }>[] = [];

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  for (const client of clients) (await client).disconnect();
});

describe("without REDIS_URL", () => {
  it("is Next's own file-system cache", async () => {
    const handler = await instance({ REDIS_URL: "" });
    const { default: FileSystemCache } =
      await import("next/dist/server/lib/incremental-cache/file-system-cache.js");
    expect(handler).toBeInstanceOf(
      (FileSystemCache as { default?: unknown }).default ?? FileSystemCache,
    );
  });
});

describe("registered for the process", () => {
  const HANDLERS = Symbol.for("@next/cache-handlers");
  const registry = globalThis as { [HANDLERS]?: { FetchCache?: unknown; DefaultCache?: unknown } };
  afterEach(() => {
    delete registry[HANDLERS];
  });

  it("is where Next looks for a platform's cache, with the platform's own kept underneath", async () => {
    class PlatformCache {
      stored: unknown[] = [];
      constructor(readonly ctx: object) {}
      set(_key: string, data: unknown) {
        this.stored.push(data);
      }
    }
    const useCache = { kind: "use cache handler" };
    registry[HANDLERS] = { FetchCache: PlatformCache, DefaultCache: useCache };
    vi.resetModules();
    vi.stubEnv("REDIS_URL", "");
    const handlerModule = (await import(/* @vite-ignore */ HANDLER)) as {
      default: new (ctx: object) => PlatformCache;
      registerCacheHandler: () => void;
    };
    handlerModule.registerCacheHandler();
    handlerModule.registerCacheHandler(); // a second start in the same process changes nothing
    const Registered = registry[HANDLERS]!.FetchCache as new (ctx: object) => PlatformCache;
    expect(Registered).toBe(handlerModule.default);
    expect(registry[HANDLERS]!.DefaultCache).toBe(useCache);
    // What Next makes of it: the platform's cache, storing a page's HTML as ASCII.
    const cache = new Registered({ serverDistDir: "/tmp" });
    expect(cache).toBeInstanceOf(PlatformCache);
    cache.set("/tour/typed", { ...page("tours"), html: "<p>Joséphine’s walk</p>" });
    expect((cache.stored[0] as { html: string }).html).toBe("<p>Jos&#233;phine&#8217;s walk</p>");
  });

  it("with Redis, is the Redis cache", async () => {
    vi.resetModules();
    vi.stubEnv("REDIS_URL", "redis://127.0.0.1:1");
    const handlerModule = (await import(/* @vite-ignore */ HANDLER)) as {
      default: unknown;
      registerCacheHandler: () => void;
    };
    handlerModule.registerCacheHandler();
    expect(registry[HANDLERS]!.FetchCache).toBe(handlerModule.default);
    expect((handlerModule.default as { name: string }).name).toBe("RedisCacheHandler");
  });
});

describe("with Redis away", () => {
  it("answers a miss and stores nothing, quickly, without throwing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = await instance({ REDIS_URL: "redis://127.0.0.1:1", REDIS_KEY_PREFIX: "down:" });
    const started = performance.now();
    expect(await handler.get("/tours", { kind: "APP_PAGE" })).toBeNull();
    await expect(handler.set("/tours", page("tours"), {})).resolves.toBeUndefined();
    await expect(handler.revalidateTag("tours")).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(errors.mock.calls.some(([line]) => String(line).includes("cache_redis_error"))).toBe(
      true,
    );
    errors.mockRestore();
  });
});

describe.skipIf(!REDIS_URL)("shared through Redis", () => {
  const prefix = `test-cache:${randomBytes(4).toString("hex")}:`;
  const env = { REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: prefix };

  afterAll(async () => {
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it("serves an entry one instance wrote to another, Buffers and Maps intact", async () => {
    const a = await instance(env);
    const b = await instance(env);
    await a.set("/cached/tours", page("_N_T_/layout,tours"), {
      cacheControl: { revalidate: 3600 },
    });
    const entry = await b.get("/cached/tours", { kind: "APP_PAGE" });
    expect(entry?.value).toEqual(page("_N_T_/layout,tours"));
    expect(Buffer.isBuffer((entry?.value as { rscData: unknown }).rscData)).toBe(true);
  });

  it("serves a page of typed text to the other instance as ASCII that reads the same", async () => {
    const a = await instance(env);
    const b = await instance(env);
    const typed = { ...page("_N_T_/layout,tours"), html: "<p>Joséphine’s walk — 2–6 h</p>" };
    await a.set("/tour/typed", typed, {});
    const entry = await b.get("/tour/typed", { kind: "APP_PAGE" });
    expect((entry?.value as { html: string }).html).toBe(
      "<p>Jos&#233;phine&#8217;s walk &#8212; 2&#8211;6 h</p>",
    );
  });

  it("makes every entry with a revalidated tag a miss on every instance; a newer entry is a hit", async () => {
    const a = await instance(env);
    const b = await instance(env);
    await b.set("/cached/home", page("_N_T_/layout,tours"), {});
    await b.set("/about", page("_N_T_/layout,about"), {});
    // A data entry (unstable_cache) depends on its own tags and on the page's soft tags.
    await b.set(
      "data-key",
      { kind: "FETCH", data: { body: "[]" }, revalidate: 3600 },
      { tags: ["catalogue"] },
    );

    await a.revalidateTag("tours", { expire: 0 });
    expect(await b.get("/cached/home", { kind: "APP_PAGE" })).toBeNull();
    expect(await b.get("/about", { kind: "APP_PAGE" })).not.toBeNull();
    expect(
      await b.get("data-key", { kind: "FETCH", tags: ["catalogue"], softTags: [] }),
    ).not.toBeNull();
    expect(await b.get("data-key", { kind: "FETCH", tags: [], softTags: ["tours"] })).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.set("/cached/home", page("_N_T_/layout,tours"), {});
    expect(await a.get("/cached/home", { kind: "APP_PAGE" })).not.toBeNull();
  });
});
