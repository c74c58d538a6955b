import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

/** Where `@/db` may be imported. */
const DATABASE_ZONE = [
  "lib/dal/**",
  "db/**",
  "auth.ts",
  "scripts/**",
  "tests/**",
  "bench/**",
  "drizzle.config.ts",
];

const NO_DB = {
  regex: "^(@/|(\\.\\./)+|\\./)db(/|$)",
  message:
    "Only lib/dal (and db, auth.ts, scripts, tests) use the database: read through lib/dal, take domain types from @/lib/domain.",
};

const NO_DAL_VALUES = {
  regex: "^@/lib/dal(/|$)",
  allowTypeImports: true,
  message:
    "A client component never imports the DAL (import type is fine): the page reads the data and passes it in.",
};

/** Async server components that read the DAL themselves, each streamed behind its Suspense. */
const SERVER_COMPONENTS_READING_DAL = [
  "components/customer/bookings-list.tsx",
  "components/customer/dashboard.tsx",
  "components/customer/messages-board.tsx",
  "components/home/featured-tours.tsx",
  "components/tours/tour-results.tsx",
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    plugins: { drizzle },
    rules: {
      // Refuse `db.delete(table)` / `db.update(table)` without a where clause.
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      // Next.js trims the date-fns barrel in its bundles, but Node (tests, scripts, the seed)
      // loads all of its functions for one import, which cost each test file over a second.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "date-fns",
              message: "Import each function from its own path: date-fns/format, date-fns/subDays.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through lib/env.ts.",
        },
      ],
    },
  },
  {
    files: [
      "lib/env.ts",
      "instrumentation.ts",
      "drizzle.config.ts",
      "playwright.config.ts",
      "vitest.config.ts",
      "vitest.cluster.config.ts",
      // Imported by Next with plain Node at run time: it cannot import lib/env.ts (it says so).
      "lib/cache/cache-handler.mjs",
      "scripts/**",
      "bench/**",
      "tests/**",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  // Boundaries (docs/architecture.md, "Layers"). Data flows one way: page or action ->
  // lib/dal -> db. Only the DAL, db itself, auth.ts (the Auth.js adapter), scripts, tests, the
  // bench and drizzle.config.ts import the database client or schema, type imports included:
  // domain types come from lib/domain.ts, row shapes as DTO types from the DAL.
  {
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: DATABASE_ZONE,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_DB] }] },
  },
  // Client components never import the DAL: only its types. ESLint cannot see "use client", so
  // the rule covers components/**; the server components there that read the DAL are listed.
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: SERVER_COMPONENTS_READING_DAL,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_DB, NO_DAL_VALUES] }],
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "components/ui/**",
    "db/migrations/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
