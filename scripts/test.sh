#!/usr/bin/env bash
# `npm test`: every check and test, in the order a failure is cheapest to find.
# Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
# Ends with a table of each stage's seconds and tests, then one line `N passed, N failed, N skipped`
# (Vitest and Playwright test cases; a stage that fails without a test report counts as 1 failed).
set -euo pipefail
cd "$(dirname "$0")/.."
# The project's Node (the `node` devDependency, ADR 0042) is first on PATH inside npm scripts.
echo "== Node $(node --version) (npm $(npm --version))"
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 24 ]; then
  echo "npm test needs Node 24 or newer; run it as \`npm test\` after \`npm ci\`" >&2
  exit 1
fi

REPORTS="$(mktemp -d)"
export TEST_REPORTS="$REPORTS"
trap 'node scripts/test-summary.mjs "$REPORTS"; rm -rf "$REPORTS"' EXIT

# stage NAME COMMAND...: runs one stage, recording its seconds and outcome in $REPORTS/stages.tsv.
stage() {
  local name="$1"
  shift
  echo "== $name"
  local start status=0
  start="$(date +%s%N)"
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$(( ($(date +%s%N) - start) / 1000000 ))" "$status" >>"$REPORTS/stages.tsv"
  if [ "$status" -ne 0 ]; then exit "$status"; fi
}

bash scripts/ensure-chromium.sh
stage "lint" bash -c 'set -o pipefail; npm run --silent lint 2>&1 | tee "$TEST_REPORTS/lint.log"'
stage "typecheck" npm run --silent typecheck
stage "vitest" npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json"
stage "build" npm run --silent build
# Every page the server can send, as built: the static site's (public pages in both languages,
# the not-found pages) and the browser app's (the shells of the portal and IMU pages, the SPA
# fallback; ADR 0064): 0 HTML errors, one run of the checker.
stage "html" bash -c 'set -o pipefail; npm run --silent html:check -- build/site build/client 2>&1 | tee "$TEST_REPORTS/html.log"'
stage "size" npm run --silent size
stage "e2e" env PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORTS/playwright.json" npx playwright test --reporter=list,json
