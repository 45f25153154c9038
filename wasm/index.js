// @shop/core in the browser: the wasm-bindgen module plus ready(), which fetches and
// instantiates the .wasm once per page however many fragments ask (shared as an MF singleton).
import init, * as core from './pkg/shop_core_wasm.js';

export * from './pkg/shop_core_wasm.js';

let loading;

/** Resolves to the core once its WebAssembly is instantiated; the same promise for every caller. */
export function ready() {
  loading ??= init().then(() => core);
  return loading;
}
