#!/usr/bin/env bash
# `npm run bench:page` (or `bench:tap`, with the argument `tap`): builds the shop, bundles the
# browser benchmark scripts/bench-<name>.ts (TypeScript) and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:-page}"
bash scripts/setup.sh --browser
bash scripts/build-core.sh
bash scripts/build-web.sh
mkdir -p target/bench
npx esbuild "scripts/bench-$name.ts" --bundle --platform=node --format=cjs \
  --external:playwright-core --external:axe-core --outfile="target/bench/bench-$name.cjs" --log-level=warning
SHOP_ROOT="$PWD" node "target/bench/bench-$name.cjs"
