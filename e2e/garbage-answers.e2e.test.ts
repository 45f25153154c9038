/**
 * Services that answer garbage (header spec section 8, newsletter spec section 8: "malformed
 * service answers show the fallback, never a broken header"): every service call of the page
 * is answered by the browser itself with one kind of garbage at a time (cut-off JSON, JSON of
 * the wrong shape, a JSON object of nothing the page asked for, an HTML error page with status 200, nesting deeper than any parser's stack,
 * a body of several megabytes, a well-formed cart of more than a megabyte, numbers of huge
 * exponents). The page never throws; the header stands with its fallback
 * navigation, searches still run, the mini cart says the cart could not be loaded, and the
 * static footer stays. And when the core itself cannot load, the static header, footer and the
 * server's sign-up form carry the pages.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { useShopInBrowser, scrollToPageEnd, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

const GARBAGE = {
  'cut-off JSON': { contentType: 'application/json', body: '{"list":[{"children":[{"title":"Kaf' },
  // Each service's own fields with values of the wrong type.
  'JSON of the wrong shape': {
    contentType: 'application/json',
    body: JSON.stringify({
      list: 'x', // navigation
      overview: [], // theme worlds
      searchTerms: 7, products: { id: 1 }, // suggestions
      type: 'BANNER', contentJSON: '{"headline":', // promotions, the footer
      articles: 5, totalSum: 'x', // the cart
      tracking: '?', nl_status: 12, // visitor data
      cacheKey: null,
    }),
  },
  // A maintenance page's JSON: no service's fields at all (the cart must not read as empty).
  'an unrelated JSON object': { contentType: 'application/json', body: '{"status":"maintenance","message":"Back soon"}' },
  'an HTML error page with status 200': { contentType: 'text/html', body: '<!doctype html><title>Bad gateway</title><h1>502</h1>' },
  'nesting deeper than a parser’s stack': { contentType: 'application/json', body: '['.repeat(200_000) },
  // A well-formed cart of 20 000 lines (1.5 MB): over the core's cap on cart answers, so it is
  // refused unread as a broken answer, not parsed for seconds and shown.
  'a cart of more than a megabyte': {
    contentType: 'application/json',
    body: JSON.stringify({
      numberOfArticles: 20_000,
      articles: Array.from({ length: 20_000 }, (_, i) => ({ productId: `${100_000 + i}`, tcm: 't', title: 'Kaffee', quantity: { quantity: 1 } })),
    }),
  },
  // Numbers whose power of ten is far past where the value is decided: each took the JSON
  // reader a third of a second (these 600, minutes).
  'numbers of huge exponents': { contentType: 'application/json', body: `[${Array(300).fill('1e9999999999,-1e-9999999999').join(',')}]` },
  'several megabytes': { contentType: 'application/json', body: JSON.stringify(Array.from({ length: 60_000 }, (_, i) => `item ${i} `.repeat(6))) },
} as const;

/** Every call to the shop's services (not the consent manager's script). */
function isServiceCall(url: URL): boolean {
  return (
    (url.pathname.startsWith('/service/') && !url.pathname.startsWith('/service/consent/')) ||
    url.pathname === '/jsonflyoutnavigation' ||
    url.pathname === '/json/psdata'
  );
}

const header = (page: Page) => page.locator('.shd-root');
const FALLBACK = ['Themenwelten', 'Wochenangebote', 'Kaffee', 'Filialen'];

test.each(Object.entries(GARBAGE))('with every service answering %s, the page stands and works', async (_kind, garbage) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  const answered: string[] = [];
  await page.route(isServiceCall, (route: Route) => {
    answered.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: garbage.contentType, body: garbage.body });
  });
  await page.goto(shop.url);
  await header(page).waitFor();

  // The header: the fallback navigation, every icon.
  const navigation = header(page).getByRole('navigation', { name: 'Hauptnavigation' });
  await page.waitForTimeout(300);
  await expect(navigation.getByRole('link').allTextContents()).resolves.toEqual(FALLBACK);
  for (const name of ['Suche', 'Filialfinder', 'Mein Konto', 'Warenkorb-Vorschau anzeigen']) {
    await expect(header(page).getByRole('button', { name, exact: true }).isVisible()).resolves.toBe(true);
  }

  // The mini cart opens and says what went wrong.
  await header(page).getByRole('button', { name: 'Warenkorb-Vorschau anzeigen', exact: true }).click();
  const miniCart = page.getByRole('region', { name: /^Warenkorb/ });
  await miniCart.waitFor();
  await miniCart.getByRole('alert').getByText(/kann der Warenkorbinhalt gerade nicht angezeigt werden/).waitFor();
  await page.keyboard.press('Escape');

  // The static footer stays.
  await scrollToPageEnd(page);
  await page.waitForTimeout(500);
  await expect(page.locator('[data-static-footer]').isVisible()).resolves.toBe(true);
  // The imprint and the other legal links are there without any fragment.
  await expect(page.locator('[data-static-footer]').getByRole('link', { name: 'Impressum' }).isVisible()).resolves.toBe(true);

  // A search still runs (without suggestions).
  await page.evaluate(() => window.scrollTo(0, 0));
  await header(page).getByRole('button', { name: 'Suche', exact: true }).click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  await page.keyboard.type('Kaffee');
  await page.waitForTimeout(300);
  await expect(header(page).getByRole('option').count()).resolves.toBe(0);
  await Promise.all([page.waitForURL((url) => url.pathname === '/search'), page.keyboard.press('Enter')]);

  expect(answered).toEqual(expect.arrayContaining(['/jsonflyoutnavigation', '/service/cart/api/cart', '/service/searchfrontend/api/suggestions']));
  expect(watch.pageErrors).toEqual([]);
  await expect(watch.cspViolations()).resolves.toEqual([]);
  await page.close();
});

test('when the core\'s WebAssembly cannot load, every page keeps its static parts and the sign-up still works', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  await page.route(/\.wasm$/, (route) => route.abort());
  await page.goto(shop.url);
  const staticHeader = page.locator('[data-static-header]');
  await expect(staticHeader.getByRole('link', { name: 'Suche' }).isVisible()).resolves.toBe(true);
  await expect(staticHeader.getByRole('navigation').getByRole('link').allTextContents()).resolves.toEqual(FALLBACK);
  await scrollToPageEnd(page, '[data-static-footer]');
  await expect(page.locator('[data-static-footer]').isVisible()).resolves.toBe(true);

  await page.goto(shop.url + '/subscribenewsletter');
  const form = page.locator('form.shell-signup__form');
  await form.waitFor();
  await form.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill('no.core@example.com');
  await form.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.getByRole('status').getByText('no.core@example.com', { exact: false }).waitFor();
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});
