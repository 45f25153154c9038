/**
 * The product tiles' add-to-cart with scripts (the spec's external add-to-cart): the button's
 * payload goes to the site's cart (the core's site header), 200 says so in the tile and
 * announces the count, another status shows the translated change error with its limit for the
 * change error's display time (7.5 s), as the mini cart does. Only `fetch` is faked; the core is
 * the real build.
 */
import { enhanceAddToCart } from '../src/addToCart';
import { shellConfig } from './shellConfig';
import { loadCore, loadTexts } from '../src/core';

const config = shellConfig('AT');

const PAYLOAD = '{"setArticle":{"productId":"400005","tcm":"400005-01","quantity":1}}';

function tile(): { button: HTMLButtonElement; error: Element; added: Element } {
  document.body.innerHTML = `<ul><li class="shell-card"><form><button type="submit" data-add-to-cart='${PAYLOAD}' data-title="Yogamatte">In den Warenkorb</button></form>
    <p class="shell-card__added" role="status"></p><p class="shell-card__error" role="alert"></p></li></ul>`;
  return {
    button: document.querySelector('button') as HTMLButtonElement,
    error: document.querySelector('.shell-card__error') as Element,
    added: document.querySelector('.shell-card__added') as Element,
  };
}

const sent: { url: string; init: RequestInit }[] = [];
function answering(status: number, body: unknown) {
  (globalThis as { fetch: unknown }).fetch = jest.fn((url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(JSON.stringify(body)) });
  });
}

/** Lets the click's promises (fetch, the core, the texts) settle under fake timers (plain DOM, no React: no act). */
async function settle() {
  for (let round = 0; round < 20; round++) {
    await Promise.resolve();
    jest.advanceTimersByTime(0);
  }
}

beforeAll(async () => {
  enhanceAddToCart(config);
  // The core and the texts load before an add is sent; loaded once here, a click finds them.
  await loadTexts(await loadCore(), config.site, ['shell', 'cart']);
});
beforeEach(() => {
  jest.useFakeTimers();
  sent.length = 0;
});
afterEach(() => jest.useRealTimers());

test("a refusal shows the translated limit error in the tile for 7.5 s, and the call named the site's cart", async () => {
  const { button, error } = tile();
  answering(409, { error: 'AVAILABILITY_LIMIT', limit: 0 });
  button.click();
  await settle();
  expect(sent).toHaveLength(1);
  expect(sent[0].url).toBe('/service/cart/api/cart');
  expect(sent[0].init.method).toBe('POST');
  expect(sent[0].init.headers).toMatchObject({ site: 'AT' });
  expect(sent[0].init.body).toBe(PAYLOAD);
  expect(error.textContent).toBe('Dieses Produkt ist nicht mehr verfügbar.');

  jest.advanceTimersByTime(7499);
  expect(error.textContent).toBe('Dieses Produkt ist nicht mehr verfügbar.');
  jest.advanceTimersByTime(1);
  expect(error.textContent).toBe('');
});

// Header spec section 8, "Mini cart change errors": each limit's own text with its {limit}.
test.each([
  [{ error: 'CART_LIMIT', limit: 60 }, 'Du kannst leider maximal 60 Produkte pro Einkauf kaufen.'],
  [{ error: 'ITEM_LIMIT', limit: 10 }, 'Von diesem Artikel kannst du leider maximal 10 Stück pro Einkauf kaufen.'],
  [{ error: 'AVAILABILITY_LIMIT', limit: 2 }, 'Von diesem Artikel sind leider nur noch 2 Stück verfügbar.'],
])('a %j refusal shows its own text with the limit', async (answer, text) => {
  const { button, error } = tile();
  answering(409, answer);
  button.click();
  await settle();
  expect(error.textContent).toBe(text);
  jest.advanceTimersByTime(7500);
});

test('a new attempt clears the shown error at once; its own error starts its own 7.5 s', async () => {
  const { button, error } = tile();
  answering(409, { error: 'AVAILABILITY_LIMIT', limit: 0 });
  button.click();
  await settle();
  jest.advanceTimersByTime(5000);
  answering(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
  button.click();
  await settle();
  expect(error.textContent).toMatch(/technischen Gründen/);
  // The first error's timer does not clear the second one early.
  jest.advanceTimersByTime(3000);
  expect(error.textContent).toMatch(/technischen Gründen/);
  jest.advanceTimersByTime(4500);
  expect(error.textContent).toBe('');
});

test('an added item says so in the tile and announces the count', async () => {
  const { button, added } = tile();
  const counts: number[] = [];
  document.addEventListener('cartItemCountChanged', (event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount));
  answering(200, { cart: { numberOfArticles: 2, articles: [] } });
  button.click();
  await settle();
  expect(added.textContent).toMatch(/Yogamatte/);
  expect(counts).toEqual([2]);
  expect(window.localStorage.getItem('cart.AT')).toContain('"numberOfArticles":2');
});

test('an add the service does not answer counts as failed after the request timeout: the tile says so, the button works again', async () => {
  const { button, error } = tile();
  (globalThis as { fetch: unknown }).fetch = jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
  );
  button.click();
  await settle();
  expect(button).toHaveAttribute('aria-disabled', 'true');
  jest.advanceTimersByTime(15_000);
  await settle();
  expect(error.textContent).toMatch(/technischen Gründen/);
  expect(button).not.toHaveAttribute('aria-disabled');
});

