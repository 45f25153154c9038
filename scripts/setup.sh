#!/usr/bin/env bash
# Installs whatever is missing for building and testing, from the package registries only
# (nothing is downloaded from GitHub). Idempotent: a warm machine passes through in seconds.
# Run by `npm start` and `npm test`; safe to run by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }

# The wasm-bindgen version the wasm crate pins (`=X.Y.Z`); the CLI must match it exactly.
wasm_bindgen_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' Cargo.toml)
[ -n "$wasm_bindgen_version" ] || { echo "setup: no pinned wasm-bindgen in Cargo.toml" >&2; exit 1; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wasm_bindgen_version" ]; then
  say "installing wasm-bindgen-cli $wasm_bindgen_version (cargo, a few minutes once)"
  # --locked first, as the guide asks; the registry mirror may lack a locked transitive
  # version, in which case the same CLI version is resolved afresh.
  cargo install wasm-bindgen-cli --version "$wasm_bindgen_version" --locked \
    || cargo install wasm-bindgen-cli --version "$wasm_bindgen_version"
fi

# npm dependencies (binaryen's wasm-opt, jest, ...): install when missing or when the lock changed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies"
  # Not `npm ci`: npm 11 rejects even a freshly written lock here ("Missing:
  # @unrs/resolver-binding-<other platform>"). `npm install` installs the locked versions.
  npm install --no-audit --no-fund
fi

# Debian's Chromium: its headless shell for the end-to-end suite, the browser itself for the page
# benchmark (`setup.sh --browser`, both from one Debian release); browser downloads from elsewhere
# are not possible here.
browsers="chromium chromium-headless-shell"
if [ "${1:-}" = "--browser" ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; }; then
  say "installing Debian's $browsers (apt)"
  as_root=""
  [ "$(id -u)" = 0 ] || as_root="sudo"
  # shellcheck disable=SC2086 # the list splits into its packages
  $as_root apt-get install -y --no-install-recommends $browsers \
    || { $as_root apt-get update && $as_root apt-get install -y --no-install-recommends $browsers; }
fi

say "ready (wasm-bindgen $wasm_bindgen_version, $(rustc --version))"
