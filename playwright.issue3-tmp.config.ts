import base from "./playwright.config";
import { defineConfig } from "@playwright/test";

export default defineConfig({
  ...base,
  webServer: undefined,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: "/tmp/issue3-e2e-artifacts",
  use: { ...base.use, baseURL: "http://localhost:3100" },
});
