#!/usr/bin/env bash
# `npm run octo:validate`: the OCTO project's reference validator (octotravel/validator) against
# the demo, as a reseller with the demo's test-mode key. Needs the internet (GitHub and the npm
# registry), so it is not part of `npm test`.
#
#   1. the validator's source at a pinned commit in $VALIDATOR_DIR (default /tmp/octo-validator),
#      and only the packages its supplier flows need (its full backend wants a database, Sentry,
#      and versions of @octocloud/core the public registry does not carry);
#   2. the build in .next (`npm run build` when there is none);
#   3. a fresh demo database in .data/octo-demo (DEMO=1 npm run db:seed) and `next start` on
#      127.0.0.1:$PORT (default 3310), stopped by its PID at the end;
#   4. the validator's supplier flows (supplier, products, availability calendar and check, and a
#      booking's reservation, extension, confirmation, update, cancellation, get and list) run
#      directly, in the order of its ValidationController, without its server or request log.
# Prints each scenario with its errors and warnings, then 'N/M scenarios passed'; exits non-zero
# when one failed. A test-mode key takes no seats, so the demo's dates are the same after a run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD

VALIDATOR_REPO=https://github.com/octotravel/validator
VALIDATOR_COMMIT=ff6b4e5f3066f24ac53f224e6d39fb093278a4bc
VALIDATOR_DIR=${VALIDATOR_DIR:-/tmp/octo-validator}
PORT=${PORT:-3310}
DATA_DIR=.data/octo-demo
KEY=bu_test_demo-sandbox-travel-key-for-the-local-demo-only

log() { echo "[octo:validate] $*"; }

# 1. The validator and the packages of its supplier flows.
if [ ! -d "$VALIDATOR_DIR/backend/src/common/validation/supplier" ]; then
  log "fetching $VALIDATOR_REPO at ${VALIDATOR_COMMIT:0:7} into $VALIDATOR_DIR"
  mkdir -p "$VALIDATOR_DIR"
  git -C "$VALIDATOR_DIR" init -q
  git -C "$VALIDATOR_DIR" fetch -q --depth 1 "$VALIDATOR_REPO" "$VALIDATOR_COMMIT"
  git -C "$VALIDATOR_DIR" checkout -q FETCH_HEAD
fi
RUNNER=$VALIDATOR_DIR/runner
if [ ! -x "$RUNNER/node_modules/.bin/tsx" ]; then
  log "installing the supplier flows' packages in $RUNNER"
  mkdir -p "$RUNNER"
  echo '{ "name": "octo-validator-runner", "private": true }' > "$RUNNER/package.json"
  (cd "$RUNNER" && npm install --no-audit --no-fund --loglevel=error \
    @octocloud/types@2.0.4 @octocloud/core@1.0.57 ramda@0.28.0 date-fns@4.1.0 \
    date-fns-tz@3.2.0 @date-fns/tz@1.2.0 @date-fns/utc@2.1.0 uuid@9.0.0 yup@0.32.11 tsx@4.20.6)
fi
ln -sfn ../runner/node_modules "$VALIDATOR_DIR/backend/node_modules"

cat > "$VALIDATOR_DIR/backend/src/run-supplier.ts" <<'TS'
// The validator's supplier flows against OCTO_ENDPOINT with OCTO_KEY (written by octo-validate.sh).
import { Context } from './common/validation/supplier/services/validation/context/Context';
import { AvailabilityCalendarFlow } from './common/validation/supplier/services/validation/Flows/Availability/AvailabilityCalendarFlow';
import { AvailabilityFlow } from './common/validation/supplier/services/validation/Flows/Availability/AvailabilityFlow';
import { BookingCancellationFlow } from './common/validation/supplier/services/validation/Flows/Booking/BookingCancellationFlow';
import { BookingConfirmationFlow } from './common/validation/supplier/services/validation/Flows/Booking/BookingConfirmationFlow';
import { BookingExtendFlow } from './common/validation/supplier/services/validation/Flows/Booking/BookingExtendFlow';
import { BookingGetFlow } from './common/validation/supplier/services/validation/Flows/Booking/BookingGetFlow';
import { BookingListFlow } from './common/validation/supplier/services/validation/Flows/Booking/BookingListFlow';
import { BookingReservationFlow } from './common/validation/supplier/services/validation/Flows/Booking/BookingReservationFlow';
import { BookingUpdateFlow } from './common/validation/supplier/services/validation/Flows/Booking/BookingUpdateFlow';
import type { Flow } from './common/validation/supplier/services/validation/Flows/Flow';
import { ProductFlow } from './common/validation/supplier/services/validation/Flows/Product/ProductFlow';
import { SupplierFlow } from './common/validation/supplier/services/validation/Flows/Supplier/SupplierFlow';

