import { mkdir } from "node:fs/promises";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";

import { env, isEmbeddedDatabase } from "@/lib/env";

import * as schema from "./schema";
import type { Db, DbHandle } from "./types";

export type { Db, DbHandle, Tx } from "./types";

/** Opens a PGlite database in a directory (or from a dumped data dir, for tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}) {
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm backs the admin searches (bookings, contacts, subscribers); a server has it in contrib.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client: PGlite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const { drizzle } = await import("drizzle-orm/pglite");
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, client, driver: "pglite" as const, close: () => client.close() };
}

/**
 * Opens a connection pool to a Postgres server. postgres.js replaces a connection the server
 * closed (a restart, a failover) at its next query, so the pool recovers by itself; a query in
 * flight when it closed fails (see isConnectionError). A connection attempt gives up after 10 s
 * rather than the driver's 30: a request waiting on an unreachable server answers an error soon.
 */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const client = postgres(url, {
    max: options.max ?? 10,
    connect_timeout: 10,
    onnotice: () => {},
    // Any closed connection (a restart, a failover, an idle one ending): see connectionLostRecently.
    onclose: () => noteConnectionLost(),
  });
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, driver: "postgres", close: () => client.end({ timeout: 5 }) };
}

function describeTarget(): string {
  if (isEmbeddedDatabase) return `PGlite in ${env.PGLITE_DIR} (PGLITE_DIR)`;
  const url = new URL(env.DATABASE_URL!);
  return `the Postgres server at ${url.hostname}:${url.port || 5432}${url.pathname} (DATABASE_URL)`;
}

async function openConfigured(): Promise<DbHandle> {
  if (isEmbeddedDatabase) {
    const dataDir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.PGLITE_DIR);
    // Opened only: migrating and seeding it are steps of the start (lib/startup.ts) and of the
    // db scripts, so the client never reaches into the application's rules.
    return openPglite({ dataDir });
  }
  const handle = await openPostgres(env.DATABASE_URL!);
  await checkConnection(handle);
  return handle;
}

/** Fails with a message naming the variable when the configured database cannot be reached. */
export async function checkConnection(handle: DbHandle): Promise<void> {
  try {
    await handle.db.execute(sql`select 1`);
  } catch (error) {
    await handle.close().catch(() => {});
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
    // The driver's error stays the cause: isConnectionError recognises a server restarting.
    throw new Error(`Cannot connect to ${describeTarget()}: ${reason}`, { cause: error });
  }
}

/**
 * Which database this process reads, without credentials: part of the key of every cached
 * database read, so an entry cached against one database is never served from another. `next
 * build` fills the data cache from the database it sees (.data/pglite in the embedded mode);
 * a server started on another database (the end-to-end tests' fresh PGlite, a staging copy)
 * would otherwise be handed the build's rows, ids included, for up to the cache's lifetime.
 */
export function databaseCacheKey(): string {
  if (isEmbeddedDatabase) {
    return `pglite:${path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.PGLITE_DIR)}`;
  }
  const url = new URL(env.DATABASE_URL!);
  return `postgres:${url.hostname}:${url.port || 5432}${url.pathname}`;
}

// One client per process, held on globalThis so hot reloads and Next's separate server bundles
// (RSC, SSR, actions) share it. PGlite takes no lock: one directory per process.
const globalForDb = globalThis as unknown as {
  __dbHandle?: Promise<DbHandle>;
  /** Set when the handle was opened from the configuration here (not installed by a test). */
  __dbHandleConfigured?: boolean;
  __dbRecycledAt?: number;
  __dbConnectionLostAt?: number;
};

/** Records that a database connection closed or failed (postgres.js `onclose`, a lost query). */
export function noteConnectionLost(): void {
  globalForDb.__dbConnectionLostAt = Date.now();
}

/** Whether a connection closed in the last `withinMs`: only then can work be stranded. */
export function connectionLostRecently(withinMs = 30_000): boolean {
  return Date.now() - (globalForDb.__dbConnectionLostAt ?? 0) < withinMs;
}

/** The process-wide database, opened on first use. */
export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__dbHandle) {
    globalForDb.__dbHandleConfigured = true;
    globalForDb.__dbHandle = openConfigured().catch((error: unknown) => {
      globalForDb.__dbHandle = undefined;
      throw error;
    });
  }
  return globalForDb.__dbHandle;
}

