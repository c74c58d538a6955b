/**
 * A private Postgres server for fault tests (a restart in the middle of the load): initdb into a
 * temporary directory as the `postgres` user, trust authentication, on a free loopback port with
 * its Unix socket in that directory. The machine's shared server is never touched. About 3 s to
 * start. Needs the Postgres 15 binaries (POSTGRES_BIN, default /usr/lib/postgresql/15/bin) and
 * root (to run them as `postgres`), or running as `postgres` already.
 */
import { execFile } from "node:child_process";
import { chown, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { freePort, type LocalServer } from "./local-server";

const run = promisify(execFile);
const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

async function asPostgres(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args]]
    : [path.join(BIN, command), args];
  return run(file, argv, { timeout: 60_000 });
}

/** Its `url` names the server's `postgres` database (user postgres, no password). */
export type PostgresServer = LocalServer & {
  /** `pg_ctl restart -m fast`: sessions are ended, the server is back when it resolves. */
  restart: () => Promise<void>;
};

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "pg-fault-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const pgCtl = (...args: string[]) =>
    asPostgres("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-o", options, ...args]);
  await pgCtl("start");
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => {
      await pgCtl("-m", "fast", "restart");
    },
    stop: async () => {
      if (running) await pgCtl("-m", "immediate", "stop").catch(() => {});
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
