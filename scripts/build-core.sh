#!/usr/bin/env bash
# Builds the npm package @shop/core from the wasm crate, twice from the same .wasm:
#   wasm/pkg/       browser build (ES module, --target web), size-optimised by wasm-opt
#   wasm/pkg-node/  Node build (CommonJS, --target nodejs), used by Jest
# Skips the work when no Rust source changed since the last build.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=wasm/pkg/.build-stamp
if [ -f "$stamp" ] && [ -f wasm/pkg-node/shop_core_wasm.js ] \
  && [ -z "$(find core derive wasm/src Cargo.toml Cargo.lock wasm/Cargo.toml scripts/build-core.sh -newer "$stamp" -type f -print -quit)" ]; then
  echo "[build:core] up to date"
  exit 0
fi

cargo build -p shop-core-wasm --target wasm32-unknown-unknown --profile wasm-release
wasm=target/wasm32-unknown-unknown/wasm-release/shop_core_wasm.wasm

rm -rf wasm/pkg wasm/pkg-node
wasm-bindgen --target web --out-dir wasm/pkg "$wasm"
wasm-bindgen --target nodejs --out-dir wasm/pkg-node "$wasm"
# The Node build is CommonJS inside a "type": "module" package.
echo '{ "type": "commonjs" }' > wasm/pkg-node/package.json

# rustc >= 1.87 emits bulk-memory and non-trapping float-to-int instructions.
wasm_opt=node_modules/.bin/wasm-opt
for out in wasm/pkg/shop_core_wasm_bg.wasm wasm/pkg-node/shop_core_wasm_bg.wasm; do
  "$wasm_opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --strip-debug --strip-producers -o "$out" "$out"
done
touch "$stamp"
echo "[build:core] wasm/pkg and wasm/pkg-node built"
