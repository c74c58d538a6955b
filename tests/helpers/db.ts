/**
 * A fresh database per test file, cloned from the template built by tests/helpers/global-setup.ts.
 * Only for the `integration` Vitest project (its global setup provides `testDatabase`).
 */
import { readFile } from "node:fs/promises";

import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";

import { type DbHandle, openPglite, openPostgres, setDbHandle } from "@/db";

import { databaseUrl, quoteIdent } from "./global-setup";

let clones = 0;

async function clonePostgres(adminUrl: string, template: string, runId: string): Promise<DbHandle> {
  const name = `test_db_${runId}_${process.pid}_${++clones}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    // A template cannot be copied while another session is connected to it: retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
        break;
      } catch (error) {
        const busy = /being accessed by other users/.test(String((error as Error).message));
        if (!busy || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.end({ timeout: 5 });
  }

  const handle = await openPostgres(databaseUrl(adminUrl, name), { max: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}

/**
 * Opens a new database cloned from the run's template and installs it with setDbHandle, so code
 * that calls getDb() sees it. `close()` closes it (and drops it on a server) and uninstalls it.
 */
export async function createTestDb(): Promise<DbHandle> {
  const info = inject("testDatabase");
  if (!info) {
    throw new Error("No template database: run integration tests through the `integration` Vitest project.");
  }
  let handle: DbHandle;
  if (info.driver === "pglite") {
    const dump = new Blob([await readFile(info.dumpPath)]);
    handle = await openPglite({ loadDataDir: dump });
  } else {
    handle = await clonePostgres(info.adminUrl, info.template, info.runId);
  }
  setDbHandle(handle);
  return {
    ...handle,
    close: async () => {
      setDbHandle(undefined);
      await handle.close();
    },
  };
}

/**
 * `const t = useTestDb();` at the top of a test file: a cloned database opened in beforeAll and
 * closed in afterAll. Read `t.db` (or `t.handle`) inside tests and hooks.
 */
export function useTestDb() {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
    handle = undefined;
  });
  const current = () => {
    if (!handle) throw new Error("useTestDb(): the database is only open inside tests and hooks.");
    return handle;
  };
  return {
    get handle() {
      return current();
    },
    get db() {
      return current().db;
    },
    get driver() {
      return current().driver;
    },
  };
}
