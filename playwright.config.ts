import { mkdirSync } from "node:fs";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { testChromiumPath } from "./tests/e2e/support/browser";
import { MAIL_CAPTURE_API_KEY, mailCapturePort } from "./tests/e2e/support/mail-capture";
import { createStaffCommand } from "./tests/e2e/support/staff";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = !!process.env.CI;

// The Resend stand-in the web server sends its mails to (started by the global setup); set in the
// main process so the global setup and the workers read the same port.
process.env.E2E_MAIL_PORT = String(mailCapturePort(PORT));

// One fresh embedded database per run (the server migrates and seeds it on first request).
// Set once in the main process: workers inherit it, so every process sees the same directory.
process.env.E2E_PGLITE_DIR ??= path.join(".data", `e2e-${Date.now()}`);
// PGlite creates its own directory but not the parents (.data/ is absent on a fresh clone).
mkdirSync(path.dirname(process.env.E2E_PGLITE_DIR), { recursive: true });

/** Specs that change the public catalogue (the project `catalogue` below). */
const CATALOGUE_WRITES = /admin-tours\.spec\.ts$/;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Debian's Chromium, its headless shell when installed: never `npx playwright install`.
    executablePath: testChromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // Not test-results/ itself: Playwright empties its outputDir, and the Vitest reports live there.
  outputDir: "test-results/e2e-artifacts",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  // Generous for 2 shared cores: a test is a few seconds on an idle machine.
  timeout: 60_000,
  // A hung server must not eat the CI budget. The bound leaves room for the whole suite on a slow,
  // shared 2-core host (the e2e step's own time is printed by `npm test`).
  globalTimeout: CI ? 40 * 60_000 : undefined,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-US",
    timezoneId: "Africa/Kampala",
    // A visitor who asked for less motion (the site honours it, app/theme.css): dialogs, menus
    // and toasts appear at once, so no action waits for an animation to settle.
    reducedMotion: "reduce",
  },
  // Behaviour runs once, at 1280 px: what a visitor can do does not change with the width.
  // Layout runs at both widths: tests tagged @layout (navigation and menus, the responsive
  // tables and drawers, overflow and accessibility checks) run at 390 px too. A test about a
  // phone alone is tagged @layout and skips itself at 1280 px.
  projects: [
    {
      name: "mobile",
      grep: /@layout/,
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: "desktop",
      testIgnore: CATALOGUE_WRITES,
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    // Tests that add a tour to the public catalogue for a while run after the others: the public
    // tests count the seeded catalogue's tours.
    {
      name: "catalogue",
      testMatch: CATALOGUE_WRITES,
      dependencies: ["mobile", "desktop"],
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The production build, made before by `npm test` (scripts/test-all.sh) or `next build`.
    // The e2e staff accounts first (admin:create, on the fresh PGlite directory), then the server.
    command: `${createStaffCommand()} && ./node_modules/.bin/next start -p ${PORT} -H 127.0.0.1`,
    url: `${BASE_URL}/`,
    reuseExistingServer: !CI,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      NODE_ENV: "production",
      PGLITE_DIR: process.env.E2E_PGLITE_DIR,
      SITE_URL: BASE_URL,
      AUTH_URL: BASE_URL,
      // The test runner stands in for one trusted proxy: specs that send their own
      // X-Forwarded-For get rate-limit buckets of their own (lib/client-address.ts).
      TRUSTED_PROXY_HOPS: "1",
      // Auth.js refuses to run in production without a secret; this one only signs test sessions.
      AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789",
      DATABASE_URL: "",
      // The server's output is shown in the run's log: warnings and errors, not an audit line per
      // sign-in (the audit trail itself is written all the same).
      LOG_LEVEL: "warn",
      // The demo accounts (the demo customer's bookings); allowed because the server listens on
      // 127.0.0.1 only (lib/accounts/demo-guard.ts).
      DEMO: "1",
      // The demo checkout (no money moves) on the production build the suite runs.
      ALLOW_DEMO_PAYMENTS: "1",
      // Mail goes out through the Resend SDK, as in production, to the capture server
      // (tests/e2e/support/mail-capture.ts), where the tests read it back.
      RESEND_API_KEY: MAIL_CAPTURE_API_KEY,
      RESEND_BASE_URL: `http://127.0.0.1:${process.env.E2E_MAIL_PORT}`,
    },
  },
});
