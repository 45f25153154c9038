/**
 * The assembled shop in headless Chromium: the shell page, the header fragment with its cart
 * flyout holding the mini cart (each from its own origin), the cart service on SQLite.
 */
import type { Browser, Page } from 'playwright-core';
import { addBarista, BARISTA, expectClean, useShopInBrowser, accessibilityViolations, startShop, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running), { resetFaults: true });

/** The header's cart link (its name says the count). */
const cartLink = (page: Page) => page.locator('.shd-root').getByRole('link', { name: /^Warenkorb/ });

/** The badge on the header's cart icon: its text, or null when hidden. */
async function badge(page: Page): Promise<string | null> {
  await page.locator('.shd-root').waitFor();
  const element = page.locator('.shd-icon-bar__badge');
  return (await element.count()) === 0 ? null : element.textContent();
}

/** Opens the header's cart flyout with its keyboard button; the mini cart shows in it. */
/** Adds the page's tiles at `indexes` to the cart, one after the other, each confirmed in its tile. */
async function addTiles(page: Page, indexes: number[]) {
  for (const index of indexes) {
    const tile = page.locator('.shell-card').nth(index);
    await tile.locator('.shell-add').click();
    await tile.locator('.shell-card__added').filter({ hasText: /./ }).waitFor();
  }
}

async function openMiniCart(page: Page) {
  // The header fragment's toggle (the static header has one with the same name until it arrives).
  await page.locator('.shd-root').getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' }).click();
  const panel = page.getByRole('region', { name: /^Warenkorb/ });
  await panel.waitFor();
  return panel;
}

test('a shopper adds a product, sees it in the mini cart at the DE price, deletes it, undoes, deletes again', async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  const firstCartRead = page.waitForRequest(
    (request) => request.method() === 'GET' && new URL(request.url()).pathname === '/service/cart/api/cart',
  );
  await page.goto(shop.url);
  // The header fragment is in (and listens for the page's reload events); its mini cart is not.
  await page.locator('.shd-root .shd-icon-bar__cart').waitFor();

  await addBarista(page);
  await expect(badge(page)).resolves.toBe('1');
  // The add asked the page to reload the cart before the mini cart was there: its first read is
  // that reload, with force (header spec section 7).
  expect(new URL((await firstCartRead).url()).search).toBe('?forceReload=true');
  await expect(page.locator('.shd-root').getByRole('link', { name: 'Warenkorb, 1 Artikel' }).count()).resolves.toBe(1);

  const dialog = await openMiniCart(page);
  const line = dialog.getByRole('listitem').filter({ hasText: BARISTA });
  await line.waitFor();
  // DE: no currency symbol, dot thousands, comma decimals.
  await expect(line.getByText('16,99', { exact: true }).count()).resolves.toBe(1);
  await expect(dialog.getByText('statt 19,99').count()).resolves.toBe(1);

  await line.getByRole('button', { name: /entfernen$/ }).click();
  await line.locator('s', { hasText: BARISTA }).waitFor();
  const undo = line.getByRole('button', { name: /rückgängig machen/ });
  await undo.waitFor();
  await expect(badge(page)).resolves.toBeNull();

  await undo.click();
  await line.getByRole('button', { name: /entfernen$/ }).waitFor();
  await expect(line.locator('s').count()).resolves.toBe(0);
  await expect(badge(page)).resolves.toBe('1');

  await line.getByRole('button', { name: /entfernen$/ }).click();
  await line.getByRole('button', { name: /rückgängig machen/ }).waitFor();

  // One core for the header, the mini cart and the shell.
  const wasm = watch.requests.filter((url) => url.endsWith('.wasm'));
  expect(wasm).toHaveLength(1);

  // The service agrees: the cart is empty after a reload.
  await page.reload();
  await page.locator('.shd-root').waitFor();
  await expect(page.locator('.shd-root').getByRole('link', { name: 'Warenkorb', exact: true }).count()).resolves.toBe(1);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await expect(watch.cspViolations()).resolves.toEqual([]);
  await page.close();
});

/** What asked for each of the page's resources whose address ends in `suffix` (`link` for a preload, `fetch`, `script`). */
function initiators(page: Page, suffix: string): Promise<string[]> {
  return page.evaluate(
    (end) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith(end))
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    suffix,
  );
}

