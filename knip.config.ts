import type { KnipConfig } from "knip";

// Unused files, exports and dependencies (`npm run check`). Next, Vitest, Playwright, Drizzle,
// ESLint and PostCSS are found by knip's own plugins; the entries below are what they cannot see:
// the command-line scripts, the bench and the cluster suite.
const config: KnipConfig = {
  entry: [
    "bench/cluster-load.ts",
    "bench/dom-floor.ts",
    "bench/pay-page-write.ts",
    "bench/typed-copy-write.ts",
    "bench/**/*.bench.ts",
    "bench/**/*.test.ts",
    "bench/floor/app/**/*.{js,jsx}",
    "bench/floor/next.config.mjs",
    "scripts/*.{ts,mjs}",
    "lib/cache/cache-handler.mjs",
    "tests/**/*.test.ts",
    "tests/e2e/**/*.spec.ts",
    // The `server-only` stand-in of every Vitest config (a resolve alias, not an import).
    "tests/helpers/empty.ts",
  ],
  project: ["**/*.{ts,tsx,mjs,js,jsx,css}"],
  vitest: {
    config: [
      "vitest.config.ts",
      "vitest.cluster.config.ts",
      "bench/**/vitest.config.ts",
      "bench/*.config.ts",
    ],
  },
  // The stylesheet's @import lines are its dependencies (tailwindcss, tw-animate-css).
  compilers: {
    css: (text: string) =>
      [...text.matchAll(/@import\s+["']([^"']+)["']/g)].map((m) => `import "${m[1]}";`).join("\n"),
  },
  // A constant used in its own file is not dead because it is also exported.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // The bench loads these by a computed name, so type-checking does not require them.
    "lighthouse",
    "chrome-launcher",
    "autocannon",
  ],
  // Machine programs the bench and the Redis tests start, not npm packages.
  ignoreBinaries: ["taskset", "redis-server"],
};

export default config;
