#!/usr/bin/env bash
# `npm run bench:page`: builds the shop, bundles the benchmark (TypeScript) and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
bash scripts/build-core.sh
bash scripts/build-web.sh
mkdir -p target/bench
npx esbuild scripts/bench-page.ts --bundle --platform=node --format=cjs \
  --external:playwright-core --external:axe-core --outfile=target/bench/bench-page.cjs --log-level=warning
SHOP_ROOT="$PWD" node target/bench/bench-page.cjs