/** Which host provided the page's Module Federation runtime to its remotes (ADR 0026). */
function runtimeProvider(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () => (globalThis as { _FEDERATION_RUNTIME_CORE_FROM?: { name?: string } })._FEDERATION_RUNTIME_CORE_FROM?.name,
  );
}

test.each([1024, 1440])('at %i px removing a line in the mini cart moves none of the lines below it, nor does its Undo', async (width) => {
  const page = await browser.newPage({ viewport: { width, height: 1000 } });
  await page.goto(shop.url);
  await addTiles(page, [0, 1, 2]);
  const panel = await openMiniCart(page);
  const lines = panel.locator('.smc-line');
  await expect(lines.count()).resolves.toBe(3);
  const tops = () => lines.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  const before = await tops();
  await lines.first().getByRole('button', { name: /entfernen$/ }).click();
  const undo = lines.first().getByRole('button', { name: /rückgängig machen$/ });
  await undo.waitFor();
  await expect(tops()).resolves.toEqual(before);
  await undo.click();
  await lines.first().getByRole('button', { name: /entfernen$/ }).waitFor();
  await expect(tops()).resolves.toEqual(before);
  await page.close();
});

test.each([1280])("at %i px the best price's \"i\" stands after the text's last word, not alone on a line", async (width) => {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(shop.url);
  await addTiles(page, [0]);
  const panel = await openMiniCart(page);
  const best = panel.locator('.smc-price__best');
  const info = best.getByRole('button', { name: 'Hinweis zum niedrigsten Preis' });
  const [text, button] = await Promise.all([best.boundingBox(), info.boundingBox()]);
  if (!text || !button) throw new Error('the best price or its "i" is not laid out');
  // Alone on its line it would stand at the line's start (only its own 4 px margin before it).
  expect(button.x).toBeGreaterThan(text.x + 16);
  await page.close();
});

test.each([700])("at %i px a product tile's best price \"i\" stands after the text's last word, not alone on a line; opened, its text wraps in the tile", async (width) => {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(shop.url);
  const best = page.locator('.shell-card').filter({ hasText: BARISTA }).locator('.shell-price__best');
  const info = best.locator('summary');
  const [text, button] = await Promise.all([best.boundingBox(), info.boundingBox()]);
  if (!text || !button) throw new Error('the best price or its "i" is not laid out');
  expect(button.x).toBeGreaterThan(text.x + 16);
  await info.click();
  const opened = await best.locator('.shell-price__info-text').boundingBox();
  expect(opened && opened.x + opened.width <= text.x + text.width + 1).toBe(true);
  await page.close();
});

test.each([900, 760])("at 1440 x %i with four lines the mini cart's ways to the cart and the checkout stay in view, and a line's Remove reached by Tab is never hidden under them", async (height) => {
  const page = await browser.newPage({ viewport: { width: 1440, height } });
  await page.goto(shop.url);
  // The home page's first articles but the two sold out (the fourth and fifth).
  await addTiles(page, [0, 1, 2, 5]);
  const panel = await openMiniCart(page);
  await expect(panel.locator('.smc-line').count()).resolves.toBe(4);
  const inView = (name: string) =>
    panel.getByRole('link', { name }).evaluate((link) => {
      const box = link.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.bottom <= window.innerHeight && !!hit && link.contains(hit);
    });
  await expect(inView('Zum Warenkorb')).resolves.toBe(true);
  await expect(inView('Direkt zur Kasse')).resolves.toBe(true);
  // Tab through the lines' Remove buttons: the focused one is not hidden under the ways on (the
  // last lies below the flyout's fold until reached, and is scrolled up above them).
  const hidden = (button: Element) => {
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
    return !hit || !button.contains(hit);
  };
  const removes = panel.locator('.smc-line').getByRole('button', { name: /entfernen$/ });
  await removes.first().focus();
  for (let index = 0; index < 4; index++) {
    const focused = removes.nth(index);
    while (!(await focused.evaluate((button) => button === document.activeElement))) await page.keyboard.press('Tab');
    await expect(focused.evaluate(hidden)).resolves.toBe(false);
  }
  await page.close();
});

