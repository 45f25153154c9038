#!/usr/bin/env bash
# Builds the browser side: the shell (host + plain host page script) and every fragment, with
# webpack in production mode, and the release server that serves them (`npm start`, tests).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(shell mfe-minicart mfe-header mfe-footer mfe-newsletter mfe-preview)
# What the bundles are made of: the packages' own sources and configs, the design system, the
# texts, the core's glue, the shared build config and the locked dependencies. When none of it
# changed since the last build (a warm `npm test`), the bundles are kept.
stamp=target/web-build.stamp
inputs=("${packages[@]}" ui texts wasm/pkg wasm/index.js wasm/index.d.ts wasm/package.json build
  package.json package-lock.json tsconfig.json scripts/build-web.sh scripts/precompress.mjs)
changed=$(find "${inputs[@]}" -newer "$stamp" -type f -not -path '*/node_modules/*' \
  -not -path '*/dist/*' -not -path '*/tests/*' -print -quit 2>/dev/null || true)
missing=""
for package in "${packages[@]}"; do
  [ -f "$package/dist/entries.json" ] || [ -f "$package/dist/mf-manifest.json" ] || missing="$package"
done
if [ -f "$stamp" ] && [ -z "$changed" ] && [ -z "$missing" ]; then
  echo "[build:web] bundles up to date"
else
  for package in "${packages[@]}"; do
    echo "[build:web] $package"
    # Each package's own build (the one its team deploys alone): webpack, then the Brotli and
    # gzip copies beside every file, sent as they are by the server (ADR 0009).
    npm run -s build -w "$package"
  done
  mkdir -p target
  touch "$stamp"
fi
# The server's own files (the consent manager's stand-in, the catalogue's pictures) get their
# Brotli and gzip copies too, beside them and ignored by git (fresh ones are kept).
node scripts/precompress.mjs server/static
echo "[build:web] server (release)"
cargo build --release -p shop-server
