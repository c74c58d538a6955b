import path from "node:path";

import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// The admin bookings bench (bench/admin-bookings/bench.test.ts), run by bench/run.ts: Vitest
// loads the DAL as the integration tests do (`server-only` stubbed, next-auth inlined).
export default defineConfig({
  root,
  resolve: {
    tsconfigPaths: true,
    alias: { "server-only": path.join(root, "tests/helpers/empty.ts") },
  },
  test: {
    environment: "node",
    include: ["bench/admin-bookings/bench.test.ts"],
    server: { deps: { inline: ["next-auth"] } },
    setupFiles: ["tests/helpers/next-mocks.ts"],
    testTimeout: 30 * 60_000,
    hookTimeout: 30 * 60_000,
  },
});
