/**
 * Two tabs of the shop: a cart change in one shows in the other without a reload (the badge and
 * the mini cart follow the cart the other tab kept), and a login there shows in the header's
 * user menu once the tab is shown again.
 */
import type { Browser } from 'playwright-core';
import { addBarista, useShopInBrowser, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

const badge = (page: import('playwright-core').Page) =>
  page.locator('.shd-root .shd-icon-bar__badge').textContent({ timeout: 5000 }).catch(() => null);

test("an add in one tab shows in the other tab's badge and mini cart without a reload", async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(shop.url);
  await second.goto(shop.url);
  await second.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  await expect(second.locator('.shd-root .shd-icon-bar__badge').count()).resolves.toBe(0);

  await addBarista(first);
  await second.locator('.shd-root .shd-icon-bar__badge').waitFor();
  await expect(badge(second)).resolves.toBe('1');

  // The second tab's mini cart shows the article, and follows a second add there too.
  await second.locator('.shd-root').getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' }).click();
  await second.getByRole('listitem').filter({ hasText: /Barista Caffè Crema/ }).first().waitFor();
  await addBarista(first);
  await second.locator('.shd-root .shd-icon-bar__badge', { hasText: '2' }).waitFor();
  await context.close();
});

test('a login in one tab shows in the other tab\'s user menu when it is shown again', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto(shop.url);
  await second.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  await first.goto(`${shop.url}/signin?loginRedirect=%2F`);
  const form = first.locator('form[action="/signin"]');
  await form.getByRole('radio', { name: /^Maria Muster/ }).check();
  await Promise.all([first.waitForURL((url) => url.pathname === '/'), form.getByRole('button', { name: 'Anmelden' }).click()]);

  await second.bringToFront();
  await second.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await second.locator('.shd-root').getByRole('button', { name: 'Mein Konto' }).click();
  await second.getByText('Hallo Maria Muster').waitFor();
  await context.close();
});

test('a page the browser brings back from its back/forward cache is loaded again (Safari keeps no-store pages there)', async () => {
  const page = await browser.newPage();
  await page.goto(shop.url);
  await page.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  await page.evaluate(() => Object.assign(window, { leftAsItWas: true }));
  const loadedAgain = page.waitForEvent('load');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await loadedAgain;
  await expect(page.evaluate(() => 'leftAsItWas' in window)).resolves.toBe(false);
  await page.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  await page.close();
});
