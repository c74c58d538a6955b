/**
 * Next's incremental cache (the full-route cache of `/`, `/tours` and the tour pages, and the
 * `unstable_cache` data), registered for every server at start (`registerCacheHandler`, from
 * instrumentation.ts):
 * - with REDIS_URL, shared by every instance through Redis (below);
 * - without it, what Next uses by default: the platform's cache (Vercel), else its file-system
 *   cache (memory plus .next/cache).
 * Either way a page's HTML is stored made of ASCII only (./ascii-document.mjs): a tour text typed
 * with curly quotes, dashes or accented names would otherwise cost its cached page much of its
 * requests/s (`npm run bench`, "Typed copy").
 *
 * Why not a library: docs/decisions/0140-page-cache-handler-stays-ours.md.
 *
 * Shape in Redis, under REDIS_KEY_PREFIX:
 *   cache:<key>  one entry: { lastModified, tags, cacheControl, value } as JSON (Buffers and Maps
 *                encoded), expiring with the entry's `expire` lifetime when it has one
 *   cache-tags   a hash: tag -> the time (ms) it was last revalidated
 * An entry is a miss when any of its tags (its own, the page's implicit path tags, and for data
 * entries the soft tags of the page reading it) was revalidated after it was stored: the next
 * request on any instance renders afresh. Every instance reads the tag times on each get, so a
 * change through one instance is served changed by the others on their next request.
 *
 * Times are each instance's clock (the hosts' clocks must agree, as NTP keeps them). As in Next's
 * own cache, a render that started before a revalidation and is stored after it counts as newer;
 * the window is one render long, and the next revalidation clears it.
 *
 * Redis down: get answers a miss, set and revalidateTag log and return; pages render without
 * the cache, never an error. A tag revalidated while Redis is away cannot reach the other
 * instances: that is logged (event cache_redis_error).
 *
 * Plain JavaScript, imported by Node at run time from the deployment's own files (as Next imports
 * a configured handler), so it uses the `next` the server runs on and cannot import lib/env.ts;
 * it reads the two variables lib/env.ts validates at start.
 */
import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { Redis } from "ioredis";

import { asciiEntry } from "./ascii-document.mjs";

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;
const PREFIX = process.env.REDIS_KEY_PREFIX ?? "";
const TAGS_KEY = "cache-tags";
/** Entries without an `expire` lifetime are dropped after a week unless read back into use. */
const DEFAULT_TTL_SECONDS = 7 * 24 * 3600;
/** The header Next stores a page's tags in (NEXT_CACHE_TAGS_HEADER). */
const TAGS_HEADER = "x-next-cache-tags";

const shared = /** @type {{ __cacheRedis?: Promise<Redis> }} */ (globalThis);

function logError(operation, error) {
  console.error(
    JSON.stringify({
      event: "cache_redis_error",
      operation,
      error: String(error?.message ?? error),
    }),
  );
}

function client() {
  if (!shared.__cacheRedis) {
    let logged = false;
    const redis = new Redis(REDIS_URL, {
      keyPrefix: PREFIX,
      // Fail fast while Redis is away: a miss renders the page, which is better than waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    redis.on("error", (error) => {
      if (logged) return;
      logged = true;
      logError("connect", error);
    });
    redis.on("ready", () => {
      logged = false;
    });
    // The first requests after a start wait for the connection (at most the connect timeout):
    // without the offline queue they would otherwise all be misses.
    shared.__cacheRedis = new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off("ready", done);
        redis.off("error", done);
        resolve(redis);
      };
      const timer = setTimeout(done, 2_000);
      redis.once("ready", done);
      redis.once("error", done);
    });
  }
  return shared.__cacheRedis;
}

/** Buffers (RSC payloads, route bodies) and Maps (per-segment data) survive JSON this way. */
function encode(value) {
  if (Buffer.isBuffer(value)) return { $buffer: value.toString("base64") };
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [k, encode(v)]) };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encode(v);
    return out;
  }
  return value;
}

function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === "object") {
    if (typeof value.$buffer === "string") return Buffer.from(value.$buffer, "base64");
    if (Array.isArray(value.$map)) return new Map(value.$map.map(([k, v]) => [k, decode(v)]));
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = decode(v);
    return out;
  }
  return value;
}

/** The tags an entry depends on: its own (data entries, or a page's tags header) and the soft tags. */
function tagsOf(value, ctx) {
  const tags = new Set([...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]);
  if (Array.isArray(value?.tags)) for (const tag of value.tags) tags.add(tag);
  const header = value?.headers?.[TAGS_HEADER];
  if (typeof header === "string") for (const tag of header.split(",")) if (tag) tags.add(tag);
  return [...tags];
}