/**
 * Replaces the Postgres pool with a new one, at most every 10 s: for work that got no answer in
 * time after a lost connection. postgres.js 3.4.9 can leave a query or a transaction queued on a
 * connection the server closed waiting for ever (porsager/postgres#1195, #1193); ending the old
 * pool (5 s for what is still running) rejects everything still queued on it, so nothing stays
 * stuck and the process does not need a restart. Never for PGlite or a handle a test installed.
 */
export function recycleDatabasePool(reason: string): void {
  const current = globalForDb.__dbHandle;
  if (!current || isEmbeddedDatabase || !globalForDb.__dbHandleConfigured) return;
  const now = Date.now();
  if (now - (globalForDb.__dbRecycledAt ?? 0) < 10_000) return;
  globalForDb.__dbRecycledAt = now;
  console.error(JSON.stringify({ event: "db_pool_recycled", reason }));
  globalForDb.__dbHandle = undefined;
  void current.then((handle) => handle.close()).catch(() => {});
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests and scripts install their own database (a cloned template, a server database). */
export function setDbHandle(handle: DbHandle | undefined): void {
  globalForDb.__dbHandleConfigured = false;
  globalForDb.__dbHandle = handle ? Promise.resolve(handle) : undefined;
}

/**
 * Errors that mean the connection to the database server was lost or could not be made (the
 * server restarting or shutting down), not that the statement was wrong: postgres.js's
 * connection codes, the socket's, and Postgres's classes 08 (connection exception) and 57P
 * (operator intervention). Drizzle wraps the driver's error as `cause`.
 */
export function isConnectionError(error: unknown): boolean {
  const CONNECTION_CODES = new Set([
    "CONNECTION_CLOSED",
    "CONNECTION_DESTROYED",
    "CONNECTION_ENDED",
    "CONNECT_TIMEOUT",
    "ECONNREFUSED",
    "ECONNRESET",
    "EPIPE",
    "ETIMEDOUT",
  ]);
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (CONNECTION_CODES.has(code) || code.startsWith("08") || code.startsWith("57P")) {
        return true;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A lost-connection error of our own: an attempt that got no answer in time. */
class NoAnswerInTime extends Error {
  readonly code = "CONNECT_TIMEOUT";
  constructor(ms: number) {
    super(`no answer from the database within ${ms} ms`);
  }
}

export type ConnectionRetryOptions = {
  /** Pauses between attempts (their count is the number of repeats). */
  pausesMs?: readonly number[];
  /**
   * One attempt's limit once a connection was lost (connectionLostRecently): past it, the attempt
   * counts as lost too. Without a lost connection a slow attempt (a busy server) is waited for.
   */
  attemptMs?: number;
  /** No new attempt starts after this long since the first. */
  totalMs?: number;
};

/**
 * Runs `work` again while it fails on a lost connection, after growing pauses (about 5 s in
 * all: a server restart's usual length). When a connection was lost recently, an attempt without
 * an answer within `attemptMs` counts as lost too and the pool is replaced (recycleDatabasePool),
 * so the caller gets an answer within about `totalMs` + `attemptMs` whatever the driver does.
 * Only for work that is safe to repeat: an attempt that failed or timed out may still have
 * committed, so a repeat must be recognised (the booking's idempotency key does that).
 */
export async function retryOnConnectionLoss<T>(
  work: () => Promise<T>,
  options: ConnectionRetryOptions = {},
): Promise<T> {
  const { pausesMs = [250, 750, 1_500, 2_500], attemptMs = 5_000, totalMs = 12_000 } = options;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const attemptRun = work();
      // A late failure of an abandoned attempt is expected; it must not surface as unhandled.
      attemptRun.catch(() => {});
      const settled = attemptRun.then((value) => ({ value }));
      // Every `attemptMs` without an answer: given up if a connection was lost meanwhile (it
      // may be stranded), else waited for (a busy server).
      for (;;) {
        const tick = new Promise<"late">((resolve) => {
          timer = setTimeout(() => resolve("late"), attemptMs);
        });
        const first = await Promise.race([settled, tick]);
        if (first !== "late") return first.value;
        if (connectionLostRecently()) throw new NoAnswerInTime(attemptMs);
      }
    } catch (error) {
      if (error instanceof NoAnswerInTime) recycleDatabasePool(error.message);
      else if (isConnectionError(error)) noteConnectionLost();
      const pause = pausesMs[attempt];
      const late = Date.now() - started + (pause ?? 0) > totalMs;
      if (pause === undefined || late || !isConnectionError(error)) throw error;
      console.error(
        JSON.stringify({
          event: "db_connection_retry",
          attempt: attempt + 1,
          error: String(error),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    } finally {
      clearTimeout(timer);
    }
  }
}

export { schema };
