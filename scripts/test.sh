#!/usr/bin/env bash
# `npm test`: every check and test, in the order a failure is cheapest to find.
# Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
echo "== lint (Biome, incl. the one-way import rule)"
npm run --silent lint
echo "== typecheck"
npm run --silent typecheck
echo "== unit, component and integration tests (Vitest)"
npx vitest run
echo "== production build"
npm run --silent build
echo "== first-load JavaScript budget of / (issue #4)"
npm run --silent size
echo "== end-to-end tests (Playwright, Debian Chromium)"
npx playwright test
