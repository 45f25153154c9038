// @shop/core in the browser: the wasm-bindgen module plus ready(), which fetches and
// instantiates the .wasm once per page however many fragments ask (shared as an MF singleton).
import init, * as core from './pkg/shop_core_wasm.js';

export * from './pkg/shop_core_wasm.js';

let loading;

/** Resolves to the core once its WebAssembly is instantiated; the same promise for every caller. */
export function ready() {
  if (!loading) {
    loading = init().then(() => core);
    // Settled, the promise says so the way React's `use` reads a promise: a render after that
    // gets the core (or the failure) at once, without suspending.
    loading.then(
      (value) => {
        Object.assign(loading, { status: 'fulfilled', value });
      },
      (reason) => {
        Object.assign(loading, { status: 'rejected', reason });
      },
    );
  }
  return loading;
}

/**
 * ready(), but a load that failed (a dropped connection, a broken file) is tried again rather
 * than answered with its old failure: for the page's own scripts, so that one failure does not
 * leave a product tile without its rules for good. A fragment rendering meanwhile still reads
 * the settled promise it was given (`use(ready())` in `WithCore`).
 */
export function readyOrRetry() {
  if (loading?.status === 'rejected') loading = undefined;
  return ready();
}

/** Whether ready()'s promise has settled: the core is instantiated, or failed to be. */
export function readySettled() {
  return loading?.status === 'fulfilled' || loading?.status === 'rejected';
}
