import path from "node:path";

import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

/**
 * The integration files whose behaviour on the Postgres server can differ from PGlite, which is
 * the same Postgres engine but one connection in one process: they run a second time on the
 * server (project `postgres`). The server's template is migrated and seeded through the server
 * driver's own migrator, so every run of this project also proves the migrations there.
 */
const ON_THE_SERVER = [
  // Twenty saves at once on separate connections: the row locks of the assignment.
  "tests/integration/guide-assignment-concurrency.test.ts",
  // Fifty submissions at once with one idempotency key: the unique index across connections.
  "tests/integration/public-forms.test.ts",
  // SELECT ... FOR UPDATE of the Edit dialog's save, its version check, the pg_trgm searches.
  "tests/integration/admin-bookings.test.ts",
  // Searches on the pg_trgm-indexed expressions of the migrations; the export streamed in batches.
  "tests/integration/admin-messages.test.ts",
  // The outbox's FOR UPDATE SKIP LOCKED claims and the database's own clock.
  "tests/integration/faults-mail.test.ts",
  // The Departures screen's cancel beside a booking edit: the lock order that keeps them apart.
  "tests/integration/admin-departures.test.ts",
  // Sixty bookings at once on separate connections for the last seats: the departure's row lock.
  "tests/integration/departure-seats.test.ts",
  // The audit trail's append-only trigger (plpgsql) as the server runs it.
  "tests/integration/audit-trail.test.ts",
  // The tour row locked (FOR UPDATE) around every picture change.
  "tests/integration/tour-media.test.ts",
  // Two sweeps lapsing the same waitlist offers at once: the offer's and the departure's row locks.
  "tests/integration/waitlist.test.ts",
  // The same payment notification twenty times at once: the ledger row's lock, counted once.
  "tests/integration/payments.test.ts",
  // Two runs of the scheduled jobs at once beside the timer's: each due row claimed once.
  "tests/integration/scheduled-jobs-route.test.ts",
  // A hundred checkout holds at once on two tours sharing a park's permits: the lots' row locks.
  "tests/integration/permits.test.ts",
  // Holds of one buyer at once: the advisory locks of the unpaid-seats cap.
  "tests/integration/checkout-holds.test.ts",
  // A hundred holds at once against one lot: each trekker's permit allocated under its row lock.
  "tests/integration/permit-allocations.test.ts",
  // Ten acceptances of one proposal link at once: the proposal's and version's row locks.
  "tests/integration/proposal-traveller.test.ts",
  // Two runs of the permit alerts at once: each alert's mail row inserted, and mailed, once.
  "tests/integration/permit-alerts.test.ts",
  // The webhooks' notes written by plpgsql triggers, claimed with FOR UPDATE SKIP LOCKED.
  "tests/integration/octo-webhooks.test.ts",
  // Twenty reseller reservations at once against one lot: each trekker's permit under its lock.
  "tests/integration/octo-permits.test.ts",
  // Every change to a draft under its version's and proposal's row locks (FOR UPDATE).
  "tests/integration/proposals-staff.test.ts",
  // A proposal's treks' lots locked in turn on acceptance, and staff topping permits up.
  "tests/integration/proposal-permits.test.ts",
];

// Projects: `unit` needs nothing; `integration` (every integration file) gets a PGlite database
// cloned per test file from a template that tests/helpers/global-setup.ts builds once per run;
// `postgres` (ON_THE_SERVER, only when TEST_DATABASE_URL names a server) the same on that server.
// A project's global setup only runs when its files are selected.
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
    // The audit trail's log lines would bury the reporter's output; tests that read them spy on
    // the logger instead.
    env: { LOG_LEVEL: "warn" },
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
      ...(process.env.TEST_DATABASE_URL?.trim()
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ON_THE_SERVER,
                globalSetup: ["tests/helpers/global-setup.ts"],
                setupFiles: ["tests/helpers/next-mocks.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
