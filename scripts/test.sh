#!/usr/bin/env bash
# `npm test`: every check and test, in the order a failure is cheapest to find.
# Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
# The project's Node (the `node` devDependency, ADR 0042) is first on PATH inside npm scripts.
echo "== Node $(node --version) (npm $(npm --version))"
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 24 ]; then
  echo "npm test needs Node 24 or newer; run it as \`npm test\` after \`npm ci\`" >&2
  exit 1
fi
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