test("the soft edge over the mini cart's ways on shows only while lines lie under them", async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 760 } });
  await page.goto(shop.url);
  await addTiles(page, [0]);
  let panel = await openMiniCart(page);
  // The edge is the shadow that reaches above the buttons (a negative y offset).
  const edge = () => panel.locator('.smc-actions').evaluate((actions) => getComputedStyle(actions).boxShadow.includes(' -8px '));
  const scroller = () => page.locator('.smc-flyout');
  await expect(edge()).resolves.toBe(false);
  await page.keyboard.press('Escape');
  await addTiles(page, [1, 2, 5]);
  panel = await openMiniCart(page);
  await expect(panel.locator('.smc-line').count()).resolves.toBe(4);
  await expect(scroller().evaluate((element) => element.scrollHeight > element.clientHeight + 40)).resolves.toBe(true);
  await expect(edge()).resolves.toBe(true);
  await scroller().evaluate((element) => element.scrollTo({ top: element.scrollHeight, behavior: 'instant' }));
  await page.waitForFunction(() => {
    const actions = document.querySelector('.smc-actions');
    return !!actions && !getComputedStyle(actions).boxShadow.includes(' -8px ');
  });
  await page.close();
});

test('the mini cart comes from another origin than the page; the .wasm and each manifest are fetched once, the .wasm and the header\'s manifest with the page', async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await addBarista(page);
  await openMiniCart(page);
  const pageOrigin = new URL(shop.url).origin;
  const remote = watch.requests.filter((url) => url.includes('mf-manifest.json') || url.includes('remoteEntry.js'));
  expect(remote.length).toBeGreaterThan(0);
  for (const url of remote) expect(new URL(url).origin).not.toBe(pageOrigin);
  expect(watch.requests.filter((url) => url.endsWith('.wasm'))).toHaveLength(1);
  // Asked for by the page's preload link, not only once the scripts that load it have run;
  // the core's own fetch took that answer (one request above).
  await expect(initiators(page, '.wasm')).resolves.toEqual(['link']);
  // Each remote's manifest is fetched once (the header's and the mini cart's here); the
  // header's with the page, by its preload link, which the runtime's own fetch took.
  const manifests = watch.requests.filter((url) => url.endsWith('/mf-manifest.json'));
  expect(manifests.length).toBeGreaterThanOrEqual(2);
  expect(new Set(manifests).size).toBe(manifests.length);
  await expect(initiators(page, '/mf-manifest.json').then((kinds) => kinds.filter((kind) => kind === 'link'))).resolves.toEqual(['link']);
  // One Module Federation runtime on the page (ADR 0026): the header and the mini cart run on
  // the one the shell provides, and no remote brought a copy of its own.
  await expect(runtimeProvider(page)).resolves.toBe('shell');
  expect(watch.consoleErrors).toEqual([]);
  await expect(watch.cspViolations()).resolves.toEqual([]);
  await page.close();
});

test('with the cart service failing, the delete rolls back and the error shows', async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await addBarista(page);
  const dialog = await openMiniCart(page);
  const line = dialog.getByRole('listitem').filter({ hasText: BARISTA });
  await line.waitFor();

  await shop.faults({ cartChange: 'CARTSTORAGE_UNAVAILABLE' });
  await line.getByRole('button', { name: /entfernen$/ }).click();
  const alert = dialog.getByRole('alert');
  await alert.getByText(/nicht geändert werden/).waitFor();
  // Rolled back: shown normally, Remove offered again, still in the badge.
  await expect(line.locator('s').count()).resolves.toBe(0);
  await line.getByRole('button', { name: /entfernen$/ }).waitFor();
  await expect(badge(page)).resolves.toBe('1');
  await expect(alert.isVisible()).resolves.toBe(true);
  // The service's 503 is the expected failure; nothing else went wrong.
  expect(watch.consoleErrors.filter((text) => !text.includes('503'))).toEqual([]);
  await page.close();
});

