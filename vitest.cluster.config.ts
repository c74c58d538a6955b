import path from "node:path";

import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

/**
 * The cluster suite (tests/cluster): two production instances of the build in .next behind a
 * reverse proxy, on the Postgres server and Redis (tests/cluster/harness.ts). Run by
 * scripts/test-all.sh after `next build`, apart from the default run (vitest.config.ts), one file
 * at a time in one fork: each file starts its own cluster, and the machine has two cores.
 */
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: { "server-only": path.join(root, "tests/helpers/empty.ts") },
  },
  test: {
    name: "cluster",
    environment: "node",
    include: ["tests/cluster/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
