import { mkdir } from "node:fs/promises";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import { env, isEmbeddedDatabase } from "@/lib/env";

import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DbHandle = {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

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
  });
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, driver: "postgres", close: () => client.end({ timeout: 5 }) };
}

export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // The PGlite and postgres-js databases share PgDatabase; the migrators only differ by driver.
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(handle.db as never, { migrationsFolder });
  }
}

function describeTarget(): string {
  if (isEmbeddedDatabase) return `PGlite in ${env.PGLITE_DIR} (PGLITE_DIR)`;
  const url = new URL(env.DATABASE_URL!);
  return `the Postgres server at ${url.hostname}:${url.port || 5432}${url.pathname} (DATABASE_URL)`;
}

/**
 * The embedded database at start: migrated, the catalogue seeded when empty, and the demo
 * accounts only when the demo was asked for (DEMO=1, `npm run demo`): never by `npm start` alone.
 */
export async function prepareEmbeddedDatabase(
  handle: DbHandle,
  options: { demo: boolean } = { demo: env.DEMO },
): Promise<void> {
  await migrateDatabase(handle);
  const { seedIfEmpty } = await import("./seed");
  await seedIfEmpty(handle.db, options);
}

async function openConfigured(): Promise<DbHandle> {
  if (isEmbeddedDatabase) {
    const dataDir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.PGLITE_DIR);
    const handle = await openPglite({ dataDir });
    await prepareEmbeddedDatabase(handle);
    return handle;
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
    throw new Error(`Cannot connect to ${describeTarget()}: ${reason}`);
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
const globalForDb = globalThis as unknown as { __dbHandle?: Promise<DbHandle> };

/** The process-wide database, opened (and in embedded mode migrated and seeded) on first use. */
export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__dbHandle) {
    globalForDb.__dbHandle = openConfigured().catch((error: unknown) => {
      globalForDb.__dbHandle = undefined;
      throw error;
    });
  }
  return globalForDb.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests and scripts install their own database (a cloned template, a server database). */
export function setDbHandle(handle: DbHandle | undefined): void {
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

/**
 * Runs `work` again while it fails on a lost connection, after growing pauses (about 5 s in
 * all: a server restart's usual length). Only for work that is safe to repeat: a transaction that
 * failed on a lost connection may have committed just before it was lost, so a repeat must be
 * recognised (the booking's idempotency key does that).
 */
export async function retryOnConnectionLoss<T>(
  work: () => Promise<T>,
  pausesMs: readonly number[] = [250, 750, 1_500, 2_500],
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const pause = pausesMs[attempt];
      if (pause === undefined || !isConnectionError(error)) throw error;
      console.error(
        JSON.stringify({
          event: "db_connection_retry",
          attempt: attempt + 1,
          error: String(error),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export { schema };