test('axe-core finds no violation on the page and in the open mini cart', async () => {
  const page = await browser.newPage();
  await page.goto(shop.url);
  await expect(accessibilityViolations(page)).resolves.toEqual([]);
  await addBarista(page);
  const dialog = await openMiniCart(page);
  const line = dialog.getByRole('listitem').first();
  await line.waitFor();
  await expect(accessibilityViolations(page)).resolves.toEqual([]);
  // A removed line, while Undo is offered, is as readable as any other.
  await line.getByRole('button', { name: /entfernen$/ }).click();
  await line.getByRole('button', { name: /rückgängig machen$/ }).waitFor();
  await expect(accessibilityViolations(page)).resolves.toEqual([]);
  await line.getByRole('button', { name: /rückgängig machen$/ }).click();
  await line.getByRole('button', { name: /entfernen$/ }).waitFor();
  // Esc closes and gives focus back to the cart preview button.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent)).resolves.toMatch(
    /Warenkorb-Vorschau anzeigen/,
  );
  await page.close();
});

test('every site is reachable under its prefix and the interface language follows', async () => {
  const page = await browser.newPage();
  const expectations: [string, string, RegExp][] = [
    ['/', 'de-DE', /^In den Warenkorb$/],
    ['/at/', 'de-AT', /^In den Warenkorb$/],
    ['/ch-fr/', 'fr-CH', /panier/i],
    ['/pl/', 'pl-PL', /koszyk/i],
    ['/tr/', 'tr-TR', /sepet/i],
  ];
  for (const [path, lang, addLabel] of expectations) {
    await page.goto(shop.url + path);
    await expect(page.getAttribute('html', 'lang')).resolves.toBe(lang);
    await expect(page.locator('.shell-add').first().textContent()).resolves.toMatch(addLabel);
  }
  // Each site's catalogue in its currency (CZ and HU without decimals, space thousands).
  await page.goto(`${shop.url}/ch/`);
  await expect(page.locator('.shell-price__current').first().textContent()).resolves.toBe('CHF\u00a019.90');
  await page.goto(`${shop.url}/cz/`);
  // The machine's price is promotional, and says so in Czech to a screen reader.
  await expect(page.locator('.shell-card').nth(1).locator('.shell-price__current').textContent()).resolves.toBe('Akční cena 7\u00a0499\u00a0Kč');
  await page.close();
});

test("each site is its own shop: HU's catalogue in Hungarian and forints, its own cart, DE's cart apart", async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(`${shop.url}/hu/`);
  const coffee = page.locator('.shell-card').filter({ hasText: 'Barista Caffè Crema szemes kávé, 1 kg' });
  await expect(coffee.locator('.shell-price__current').textContent()).resolves.toBe('6\u00a0790\u00a0Ft');
  // The buttons of the first row stand at one height, and stay there when the tile's "added"
  // line takes two lines.
  const firstRow = () => page.locator('.shell-products').first().locator('.shell-add').evaluateAll((buttons) => {
    const tops = buttons.map((button) => Math.round(button.getBoundingClientRect().top));
    const rowEnd = buttons.findIndex((button) => button.getBoundingClientRect().left <= buttons[0].getBoundingClientRect().left && button !== buttons[0]);
    return tops.slice(0, rowEnd === -1 ? tops.length : rowEnd);
  });
  const before = await firstRow();
  expect(before.length).toBeGreaterThan(1);
  expect(new Set(before).size).toBe(1);
  await coffee.getByRole('button').click();
  await coffee.locator('.shell-card__added').filter({ hasText: /Barista/ }).waitFor();
  await expect(coffee.locator('.shell-card__added').evaluate((line) => line.getClientRects()[0].height > 30)).resolves.toBe(true);
  await expect(firstRow()).resolves.toEqual(before);
  await expect(badge(page)).resolves.toBe('1');

  await page.locator('.shd-root').getByRole('button', { name: 'Kosár előnézetének megjelenítése' }).click();
  const panel = page.getByRole('region', { name: /^Kosár/ });
  const line = panel.getByRole('listitem').filter({ hasText: 'Barista Caffè Crema szemes kávé, 1 kg' });
  await line.waitFor();
  await expect(line.getByText('6\u00a0790\u00a0Ft', { exact: true }).count()).resolves.toBe(1);
  // Its link stays on the Hungarian site.
  await expect(line.getByRole('link').first().getAttribute('href')).resolves.toBe('/hu/p/400001');
  // The summary's amounts stand in one column, the total's too (it has the VAT note under it).
  const rightEdges = await panel.locator('.smc-summary dd').evaluateAll((amounts) =>
    amounts.map((amount) => {
      const range = document.createRange();
      range.selectNodeContents(amount.firstChild ?? amount);
      return Math.round(range.getBoundingClientRect().right);
    }),
  );
  expect(rightEdges.length).toBeGreaterThanOrEqual(2);
  expect(new Set(rightEdges).size).toBe(1);
  await page.keyboard.press('Escape');

  // DE: another cart, empty; the HU cart is untouched when the shopper comes back.
  await page.goto(shop.url);
  await expect(badge(page)).resolves.toBeNull();
  const german = await openMiniCart(page);
  await german.getByText(/Dein Warenkorb ist leer/).waitFor();
  await page.goto(`${shop.url}/hu/`);
  await expect(badge(page)).resolves.toBe('1');
  await expectClean(watch);
  await page.close();
});

