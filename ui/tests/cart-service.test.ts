/**
 * The cart service calls in a browser of the shop's baseline (ADR 0027): Safari 15 has no
 * `AbortSignal.timeout`, and a call that needed it failed before it was sent, so the mini cart
 * and the tiles' add-to-cart never reached the cart. The time limit comes from the design
 * system's own `timeLimited`.
 */
import { fetchCart, changeCart } from '../src';

const settings = { servicePath: '/service/cart/api/cart', siteHeader: 'site', requestTimeoutMs: 5_000 };
const timeout = Object.getOwnPropertyDescriptor(AbortSignal, 'timeout');

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
  if (timeout) Object.defineProperty(AbortSignal, 'timeout', timeout);
});

/** A browser without `AbortSignal.timeout`. */
function withoutAbortSignalTimeout() {
  Object.defineProperty(AbortSignal, 'timeout', { configurable: true, value: undefined });
}

test('without AbortSignal.timeout, the cart is still asked for and its answer read', async () => {
  withoutAbortSignalTimeout();
  const fetch = jest.fn((_url: string, _init: RequestInit) =>
    Promise.resolve({ status: 200, text: () => Promise.resolve('{"cart":{}}') }),
  );
  (globalThis as { fetch?: unknown }).fetch = fetch;
  await expect(fetchCart(settings, 'AT', false)).resolves.toEqual({ status: 200, body: '{"cart":{}}' });
  await expect(changeCart(settings, 'AT', { x: 1 })).resolves.toEqual({ status: 200, body: '{"cart":{}}' });
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(fetch.mock.calls[0][1].headers).toMatchObject({ site: 'AT' });
});

test('a cart service that never answers counts as a network failure after the core\u2019s time limit', async () => {
  withoutAbortSignalTimeout();
  jest.useFakeTimers();
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
  );
  let settled: unknown;
  void fetchCart(settings, 'DE', false).then((answer) => (settled = answer));
  await jest.advanceTimersByTimeAsync(settings.requestTimeoutMs - 1);
  expect(settled).toBeUndefined();
  await jest.advanceTimersByTimeAsync(1);
  expect(settled).toEqual({ status: 0, body: '' });
});
