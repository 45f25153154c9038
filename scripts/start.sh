#!/usr/bin/env bash
# `npm start`: set up what is missing, build everything, serve the shop at
# http://localhost:${PORT:-8080} (fragments on the ports after it). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/build-core.sh
bash scripts/build-web.sh
export SHOP_ROOT="$PWD"
exec target/release/shop-server