test('page metadata and content headers: noindex, canonical, app links, NO_HEADER / NO_FOOTER', async () => {
  const page = await browser.newPage();
  await page.goto(`${shop.url}/`);
  await expect(page.getAttribute('meta[name=robots]', 'content')).resolves.toBe('noindex');
  await expect(page.locator('link[rel=canonical]').count()).resolves.toBe(1);
  await expect(page.locator('link[rel=alternate][href^="android-app:"]').count()).resolves.toBe(1);
  await expect(page.locator('header#shell-header').count()).resolves.toBe(1);
  await page.goto(`${shop.url}/?contentHeader=NO_HEADER`);
  await expect(page.locator('header#shell-header').count()).resolves.toBe(0);
  await expect(page.locator('footer#shell-footer').count()).resolves.toBe(1);
  await page.goto(`${shop.url}/?contentHeader=NO_FOOTER`);
  await expect(page.locator('footer#shell-footer').count()).resolves.toBe(0);
  await page.close();
});

test('an add-to-cart refused by the service shows the translated limit error in the tile', async () => {
  const page = await browser.newPage();
  await page.goto(shop.url);
  // The sold-out article: AVAILABILITY_LIMIT with limit 0, worded as no longer available.
  const soldOut = page.locator('.shell-card').filter({ hasText: 'Yogamatte' });
  await soldOut.getByRole('button').click();
  await soldOut.getByRole('alert').getByText('Dieses Produkt ist nicht mehr verfügbar.').waitFor();
  await expect(badge(page)).resolves.toBeNull();
  await page.close();
});

test('an add whose answer is lost on the way back: the tile says the cart could not be changed, and the badge says what the cart holds', async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await expect(badge(page)).resolves.toBeNull();
  // The service adds the article; its answer never reaches the page.
  await page.route('**/service/cart/api/cart', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  const tile = page.locator('.shell-card').filter({ hasText: BARISTA });
  await tile.getByRole('button', { name: /in den Warenkorb legen/ }).click();
  await tile.getByRole('alert').getByText(/Aus technischen Gründen/).waitFor();
  await page.locator('.shd-icon-bar__badge', { hasText: '1' }).waitFor();
  await expect(tile.getByRole('button', { name: /in den Warenkorb legen/ }).getAttribute('aria-disabled')).resolves.toBeNull();
  await expectClean(watch, /ERR_CONNECTION_RESET/);
  await page.close();
});

test('an add while the browser is offline keeps the shop in the tab: the tile says the cart could not be changed', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await page.locator('.shd-root').waitFor();
  await context.setOffline(true);
  const tile = page.locator('.shell-card').filter({ hasText: BARISTA });
  await tile.getByRole('button', { name: /in den Warenkorb legen/ }).click();
  await tile.getByRole('alert').getByText(/Aus technischen Gründen/).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('.shd-root').count()).resolves.toBe(1);
  await context.setOffline(false);
  await expectClean(watch, /ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await context.close();
});