test('an add whose answer was lost shows the change error and asks for the cart: the badge says what the service holds, the button works at once', async () => {
  const { button, error } = tile();
  const counts: number[] = [];
  const count = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
  document.addEventListener('cartItemCountChanged', count);
  let answerCart: (value: unknown) => void = () => undefined;
  (globalThis as { fetch: unknown }).fetch = jest.fn((url: string, init: RequestInit) => {
    sent.push({ url, init });
    // The add reached the service, its answer did not come back; the cart then says 1 article.
    if (init.method === 'POST') return Promise.reject(new TypeError('Failed to fetch'));
    return new Promise((resolve) => {
      answerCart = resolve;
    });
  });
  button.click();
  await settle();
  expect(error.textContent).toMatch(/technischen Gründen/);
  expect(button).not.toHaveAttribute('aria-disabled');
  expect(sent.map(({ url, init }) => `${init.method ?? 'GET'} ${url}`)).toEqual(['POST /service/cart/api/cart', 'GET /service/cart/api/cart?forceReload=true']);
  answerCart({ status: 200, ok: true, text: () => Promise.resolve(JSON.stringify({ numberOfArticles: 1, articles: [] })) });
  await settle();
  expect(counts).toEqual([1]);
  document.removeEventListener('cartItemCountChanged', count);
});

test('two adds answered in the other order: the badge and the stored cart keep the newer cart', async () => {
  document.body.innerHTML = `<ul>${[1, 2]
    .map(
      (n) => `<li class="shell-card"><form><button type="submit" data-add-to-cart='${PAYLOAD}' data-title="Tasse ${n}">In den Warenkorb</button></form>
    <p class="shell-card__added" role="status"></p><p class="shell-card__error" role="alert"></p></li>`,
    )
    .join('')}</ul>`;
  const [first, second] = Array.from(document.querySelectorAll('button'));
  const counts: number[] = [];
  const count = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
  document.addEventListener('cartItemCountChanged', count);
  const answers: ((cart: unknown) => void)[] = [];
  (globalThis as { fetch: unknown }).fetch = jest.fn(
    () =>
      new Promise((resolve) =>
        answers.push((cart) => resolve({ status: 200, ok: true, text: () => Promise.resolve(JSON.stringify({ cart })) })),
      ),
  );
  first.click();
  await settle();
  second.click();
  await settle();
  expect(answers).toHaveLength(2);
  answers[1]({ numberOfArticles: 2, articles: [] });
  await settle();
  answers[0]({ numberOfArticles: 1, articles: [] });
  await settle();
  document.removeEventListener('cartItemCountChanged', count);
  // Both tiles confirm their own add; the count never goes back to the older answer's 1.
  expect(Array.from(document.querySelectorAll('.shell-card__added')).map((p) => p.textContent)).toEqual([
    expect.stringMatching(/Tasse 1/),
    expect.stringMatching(/Tasse 2/),
  ]);
  expect(counts).toEqual([2]);
  expect(window.localStorage.getItem('cart.AT')).toContain('"numberOfArticles":2');
});

test('a second press while the add is on its way adds nothing more: the article goes in once', async () => {
  const { button, added } = tile();
  answering(200, { cart: { numberOfArticles: 1, articles: [] } });
  button.click();
  button.click();
  await settle();
  expect(sent.filter(({ init }) => init.method === 'POST')).toHaveLength(1);
  expect(added.textContent).toMatch(/Yogamatte/);
  // Answered, the button adds again.
  button.click();
  await settle();
  expect(sent.filter(({ init }) => init.method === 'POST')).toHaveLength(2);
});

test("the add goes with the shop's own cookies, which tell the service whose cart it is", async () => {
  const { button } = tile();
  answering(200, { cart: { numberOfArticles: 1, articles: [] } });
  button.click();
  await settle();
  expect(sent).toHaveLength(1);
  expect(sent[0].init.credentials).toBe('same-origin');
});
