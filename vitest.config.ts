import path from "node:path";

import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

// Two projects: `unit` needs nothing; `integration` gets a database cloned per test file from a
// template that tests/helpers/global-setup.ts builds once per run (PGlite, or the Postgres server
// named by TEST_DATABASE_URL). Its global setup only runs when integration files are selected.
export default defineConfig({
  resolve: {
    // `@/…` from tsconfig.json (Vite 8 resolves tsconfig paths natively; no plugin needed).
    tsconfigPaths: true,
    alias: { "server-only": path.join(root, "tests/helpers/empty.ts") },
  },
  test: {
    environment: "node",
    // next-auth imports "next/server" and "next/headers" without extensions (Node's ESM resolver
    // refuses them) and tests replace next/headers: let Vite load it so both work.
    server: { deps: { inline: ["next-auth"] } },
    pool: "forks",
    // Two cores: one worker per core. Each integration file opens its own database clone.
    fileParallelism: true,
    maxWorkers: 2,
    // 2 cores, often shared: property tests with many runs on PGlite take tens of seconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles: ["tests/helpers/next-mocks.ts"],
        },
      },
    ],
  },
});
