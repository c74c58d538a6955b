#!/usr/bin/env bash
# `npm test`: every check of the project, in order, continuing after a failure where that makes
# sense. Each runner prints its usual output; the last line is the sum of all of them,
# `N passed, N failed` (scripts/summarize-tests.mjs), and the exit code is non-zero if any failed.
#
#   1 lint (eslint)            1 passed/failed  } side by side
#   2 type-check (tsc)         1 passed/failed  } (with knip and the import-circle check)
#   3 vitest, PGlite           every unit and integration test  -> test-results/vitest-pglite.json
#   4 vitest, Postgres server  the integration files whose behaviour can differ on a server (locks,
#                              concurrency, pg_trgm searches; the server's migrator builds their
#                              template), again on TEST_DATABASE_URL: project `postgres` in
#                              vitest.config.ts (default postgres://postgres@127.0.0.1:5432/test)
#                              -> vitest-postgres.json
#                              The shared rate-limit store is tested on TEST_REDIS_URL
#                              (default redis://127.0.0.1:6379; skipped with a note when unreachable)
#   5 next build               1 passed/failed
#   6 vitest, two instances    tests/cluster (vitest.cluster.config.ts): the build in .next as two
#                              `next start` behind a proxy, on the Postgres server and Redis
#                              (a database and key prefix of their own)  -> vitest-cluster.json;
#                              skipped with a note when either is unreachable (failed in CI)
#   7 playwright               every spec at 1280 px, the layout tests (@layout) at 390 px too
#                                -> test-results/e2e.json
#
# TEST_SKIP_BUILD=1 reuses the build in .next (not counted) instead of step 5: for local reruns
# only; CI always builds.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BIN=./node_modules/.bin
OUT=test-results
STEPS=$OUT/steps.tsv
: "${TEST_DATABASE_URL:=postgres://postgres@127.0.0.1:5432/test}"
export TEST_DATABASE_URL
: "${TEST_REDIS_URL:=redis://127.0.0.1:6379}"
if node -e 'const u = new URL(process.argv[1]); const s = require("node:net").connect(Number(u.port) || 6379, u.hostname);
  s.setTimeout(2000, () => process.exit(1)); s.on("error", () => process.exit(1)); s.on("connect", () => { s.end(); process.exit(0); });' "$TEST_REDIS_URL"; then
  export TEST_REDIS_URL
else
  echo "NOTE: no Redis at $TEST_REDIS_URL: the shared rate-limit store tests are skipped."
  unset TEST_REDIS_URL
fi