test('the plain HTML host page embeds the mini cart through mount() only', async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await addBarista(page);
  await page.goto(`${shop.url}/embed`);
  await page.getByRole('button', { name: 'Warenkorb' }).click();
  const dialog = page.getByRole('dialog', { name: /Warenkorb/ });
  await dialog.getByRole('listitem').filter({ hasText: BARISTA }).waitFor();
  // The drawer slid in from the right in the core's 600 ms (header spec section 9).
  const slide = () => dialog.evaluate((element) => [getComputedStyle(element).animationName, getComputedStyle(element).animationDuration]);
  await expect(slide()).resolves.toEqual(['smc-slide-in', '0.6s']);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // A shopper who asks for less motion gets the drawer without the slide.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Warenkorb' }).click();
  await dialog.waitFor();
  await expect(slide()).resolves.toEqual(['none', '0s']);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // Without the shell, the page's own script provides the runtime the mini cart runs on.
  await expect(runtimeProvider(page)).resolves.toBe('embed_host');
  expect(watch.consoleErrors).toEqual([]);
  await expect(watch.cspViolations()).resolves.toEqual([]);
  await page.close();
});

test("the plain host page on another site (PL) embeds that site's mini cart, in Polish, with the cart kept there", async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(`${shop.url}/pl/`);
  const tile = page.locator('.shell-card').first();
  const title = (await tile.locator('.shell-card__title').textContent())?.trim() ?? '';
  await tile.getByRole('button').click();
  await tile.locator('.shell-card__added').filter({ hasText: /\S/ }).waitFor();
  await page.goto(`${shop.url}/pl/embed`);
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pl-PL');
  await page.getByRole('button', { name: 'Koszyk' }).click();
  const dialog = page.getByRole('dialog', { name: /Koszyk/ });
  await dialog.getByRole('listitem').filter({ hasText: title }).first().waitFor();
  await expect(dialog.getByRole('button', { name: /Usuń/ }).first().isVisible()).resolves.toBe(true);
  // Its ways on stay on the site: the cart page it leads to is PL's, with the same line.
  const hrefs = await dialog.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => href.startsWith('/') && !href.startsWith('/pl/'))).toEqual([]);
  await Promise.all([page.waitForURL(/\/pl\/cart\?step=shopping_cart$/), dialog.getByRole('link', { name: /koszyka/i }).first().click()]);
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pl-PL');
  await page.locator('main').getByText(title).first().waitFor();
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});

test('the plain host page gives up a mini cart that has not come within the time limit: no button appears later', async () => {
  const page = await browser.newPage();
  await page.clock.install();
  // The mini cart's entry is held until the page's 8 s have passed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.port === String(shop.port + 1) && url.pathname.endsWith('/remoteEntry.js'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const gaveUp = page.waitForEvent('console', (message) => message.text().includes('[embed] the mini cart is unavailable'));
  await page.goto(`${shop.url}/embed`);
  await page.clock.runFor(8_000);
  await gaveUp;
  release();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Warenkorb' }).isVisible()).resolves.toBe(false);
  await page.close();
});

test("a host page that makes its rem 10 px (`html { font-size: 62.5% }`) does not shrink the embedded mini cart", async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await addBarista(page);
  const sizes = async (rootFontSize?: string) => {
    await page.goto(`${shop.url}/embed`);
    // The host page's own style (through the CSSOM, which its CSP allows).
    if (rootFontSize) await page.evaluate((size) => document.documentElement.style.setProperty('font-size', size), rootFontSize);
    await page.getByRole('button', { name: 'Warenkorb' }).click();
    const dialog = page.getByRole('dialog', { name: /Warenkorb/ });
    const line = dialog.getByRole('listitem').filter({ hasText: BARISTA });
    await line.waitFor();
    const button = dialog.getByRole('link', { name: 'Zum Warenkorb' });
    return {
      text: await line.getByText(BARISTA).evaluate((element) => getComputedStyle(element).fontSize),
      button: await button.evaluate((element) => [getComputedStyle(element).fontSize, Math.round(element.getBoundingClientRect().height)]),
    };
  };
  const plain = await sizes();
  expect(plain.text).toBe('16px');
  await expect(sizes('62.5%')).resolves.toEqual(plain);
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});

