#!/usr/bin/env bash
# `npm test`: every check CI runs, in order of speed, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step "System tools (Chromium, PostgreSQL 15, ffmpeg, Ceph radosgw)"
bash scripts/ensure-test-tools.sh

step "Lint"
npx eslint .

step "Type check"
npm run -s typecheck

step "Unit, component and server tests (server on PGlite and on PostgreSQL 15)"
npx vitest run

step "Build the portal"
npx vite build --logLevel warn

step "End-to-end tests in Chromium against the real server"
npx playwright test

echo
echo "All checks passed."