class RedisCacheHandler {
  constructor(ctx) {
    this.ctx = ctx;
  }

  async get(key, ctx) {
    let stored;
    try {
      stored = await (await client()).get(`cache:${key}`);
    } catch (error) {
      logError("get", error);
      return null;
    }
    if (!stored) return null;
    let entry;
    try {
      entry = JSON.parse(stored);
    } catch {
      return null;
    }
    const tags = [...new Set([...(entry.tags ?? []), ...tagsOf(null, ctx)])];
    if (tags.length > 0) {
      try {
        const times = await (await client()).hmget(TAGS_KEY, ...tags);
        if (times.some((time) => time !== null && Number(time) >= entry.lastModified)) return null;
      } catch (error) {
        logError("get-tags", error);
        return null;
      }
    }
    return {
      lastModified: entry.lastModified,
      cacheControl: entry.cacheControl,
      value: decode(entry.value),
    };
  }

  async set(key, data, ctx) {
    const lastModified = Date.now();
    const expire = ctx?.cacheControl?.expire;
    const ttl =
      typeof expire === "number" && Number.isFinite(expire) && expire > 0
        ? Math.min(Math.ceil(expire), DEFAULT_TTL_SECONDS)
        : DEFAULT_TTL_SECONDS;
    try {
      const entry = {
        lastModified,
        tags: tagsOf(data, ctx),
        cacheControl: ctx?.cacheControl,
        value: encode(asciiEntry(data)),
      };
      await (await client()).set(`cache:${key}`, JSON.stringify(entry), "EX", ttl);
    } catch (error) {
      logError("set", error);
    }
  }

  /**
   * Every revalidation makes the tagged entries misses at once: the next request renders afresh
   * (Next's `expire: 0`; for a stale-while-revalidate profile that is stricter than needed, and
   * the catalogue only ever expires its tag).
   */
  async revalidateTag(tags, _durations) {
    const list = (typeof tags === "string" ? [tags] : tags).filter(Boolean);
    if (list.length === 0) return;
    const now = String(Date.now());
    try {
      await (await client()).hset(TAGS_KEY, Object.fromEntries(list.map((tag) => [tag, now])));
    } catch (error) {
      logError("revalidateTag", error);
    }
  }

  resetRequestCache() {}
}

/** The base class given, with a page's HTML stored as ASCII; one subclass per base. */
const asciiSubclasses = new Map();
function storingAscii(Base) {
  let Subclass = asciiSubclasses.get(Base);
  if (!Subclass) {
    Subclass = class extends Base {
      set(key, data, ctx) {
        return super.set(key, asciiEntry(data), ctx);
      }
    };
    asciiSubclasses.set(Base, Subclass);
  }
  return Subclass;
}

/**
 * Where Next looks for a platform's cache handler when none is configured (Vercel registers its
 * own there), each time it makes a request's cache.
 */
const PLATFORM_HANDLERS = Symbol.for("@next/cache-handlers");

/** The platform's handler found when this one was registered in its place, if any. */
let platformCache = null;

/**
 * Without REDIS_URL, the cache Next would have chosen on its own: a platform's, else the
 * file-system cache. A constructor that returns an object makes `new` give that object.
 */
class DefaultCacheHandler {
  constructor(ctx) {
    return new (storingAscii(platformCache ?? FileSystemCache))(ctx);
  }
}

/** Next constructs the class it is given: the Redis one, or the default one. */
const CacheHandler = REDIS_URL ? RedisCacheHandler : DefaultCacheHandler;

/**
 * Makes this Next's cache for the process, where Next looks for a platform's (called once at
 * start, before the first request). Not next.config.ts `cacheHandler`: Next `import()`s a
 * configured handler's file again for every request it serves, which costs a cached page a
 * measurable share of its requests/s (`npm run bench`); a handler registered here is looked up
 * on a global. A platform's own handler stays underneath, as without REDIS_URL it did before.
 */
export function registerCacheHandler() {
  const handlers = globalThis[PLATFORM_HANDLERS] ?? {};
  if (handlers.FetchCache === CacheHandler) return;
  platformCache = handlers.FetchCache ?? null;
  globalThis[PLATFORM_HANDLERS] = { ...handlers, FetchCache: CacheHandler };
}

export default CacheHandler;