async function main() {
  const context = new Context();
  context.setSchema({
    backend: { endpoint: process.env.OCTO_ENDPOINT, headers: { Authorization: `Bearer ${process.env.OCTO_KEY}` } },
  } as never);
  // No validator server around the flows: no request context to record their calls in.
  context.useRequestContext = false;
  const flows: Flow[] = [
    new SupplierFlow(), new ProductFlow(), new AvailabilityCalendarFlow(), new AvailabilityFlow(),
    new BookingReservationFlow(), new BookingExtendFlow(), new BookingConfirmationFlow(),
    new BookingUpdateFlow(), new BookingCancellationFlow(), new BookingGetFlow(), new BookingListFlow(),
  ];
  let total = 0;
  let passed = 0;
  let warned = 0;
  const lines: string[] = [];
  for (const flow of flows) {
    const result = await flow.validate(context);
    lines.push(`\n${result.name}: ${result.succesScenarios}/${result.totalScenarios}`);
    for (const s of result.scenarios) {
      total += 1;
      if (s.success) passed += 1;
      if (s.validationResult === 'WARNING') warned += 1;
      lines.push(`  ${s.success ? 'ok  ' : 'FAIL'} ${s.name} (${s.validationResult})`);
      for (const e of s.errors) lines.push(`       ${e.type}: ${e.message}`);
      if (!s.success && s.request && s.response) {
        lines.push(`       -> ${s.request.method} ${s.request.url} ${JSON.stringify(s.request.body ?? null).slice(0, 400)}`);
        lines.push(`       <- ${s.response.status}: ${JSON.stringify(s.response.body).slice(0, 400)}`);
      }
    }
    if (context.terminateValidation) {
      lines.push('  (the validator stopped here)');
      break;
    }
  }
  console.log(lines.join('\n'));
  console.log(`\n${passed}/${total} scenarios passed, ${warned} with warnings`);
  process.exitCode = passed === total ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
TS

# 2. The build.
if [ ! -f .next/BUILD_ID ]; then
  log "no build in .next: npm run build"
  npm run build
fi

# 3. A fresh demo database and its server.
rm -rf "$DATA_DIR"
log "seeding the demo into $DATA_DIR"
DEMO=1 PGLITE_DIR=$DATA_DIR npm run --silent db:seed > /dev/null
SERVER_LOG=$(mktemp)
DEMO=1 ALLOW_DEMO_PAYMENTS=1 PGLITE_DIR=$DATA_DIR SITE_URL=http://127.0.0.1:$PORT \
  ./node_modules/.bin/next start -H 127.0.0.1 -p "$PORT" > "$SERVER_LOG" 2>&1 &
SERVER_PID=$!
stop_server() {
  kill "$SERVER_PID" 2> /dev/null || true
  wait "$SERVER_PID" 2> /dev/null || true
}
trap stop_server EXIT
for _ in $(seq 1 60); do
  if curl -fs -o /dev/null -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/octo/supplier"; then break; fi
  if ! kill -0 "$SERVER_PID" 2> /dev/null; then cat "$SERVER_LOG"; exit 1; fi
  sleep 1
done
log "demo on http://127.0.0.1:$PORT (pid $SERVER_PID)"

# 4. The validator's supplier flows (its per-request lines left out).
cd "$VALIDATOR_DIR/backend"
set +e
OCTO_ENDPOINT=http://127.0.0.1:$PORT/octo OCTO_KEY=$KEY ./node_modules/.bin/tsx src/run-supplier.ts \
  | grep -Ev '^[0-9T:.-]+Z \| (GET|POST|PATCH|DELETE): '
status=${PIPESTATUS[0]}
cd "$ROOT"
exit "$status"
