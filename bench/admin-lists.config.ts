import path from "node:path";

import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

/**
 * `npx vitest run --config bench/admin-lists.config.ts`: the admin list bench
 * (bench/admin-lists.bench.ts) on the Postgres server (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres). Run by `npm run bench` (bench/run.ts) too.
 * Next's request and Auth.js are stood in for as in the integration tests.
 */
export default defineConfig({
  root,
  resolve: {
    tsconfigPaths: true,
    alias: { "server-only": path.join(root, "tests/helpers/empty.ts") },
  },
  test: {
    environment: "node",
    server: { deps: { inline: ["next-auth"] } },
    include: ["bench/admin-lists.bench.ts"],
    setupFiles: ["tests/helpers/next-mocks.ts"],
    pool: "forks",
    maxWorkers: 1,
    // The export measure collects garbage before it starts (global.gc).
    execArgv: ["--expose-gc"],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
