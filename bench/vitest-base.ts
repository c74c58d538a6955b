import path from "node:path";

import { defineConfig, type ViteUserConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

/**
 * A bench that runs through Vitest: the DAL is loaded as the integration tests load it
 * (`server-only` stubbed, next-auth inlined, Next's request stood in for), from the repo's root.
 * `test` adds the bench's own files, pool and time limits.
 */
export function benchConfig(test: NonNullable<ViteUserConfig["test"]>) {
  return defineConfig({
    root,
    resolve: {
      tsconfigPaths: true,
      alias: { "server-only": path.join(root, "tests/helpers/empty.ts") },
    },
    test: {
      environment: "node",
      server: { deps: { inline: ["next-auth"] } },
      setupFiles: ["tests/helpers/next-mocks.ts"],
      ...test,
    },
  });
}