test("a host page's rules for its own elements (`h2 { text-transform: uppercase }`, `button { letter-spacing }`, `img { border }`) do not restyle the embedded mini cart", async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await addBarista(page);
  const looks = async (hostCss?: string) => {
    await page.goto(`${shop.url}/embed`);
    // The host page's own stylesheet, after every other (a constructed one: its CSP allows it).
    if (hostCss) {
      await page.evaluate((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }, hostCss);
    }
    await page.getByRole('button', { name: 'Warenkorb' }).click();
    const dialog = page.getByRole('dialog', { name: /Warenkorb/ });
    const line = dialog.getByRole('listitem').filter({ hasText: BARISTA });
    await line.waitFor();
    const style = (element: Element) => {
      const computed = getComputedStyle(element);
      return [computed.textTransform, computed.letterSpacing, computed.wordSpacing, computed.textIndent, computed.borderTopWidth].join(' ');
    };
    return {
      heading: await dialog.getByRole('heading').first().evaluate(style),
      title: await line.getByText(BARISTA).evaluate(style),
      remove: await line.getByRole('button', { name: /entfernen$/ }).evaluate(style),
      picture: await line.locator('img').first().evaluate(style),
    };
  };
  const own = await looks();
  expect(own.heading).toBe('none normal 0px 0px 0px');
  await expect(
    looks(
      'h1, h2, h3, p, li, span, a { text-transform: uppercase; letter-spacing: 3px; word-spacing: 9px; text-indent: 20px; } ' +
        'button { text-transform: uppercase; letter-spacing: 2px; } img { border: 5px solid green; }',
    ),
  ).resolves.toEqual(own);
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});

