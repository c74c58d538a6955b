import path from "node:path";

import { defineConfig, type ViteUserConfig } from "vitest/config";

import tests from "../vitest.config";

const root = path.resolve(import.meta.dirname, "..");

/**
 * A bench that runs through Vitest: the DAL is loaded exactly as the tests load it (their module
 * resolution and inlined packages, Next's request stood in for), from the repo's root. `test`
 * adds the bench's own files, pool and time limits.
 */
export function benchConfig(test: NonNullable<ViteUserConfig["test"]>) {
  return defineConfig({
    root,
    resolve: tests.resolve,
    test: {
      environment: "node",
      server: tests.test?.server,
      setupFiles: ["tests/helpers/next-mocks.ts"],
      ...test,
    },
  });
}