mkdir -p "$OUT"
rm -f "$STEPS" "$OUT"/vitest-pglite.json "$OUT"/vitest-postgres.json "$OUT"/vitest-cluster.json "$OUT"/e2e.json "$OUT"/*.log

record() { # name kind status-or-report [exit] [note]
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-}" "${5:-}" >>"$STEPS"
}

SECONDS=0
banner() {
  printf '\n\033[1m==> %s\033[0m  (at %dm%02ds)\n' "$1" $((SECONDS / 60)) $((SECONDS % 60))
}

# Runs a command with its output shown and kept in test-results/<name>.log; returns its exit code.
run() {
  local name=$1
  shift
  "$@" 2>&1 | tee "$OUT/$name.log"
  return "${PIPESTATUS[0]}"
}

check() { # name label command... : one test, passed or failed
  local name=$1 label=$2
  shift 2
  banner "$label"
  if run "$name" "$@"; then record "$name" check passed; else record "$name" check failed "" "exit $?"; fi
}

# The four static checks read the tree and nothing else: they run side by side (each mostly on
# one core), and their outputs are shown one after the other.
banner "Lint (eslint), type-check (tsc --noEmit), unused files, exports and dependencies (knip), import circles"
"$BIN/eslint" . >"$OUT/lint.log" 2>&1 &
lint_pid=$!
"$BIN/tsc" --noEmit >"$OUT/typecheck.log" 2>&1 &
typecheck_pid=$!
"$BIN/knip" >"$OUT/knip.log" 2>&1 &
knip_pid=$!
npm run --silent cycles >"$OUT/cycles.log" 2>&1 &
cycles_pid=$!
for name in lint typecheck knip cycles; do
  pid_var="${name}_pid"
  wait "${!pid_var}"
  status=$?
  echo "--- $name: $([ "$status" -eq 0 ] && echo passed || echo "failed (exit $status)")"
  cat "$OUT/$name.log"
  if [ "$status" -eq 0 ]; then record "$name" check passed; else record "$name" check failed "" "exit $status"; fi
done

banner "Vitest: unit + integration on PGlite"
run vitest-pglite env -u TEST_DATABASE_URL -u DATABASE_URL "$BIN/vitest" run \
  --project unit --project integration \
  --reporter=default --reporter=json --outputFile.json="$OUT/vitest-pglite.json"
record vitest-pglite report "$OUT/vitest-pglite.json" $?

banner "Vitest: integration on the Postgres server"
postgres_reachable() {
  node --input-type=module -e '
    import postgres from "postgres";
    const sql = postgres(process.env.TEST_DATABASE_URL, { max: 1, connect_timeout: 5, onnotice() {} });
    let ok = false;
    try { await sql`select 1`; ok = true; } catch (error) { console.error(error.message); }
    await sql.end({ timeout: 1 }).catch(() => {});
    process.exit(ok ? 0 : 1);
  '
}
pg_target=$(node -e 'const u = new URL(process.env.TEST_DATABASE_URL); console.log(u.host + u.pathname)' 2>/dev/null || echo "$TEST_DATABASE_URL")
if postgres_reachable; then
  run vitest-postgres env -u DATABASE_URL "$BIN/vitest" run --project postgres \
    --reporter=default --reporter=json --outputFile.json="$OUT/vitest-postgres.json"
  record vitest-postgres report "$OUT/vitest-postgres.json" $?
else
  echo "NOTE: the Postgres server at $pg_target is unreachable: the Postgres suite is SKIPPED."
  if [ -n "${CI:-}" ]; then
    record vitest-postgres check failed "" "Postgres at $pg_target unreachable (counted failed in CI)"
  else
    record vitest-postgres check skipped "" "Postgres at $pg_target unreachable"
  fi
fi

if [ -n "${TEST_SKIP_BUILD:-}" ] && [ -z "${CI:-}" ] && [ -f .next/BUILD_ID ]; then
  banner "Production build: reusing .next (TEST_SKIP_BUILD)"
  record build check skipped "" "reused .next (TEST_SKIP_BUILD)"
  build_ok=passed
else
  check build "Production build (next build)" "$BIN/next" build
  build_ok=$(tail -n 1 "$STEPS" | cut -f3)
fi

banner "Vitest: two instances behind a proxy (cluster suite)"
if [ "$build_ok" != passed ]; then
  echo "NOTE: the build failed: the cluster tests are not run."
  record vitest-cluster check failed "" "not run: the build failed"
elif [ -n "${TEST_REDIS_URL:-}" ] && postgres_reachable; then
  run vitest-cluster env -u DATABASE_URL "$BIN/vitest" run --config vitest.cluster.config.ts \
    --reporter=default --reporter=json --outputFile.json="$OUT/vitest-cluster.json"
  record vitest-cluster report "$OUT/vitest-cluster.json" $?
else
  why="the Postgres server at $pg_target or Redis is unreachable"
  echo "NOTE: $why: the cluster suite is SKIPPED."
  if [ -n "${CI:-}" ]; then
    record vitest-cluster check failed "" "$why (counted failed in CI)"
  else
    record vitest-cluster check skipped "" "$why"
  fi
fi

banner "Playwright: desktop 1280 px, the layout tests at 390 px too"
# The browser playwright.config.ts picks (tests/e2e/support/browser.ts): CHROMIUM_PATH, else
# Debian's headless shell, else Debian's full Chromium.
if [ -n "${CHROMIUM_PATH:-}" ]; then chromium=$CHROMIUM_PATH
elif [ -x /usr/bin/chromium-headless-shell ]; then chromium=/usr/bin/chromium-headless-shell
else chromium=/usr/bin/chromium; fi
if [ "$build_ok" != passed ]; then
  echo "NOTE: the build failed: the end-to-end tests are not run."
  record e2e check failed "" "not run: the build failed"
elif [ ! -x "$chromium" ]; then
  echo "NOTE: no Chromium at $chromium (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)."
  record e2e check failed "" "not run: no Chromium at $chromium"
else
  rm -rf .data/e2e-* # databases of earlier runs; this run gets a fresh one (playwright.config.ts)
  run e2e "$BIN/playwright" test
  record e2e report "$OUT/e2e.json" $?
fi

banner "Summary"
echo "(total time $((SECONDS / 60))m$(printf '%02d' $((SECONDS % 60)))s)"
exec node scripts/summarize-tests.mjs
