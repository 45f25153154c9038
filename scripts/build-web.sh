#!/usr/bin/env bash
# Builds the browser side: the shell (host + plain host page script) and every fragment, with
# webpack in production mode, and the release server that serves them (`npm start`, tests).
set -euo pipefail
cd "$(dirname "$0")/.."

for package in shell mfe-minicart mfe-header; do
  echo "[build:web] $package"
  (cd "$package" && npx webpack --mode production --config webpack.config.cjs)
done
echo "[build:web] server (release)"
cargo build --release -p shop-server
