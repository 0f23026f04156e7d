#!/usr/bin/env bash
# `npm run typecheck`: each TypeScript project (the portal, its tests, the service worker, the server,
# the e2e tests and tools) checked by TypeScript 7, the native compiler: on a 2-core machine 25 s where
# TypeScript 5 took 65 s (docs/decisions/project-foundation.md). ESLint's TypeScript parser still
# needs TypeScript 5's JavaScript API, which 7 no longer has, so both are installed
# (docs/decisions/project-foundation.md).
set -euo pipefail
cd "$(dirname "$0")/.."
for project in tsconfig.json tsconfig.test.json sw/tsconfig.json server/tsconfig.json tests/e2e/tsconfig.json; do
  node node_modules/typescript-7/bin/tsc -p "$project"
done
