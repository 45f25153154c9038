#!/usr/bin/env bash
# Builds the browser side: the shell (host + plain host page script) and every fragment, with
# webpack in production mode, and the release server that serves them (`npm start`, tests).
set -euo pipefail
cd "$(dirname "$0")/.."

for package in shell mfe-minicart mfe-header mfe-footer mfe-newsletter mfe-preview; do
  echo "[build:web] $package"
  (cd "$package" && npx webpack --mode production --config webpack.config.cjs)
done
# Brotli and gzip copies beside every file, sent as they are by the server (ADR 0009).
node scripts/precompress.mjs shell/dist mfe-minicart/dist mfe-header/dist mfe-footer/dist mfe-newsletter/dist mfe-preview/dist
echo "[build:web] server (release)"
cargo build --release -p shop-server
