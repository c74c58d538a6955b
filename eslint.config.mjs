import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

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
      "scripts/**",
      "bench/**",
      "tests/**",
    ],
    rules: { "no-restricted-syntax": "off" },
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
