/**
 * Vitest global setup of the `integration` and `postgres` projects (vitest.config.ts): builds ONE
 * migrated and seeded database per run, which every test file clones (tests/helpers/db.ts).
 *
 * - `integration`: a PGlite database, dumped with `dumpDataDir()` to a tarball in the temp
 *   directory. Loading the dump is much cheaper than creating a fresh PGlite (initdb) and migrating.
 * - `postgres`: a template database `test_tmpl_<pid>` on the server TEST_DATABASE_URL names; each
 *   file runs `CREATE DATABASE … TEMPLATE` from it. Dropped in teardown.
 */
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import postgres from "postgres";
import type { TestProject } from "vitest/node";

import { openPglite, openPostgres } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { seed } from "@/db/seed";

export type TestDatabaseInfo =
  | { driver: "pglite"; dumpPath: string }
  | { driver: "postgres"; adminUrl: string; template: string; runId: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** Seed options of the template: the catalogue (tours, guides) without the demo accounts. */
const SEED_OPTIONS = { demo: false } as const;

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Drops databases left by crashed runs on this machine (named after a run's pid, now gone). */
async function dropOrphans(admin: postgres.Sql) {
  const rows = await admin<{ datname: string }[]>`
    select datname from pg_database where datname ~ '^test_(tmpl|db)_[0-9]+_'`;
  for (const { datname } of rows) {
    const pid = Number(/^test_(?:tmpl|db)_(\d+)_/.exec(datname)?.[1]);
    if (pid && !pidAlive(pid)) {
      await admin
        .unsafe(`drop database if exists ${quoteIdent(datname)} with (force)`)
        .catch(() => {});
    }
  }
}

async function setupPostgres(project: TestProject, adminUrl: string) {
  const runId = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const template = `test_tmpl_${runId}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await dropOrphans(admin);
    await admin.unsafe(`create database ${quoteIdent(template)}`);
  } finally {
    await admin.end({ timeout: 5 });
  }

  const handle = await openPostgres(databaseUrl(adminUrl, template), { max: 1 });
  try {
    await migrateDatabase(handle);
    await seed(handle.db, SEED_OPTIONS);
  } finally {
    // No session may stay connected to a template while it is being copied.
    await handle.close();
  }
  project.provide("testDatabase", { driver: "postgres", adminUrl, template, runId });

  return async () => {
    const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(`drop database if exists ${quoteIdent(template)} with (force)`);
    } finally {
      await sql.end({ timeout: 5 });
    }
  };
}

async function setupPglite(project: TestProject) {
  const handle = await openPglite();
  let dump: Blob;
  try {
    await migrateDatabase(handle);
    await seed(handle.db, SEED_OPTIONS);
    dump = await handle.client.dumpDataDir("gzip");
  } finally {
    await handle.close();
  }
  const dumpPath = path.join(
    os.tmpdir(),
    `vitest-pglite-template-${process.pid}-${Date.now()}.tar.gz`,
  );
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { driver: "pglite", dumpPath });

  return async () => {
    await rm(dumpPath, { force: true });
  };
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const serverUrl = project.name === "postgres" ? process.env.TEST_DATABASE_URL?.trim() : undefined;
  const teardown = serverUrl ? await setupPostgres(project, serverUrl) : await setupPglite(project);
  const where = serverUrl ? `Postgres ${new URL(serverUrl).host}` : "PGlite";
  console.log(`[global-setup] template database on ${where} ready in ${Date.now() - started} ms`);
  return teardown;
}
