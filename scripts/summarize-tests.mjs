#!/usr/bin/env node
/**
 * Sums the results of `npm test` (scripts/test-all.sh) into ONE final line: `N passed, N failed`.
 *
 * Reads test-results/steps.tsv, one line per step: `name<TAB>kind<TAB>status-or-report<TAB>exit<TAB>note`
 *   - kind `check`:  a step that counts as one test (lint, type-check, build): status passed|failed|skipped
 *   - kind `report`: a test runner whose JSON report is read (Vitest or Playwright); exit is its exit code
 * A missing or unreadable report, or a runner that failed without a failed test in its report
 * (a crash, a global setup error), counts as one failure. Exits 1 when anything failed.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stepsFile = path.join(root, "test-results", "steps.tsv");

/** The first line of a failure message, without colour codes, short enough for one line. */
function firstLine(message = "") {
  const line = String(message).replace(/\u001b\[[0-9;]*m/g, "").trim().split("\n")[0] ?? "";
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** Vitest's json reporter (Jest-compatible shape). */
function readVitest(report) {
  let passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const failures = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? "?");
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) {
      failures.push(`${where} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    }
    // A file that failed to load or crashed in a hook has no failed test of its own: count the file.
    if (file.status === "failed" && failedTests.length === 0) {
      failed += 1;
      failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  return { passed, failed, flaky: 0, failures };
}

/** Every test of a Playwright report, with the titles of the suites it sits in. */
function* playwrightTests(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { title: [...here, spec.title].join(" > "), test };
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

/** Playwright's json reporter. Flaky tests passed on retry: counted as passed, and reported. */
function readPlaywright(report) {
  const s = report.stats ?? {};
  let failed = s.unexpected ?? 0;
  // Errors outside tests (web server did not start, global setup, global timeout).
  if ((report.errors ?? []).length > 0 && failed === 0) failed = 1;
  const failures = (report.errors ?? []).map((e) => firstLine(e.message));
  for (const suite of report.suites ?? []) {
    for (const { title, test } of playwrightTests(suite)) {
      if (test.status !== "unexpected") continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`[${test.projectName}] ${title}: ${firstLine(error)}`);
    }
  }
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed, flaky: s.flaky ?? 0, failures };
}

function readReport(file) {
  const report = JSON.parse(readFileSync(path.resolve(root, file), "utf8"));
  if (report.stats && "expected" in report.stats) return readPlaywright(report);
  if ("numPassedTests" in report) return readVitest(report);
  throw new Error("unknown report format");
}

const rows = [];
/** Named here as well as in each runner's output, so that the tail of a long log says what failed. */
const failures = [];
let passed = 0;
let failed = 0;

const lines = existsSync(stepsFile)
  ? readFileSync(stepsFile, "utf8").split("\n").filter(Boolean)
  : [];
if (lines.length === 0) {
  rows.push(["(no steps recorded)", "failed", "test-results/steps.tsv is missing or empty"]);
  failed += 1;
}

for (const line of lines) {
  const [name = "?", kind = "check", value = "", exit = "", note = ""] = line.split("\t");
  if (kind === "check") {
    if (value === "passed") passed += 1;
    if (value === "failed") failed += 1;
    rows.push([name, value, note]);
    continue;
  }
  // kind === "report"
  let result;
  try {
    result = readReport(value);
  } catch (error) {
    rows.push([
      name,
      "failed",
      `no usable report ${value} (${error.message.split("\n")[0]})${note ? `; ${note}` : ""}`,
    ]);
    failed += 1;
    continue;
  }
  const extra = [];
  if (exit !== "" && exit !== "0" && result.failed === 0) {
    result.failed = 1;
    extra.push(
      `runner exited with code ${exit} without a failed test in its report: see its output above`,
    );
  }
  if (result.flaky > 0) extra.push(`${result.flaky} flaky (passed on retry)`);
  if (note) extra.push(note);
  passed += result.passed;
  failed += result.failed;
  rows.push([name, `passed=${result.passed} failed=${result.failed}`, extra.join("; ")]);
  failures.push(...result.failures.map((f) => `${name}: ${f}`));
}

const width = Math.max(...rows.map((r) => r[0].length), 4);
console.log("\nTest summary");
for (const [name, status, note] of rows) {
  console.log(`  ${name.padEnd(width)}  ${status}${note ? `  (${note})` : ""}`);
}
const SHOWN = 20;
if (failures.length > 0) {
  console.log("Failed");
  for (const failure of failures.slice(0, SHOWN)) console.log(`  ${failure}`);
  if (failures.length > SHOWN) console.log(`  ... and ${failures.length - SHOWN} more`);
}
console.log(`  runtime  Node ${process.versions.node} (${process.platform}-${process.arch})`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
