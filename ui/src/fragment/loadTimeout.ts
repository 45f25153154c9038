/**
 * How long a part of the page may take to arrive (a fragment's remote, the WebAssembly core)
 * before what stands in for it is given up for the page's own fallback: the static header or
 * footer, the server's sign-up form, the tile's form posted without scripts. A slow line gets
 * the fallback rather than a loading text that never ends.
 */
export const LOAD_TIMEOUT_MS = 8_000;

/** `promise`, or a rejection once `ms` have passed without it settling (the load goes on). */
export function within<T>(promise: Promise<T>, ms = LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not there after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The signal for one service call of a part of the page: aborted when `signal` is (the
 * component went, a newer call replaced this one) or once `ms` have passed, so a service that
 * never answers counts as failed and the part keeps its fallback instead of waiting for ever.
 */
export function timeLimited(signal?: AbortSignal, ms = LOAD_TIMEOUT_MS): AbortSignal {
  const limited = new AbortController();
  const timer = setTimeout(() => limited.abort(new DOMException(`no answer after ${ms} ms`, 'TimeoutError')), ms);
  limited.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  if (signal?.aborted) limited.abort(signal.reason);
  else signal?.addEventListener('abort', () => limited.abort(signal.reason), { once: true });
  return limited.signal;
}
