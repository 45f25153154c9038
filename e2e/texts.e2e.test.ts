/**
 * A page loads the interface texts of its own locale only (ADR 0030): each build has its texts
 * in one file per group of tables and locale (`texts.<group>.<locale>.js`). The header's and the
 * design system's come from the page's preloads, beside the core, each fetched once; a fragment
 * that loads later (the mini cart) fetches its own on that need. Texts that do not come leave the
 * page's static header, working.
 */
import type { Browser, Page } from 'playwright-core';
import { addBarista, expectClean, useShopInBrowser, watchPage, type PageWatch, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running), { resetFaults: true });

/** The texts files a page asked for (`texts.<group>.<locale>.js`), as full URLs, in order. */
const textsFiles = (watch: PageWatch) => watch.requests.filter((url) => /\/texts\.[a-z]+\.[A-Za-z-]+\.js$/.test(new URL(url).pathname));

/** A texts file's locale. */
const localeOf = (url: string) => new URL(url).pathname.split('.').slice(-2, -1)[0];

/** How each of the page's texts files came: `link` for one the page preloaded, else `script`. */
const textsInitiators = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => /\/texts\.[a-z]+\.[A-Za-z-]+\.js$/.test(entry.name))
        .map((entry) => [entry.name, entry.initiatorType]),
    ),
  );

test("a Polish page fetches Polish texts only: the header's and the design system's once each, from its preloads, and the mini cart's when it opens", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  await page.goto(`${shop.url}/pl/`);
  // The header speaks Polish from its first showing.
  const toggle = page.locator('.shd-root').getByRole('button', { name: 'Pokaż podgląd koszyka' });
  await toggle.waitFor();
  const header = `${shop.url.replace(/:\d+$/, '')}:${shop.port + 2}/texts.header.pl-PL.js`;
  const ui = `${shop.url}/shell/texts.ui.pl-PL.js`;
  await expect(textsInitiators(page)).resolves.toMatchObject({ [header]: 'link', [ui]: 'link' });

  await toggle.click();
  await page.getByRole('region', { name: /^Koszyk/ }).getByRole('heading', { name: /Koszyk/ }).first().waitFor();
  const files = textsFiles(watch);
  expect(files).toEqual(expect.arrayContaining([header, ui, `${shop.url.replace(/:\d+$/, '')}:${shop.port + 1}/texts.cart.pl-PL.js`]));
  // Each once (a preloaded one is not asked again), and none in another locale.
  expect(new Set(files).size).toBe(files.length);
  expect(new Set(files.map(localeOf))).toEqual(new Set(['pl-PL']));
  // The shell's own texts for a tile's add-to-cart are not asked without one (the static cart
  // link, which follows the count, needs only the header's).
  expect(files.filter((url) => /\/shell\/texts\.(shell|cart)\./.test(url))).toEqual([]);
  await expectClean(watch);
  await page.close();
});

test("the German home page fetches German texts only, the shell's own at a tile's first add to cart", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await page.locator('.shd-root').getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' }).waitFor();
  // The tile's confirmation is in German: the shell's own texts, loaded at that need.
  await addBarista(page);
  const files = textsFiles(watch);
  expect(files).toEqual(expect.arrayContaining([`${shop.url}/shell/texts.shell.de-DE.js`, `${shop.url}/shell/texts.ui.de-DE.js`]));
  expect(new Set(files).size).toBe(files.length);
  expect(new Set(files.map(localeOf))).toEqual(new Set(['de-DE']));
  await expectClean(watch);
  await page.close();
});

/** The DE home page, watched, with one group of texts answered 404 (a deploy half done). */
async function homeWithout(group: string): Promise<{ page: Page; watch: PageWatch }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  await page.route(new RegExp(`/texts\\.${group}\\.de-DE\\.js$`), (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(shop.url);
  return { page, watch };
}

test("the header's texts do not come (a deploy half done): the static header stays, working, and the page says why on its console", async () => {
  const { page, watch } = await homeWithout('header');
  await page.waitForFunction(() => document.readyState === 'complete');
  // The fragment's boundary gave the slot back: no header fragment, the static one in its place.
  await page.waitForFunction(() => document.querySelector('.shd-root') === null && document.querySelector('[data-static-header]') !== null);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.shd-root').count()).resolves.toBe(0);
  await expect(page.locator('.shell-logo').isVisible()).resolves.toBe(true);
  await expect(page.locator('#shell-cart').getAttribute('href')).resolves.toMatch(/\/cart/);
  expect(watch.pageErrors).toEqual([]);
  expect(watch.consoleErrors.some((text) => text.includes('/texts.header.de-DE.js'))).toBe(true);
  await page.close();
});

test("the mini cart's texts do not come: no preview is offered, the cart icon leads to the cart page, no error is left unhandled", async () => {
  const { page, watch } = await homeWithout('cart');
  const toggle = page.locator('.shd-root').getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' });
  await toggle.click();
  // As when the mini cart's remote does not come: the preview goes, the icon is the cart page's link.
  await toggle.waitFor({ state: 'detached' });
  const link = page.locator('.shd-root').getByRole('link', { name: /^Warenkorb/ });
  await link.click();
  await page.waitForURL(/\/cart\?step=shopping_cart/);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Warenkorb');
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});