describe('with the mini-cart remote stopped', () => {
  let down: Shop;
  beforeAll(async () => {
    down = await startShop({ stoppedFragments: ['minicart'] });
  });
  afterAll(async () => {
    await down?.stop();
  });

  test('the page still renders and works: add to cart, badge, the cart link goes to the cart page', async () => {
    const page = await browser.newPage();
    const watch = await watchPage(page);
    await page.goto(down.url);
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    await addBarista(page);
    await expect(badge(page)).resolves.toBe('1');
    // The mini cart cannot arrive: once that is known, no preview is offered and the cart icon
    // is the link to the cart page.
    await cartLink(page).hover();
    await page.getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' }).waitFor({ state: 'detached' });
    await cartLink(page).click();
    await page.waitForURL(/\/cart\?step=shopping_cart/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Warenkorb');
    expect(watch.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('with the header remote stopped', () => {
  let down: Shop;
  beforeAll(async () => {
    down = await startShop({ stoppedFragments: ['header'] });
  });
  afterAll(async () => {
    await down?.stop();
  });

  test("the static header stays: logo, the fallback navigation, the cart preview's toggle opening the mini cart, the cart icon the cart page", async () => {
    const page = await browser.newPage();
    const watch = await watchPage(page);
    await page.goto(down.url);
    await addBarista(page);
    // The static link follows the count once it has the header's texts for its name.
    await page.locator('#shell-cart-badge').filter({ hasText: '1' }).waitFor();
    await expect(page.locator('#shell-cart').getAttribute('aria-label')).resolves.toBe('Warenkorb, 1 Artikel');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation.getByRole('link').allTextContents()).resolves.toEqual(['Themenwelten', 'Wochenangebote', 'Kaffee', 'Filialen']);
    // The toggle beside the cart (as the fragment has it) opens the mini cart as a dialog; Esc
    // closes it and gives the focus back to the toggle.
    const toggle = page.getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' });
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: /Warenkorb/ });
    await dialog.getByRole('listitem').filter({ hasText: BARISTA }).waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(accessibilityViolations(page)).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('shell-cart-preview');
    // The cart icon itself is the link to the cart page (header spec section 2).
    await page.locator('#shell-cart').click();
    await page.waitForURL(/\/cart\?step=shopping_cart/);
    expect(watch.pageErrors).toEqual([]);
    await page.close();
  });

  test('on the basket page and without scripts there is no toggle; the static cart is a link', async () => {
    const page = await browser.newPage();
    await page.goto(`${down.url}/cart?step=shopping_cart`);
    await expect(page.locator('#shell-cart-preview').count()).resolves.toBe(0);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const withoutScripts = await context.newPage();
    await withoutScripts.goto(down.url);
    await expect(withoutScripts.locator('#shell-cart-preview').isVisible()).resolves.toBe(false);
    await context.close();
    await page.close();
  });
});

test('without JavaScript a product tile still adds to the cart: the page comes back at the tile, which says so, and the badge counts it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shop.url + '/search?query=barista');
  const tile = page.locator('.shell-card').filter({ hasText: BARISTA });
  await tile.getByRole('button', { name: /in den Warenkorb/i }).click();
  await page.waitForURL(/[?&]added=offer-[0-9a-f]+#offer-/);
  await expect(page.locator('.shell-card').filter({ hasText: BARISTA }).getByRole('status').textContent()).resolves.toBe(
    'Barista Caffè Crema, 1 kg Bohnen liegt jetzt im Warenkorb.',
  );
  await expect(page.locator('#shell-cart-badge').textContent()).resolves.toBe('1');
  await expect(page.locator('#shell-cart').getAttribute('aria-label')).resolves.toBe('Warenkorb, 1 Artikel');
  // The search the shopper was on is kept.
  await expect(page.locator('input[name="query"]').inputValue()).resolves.toBe('barista');
  await context.close();
});

test("on a phone the cart page comes back at a removal's notice, 8rem from the top below the header, which sticks at the window's top", async () => {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
  await page.goto(shop.url);
  // Three articles: the cart page is longer than the screen, and opens scrolled to the notice.
  await addTiles(page, [0, 1, 2]);
  await page.goto(`${shop.url}/cart?step=shopping_cart`);
  await page.locator('.shell-cart-line').last().getByRole('button').click();
  const notice = page.locator('#cart-notice');
  await notice.waitFor();
  // The header fragment in, told of the position the page opened at (a loaded page that opens
  // scrolled may see its last scroll event before the header listens).
  // On a loaded machine the header may listen only after that event: it is told again until it
  // sticks (or the page shows where it stands).
  await page.locator('.shd-root').waitFor();
  await page.waitForLoadState('load');
  for (let told = 0; (await page.locator('.shd-header--stuck').count()) === 0; told += 1) {
    if (told === 50) throw new Error(`the header never stuck; the page stands at ${await page.evaluate(() => window.scrollY)} px`);
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(300);
  const eightRem = await page.evaluate(() => 8 * Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
  const measure = () =>
    Promise.all([
      notice.evaluate((element) => element.getBoundingClientRect().top),
      page.locator('.shd-header').evaluate((element) => element.getBoundingClientRect().bottom),
    ]);
  const [noticeTop, headerBottom] = await measure();
  expect(noticeTop).toBeGreaterThanOrEqual(headerBottom);
  // The browser scrolls to the notice again at the page's load, the header perhaps already stuck
  // by then: the notice comes 8rem from the top as before, not the stuck header's height further
  // down (which took a short page to its top).
  await notice.evaluate((element) => element.scrollIntoView());
  await page.waitForTimeout(300);
  const [again, stuckBottom] = await measure();
  await expect(page.locator('.shd-header--stuck').count()).resolves.toBe(1);
  expect(again).toBeGreaterThanOrEqual(stuckBottom);
  expect(Math.abs(again - eightRem)).toBeLessThan(2);
  await page.close();
});

test('the cart page lists the cart as the mini cart does; Remove takes a line out and says so; axe finds no violation', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await addBarista(page);
  await page.goto(`${shop.url}/cart?step=shopping_cart`);
  const line = page.locator('.shell-cart-line').filter({ hasText: BARISTA });
  await expect(line.getByText('Menge: 1').count()).resolves.toBe(1);
  await expect(page.getByRole('link', { name: 'Direkt zur Kasse' }).count()).resolves.toBe(1);
  expect(await accessibilityViolations(page)).toEqual([]);
  await line.getByRole('button', { name: /Barista Caffè Crema, 1 kg Bohnen entfernen/ }).click();
  await page.getByRole('status').getByText('Barista Caffè Crema, 1 kg Bohnen wurde aus dem Warenkorb entfernt.').waitFor();
  await page.getByRole('heading', { name: 'Dein Warenkorb ist leer' }).waitFor();
  await expect(badge(page)).resolves.toBeNull();
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});
