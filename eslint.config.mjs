import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

/** Where `@/db` may be imported. */
const DATABASE_ZONE = [
  // A domain's data module, and the few cross-cutting modules that read rows themselves: the
  // session guards, the email outbox, the database's opening at start.
  "lib/*/data.ts",
  "lib/*/data/**",
  "lib/session.ts",
  "lib/startup.ts",
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
    "Only a domain's data module (lib/<domain>/data) uses the database (and db, auth.ts, scripts, tests): read through it, take domain types from @/lib/domain.",
};

const NO_DATA_VALUES = {
  regex: "^@/lib/([^/]+/data|session|startup)(/|$)",
  allowTypeImports: true,
  message:
    "A client component never imports a data module (import type is fine): the page reads the data and passes it in.",
};

/** Async server components that read a data module themselves, each streamed behind its Suspense. */
const SERVER_COMPONENTS_READING_DATA = [
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
  // a domain's data module -> db. Only the data modules, db itself, auth.ts (the Auth.js adapter), scripts, tests, the
  // bench and drizzle.config.ts import the database client or schema, type imports included:
  // domain types come from lib/domain.ts, row shapes as DTO types from the data modules.
  {
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: DATABASE_ZONE,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_DB] }] },
  },
  // Client components never import a data module: only its types. ESLint cannot see "use client",
  // so the rule covers components/**; the server components there that read data are listed.
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: SERVER_COMPONENTS_READING_DATA,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_DB, NO_DATA_VALUES] }],
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
