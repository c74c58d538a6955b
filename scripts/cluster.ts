/**
 * `npm run cluster [-- --instances 2 --port 8080]`: the site as several production instances
 * behind a round-robin reverse proxy, on DATABASE_URL and REDIS_URL from the environment (both
 * required: PGlite and in-memory limits are per process). Migrates and seeds the catalogue
 * (idempotent), starts N `next start` of the build in .next (run `npm run build` first) with the
 * shared settings, and prints the URLs. AUTH_SECRET, MFA_ENCRYPTION_KEY and
 * NEXT_SERVER_ACTIONS_ENCRYPTION_KEY are taken from the environment, or generated for this run
 * (sessions, and second factors set up during it, then end with it). Ctrl-C
 * stops everything. The same harness runs the cluster tests (tests/cluster/harness.ts).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";

import { startCluster } from "../tests/cluster/harness";

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "2" },
    port: { type: "string", default: "8080" },
  },
});

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error(
      "Set DATABASE_URL (a Postgres server) and REDIS_URL: every instance must share them.",
    );
  }
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("No build in .next: run `npm run build` first.");
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1)
    throw new Error("--instances must be a whole number, 1 or more");

  // Kept from the environment when set; the harness generates the rest for this run.
  const keep = [
    "AUTH_SECRET",
    "MFA_ENCRYPTION_KEY",
    "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY",
    "REDIS_KEY_PREFIX",
    "STORAGE_DIR",
  ];
  const env = Object.fromEntries(
    keep.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
  );

  const cluster = await startCluster({
    instances,
    databaseUrl,
    useDatabaseAsIs: true,
    redisUrl,
    port: Number(values.port),
    mailCapture: false,
    keepRedisKeys: true,
    echo: true,
    env,
  });
  console.log(`\nThe site: ${cluster.url} (round-robin over ${instances} instances)`);
  for (const instance of cluster.instances)
    console.log(`  instance ${instance.index}: ${instance.url}`);
  console.log(
    `  Redis key prefix: ${cluster.env.REDIS_KEY_PREFIX}; uploads in ${cluster.env.STORAGE_DIR}`,
  );
  console.log("Ctrl-C stops them.");

  const stop = () => {
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
