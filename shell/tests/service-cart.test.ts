/**
 * The service's cart, asked again (`followServiceCart`): when the tab is shown again (another
 * tab, or the cart page's own forms, changed the cart meanwhile) and when the cart page loads.
 * The answer reaches the badge (the item-count event), the browser's kept cart (and through it
 * the shop's other tabs) and a mini cart on the page (its reload event). Only `fetch` is faked;
 * the core is the real build.
 */
import { followServiceCart } from '../src/addToCart';
import { shellConfig } from './shellConfig';
import { loadCore } from '../src/core';

const asked: string[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { cart: { numberOfArticles: 0, articles: [] } } };

beforeAll(() => loadCore());
beforeEach(() => {
  asked.length = 0;
  window.localStorage.clear();
  (globalThis as { fetch: unknown }).fetch = jest.fn((url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? 'GET'} ${url}`);
    return Promise.resolve({ status: answer.status, ok: answer.status < 300, text: () => Promise.resolve(JSON.stringify(answer.body)) });
  });
});

/** What the page hears: item counts and reload requests. */
function listen(config: ReturnType<typeof shellConfig>) {
  const counts: number[] = [];
  let reloads = 0;
  const count = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
  const reload = () => (reloads += 1);
  document.addEventListener(config.cart.itemCountEvent, count);
  document.addEventListener(config.cart.reloadEvents[0], reload);
  return {
    counts,
    reloads: () => reloads,
    stop() {
      document.removeEventListener(config.cart.itemCountEvent, count);
      document.removeEventListener(config.cart.reloadEvents[0], reload);
    },
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function showTab(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

test('a tab shown again asks the service for its cart: the badge, the kept cart and a mini cart follow', async () => {
  const config = shellConfig('AT');
  const heard = listen(config);
  const stop = followServiceCart(config);
  await settled();
  // Not the cart page: nothing asked at load.
  expect(asked).toEqual([]);
  showTab('hidden');
  await settled();
  expect(asked).toEqual([]);
  // Meanwhile, another tab (or the cart page's form) took the last article out.
  answer = { status: 200, body: { cart: { numberOfArticles: 0, articles: [] } } };
  showTab('visible');
  await settled();
  await settled();
  expect(asked).toEqual([`GET ${config.cart.servicePath}?forceReload=true`]);
  expect(heard.counts).toEqual([0]);
  expect(heard.reloads()).toBe(1);
  expect(window.localStorage.getItem('cart.AT')).toContain('"numberOfArticles":0');
  heard.stop();
  stop();
});

test('the cart page asks once when it loads, so the shop\'s other tabs learn what its forms changed', async () => {
  const config = shellConfig('DE', { pageType: 'basket', basketPage: true });
  answer = { status: 200, body: { cart: { numberOfArticles: 3, articles: [] } } };
  const heard = listen(config);
  const stop = followServiceCart(config);
  await settled();
  await settled();
  expect(asked).toHaveLength(1);
  expect(heard.counts).toEqual([3]);
  expect(window.localStorage.getItem('cart')).toContain('"numberOfArticles":3');
  heard.stop();
  stop();
});

test('a failed ask changes nothing: the kept cart and the badge stay', async () => {
  const config = shellConfig('PL');
  window.localStorage.setItem('cart.PL', JSON.stringify({ numberOfArticles: 2, articles: [] }));
  answer = { status: 503, body: { error: 'unavailable' } };
  const heard = listen(config);
  const stop = followServiceCart(config);
  showTab('visible');
  await settled();
  await settled();
  expect(asked).toHaveLength(1);
  expect(heard.counts).toEqual([]);
  expect(window.localStorage.getItem('cart.PL')).toContain('"numberOfArticles":2');
  heard.stop();
  stop();
});
