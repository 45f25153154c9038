export * from './pkg/shop_core_wasm';

/** The core's functions, once its WebAssembly is instantiated. */
export type Core = typeof import('./pkg/shop_core_wasm');

/** Resolves to the core once its WebAssembly is instantiated; the same promise for every caller. */
export function ready(): Promise<Core>;

/** ready(), but a load that failed is tried again instead of answered with its old failure. */
export function readyOrRetry(): Promise<Core>;

/**
 * Whether ready()'s promise has settled (the core is instantiated, or failed to be): from then
 * on React's `use(ready())` returns the core, or throws the failure, without suspending.
 */
export function readySettled(): boolean;
