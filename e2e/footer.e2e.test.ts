/**
 * The footer fragment in headless Chromium, on the assembled shop (newsletter spec section 2
 * "Footer" and "App-install banner", section 4): it loads when its slot comes near the
 * viewport and takes over from the static footer; its panels and site switcher work from the
 * keyboard; its links stay on the visitor's site; a phone gets collapsed panels and the app
 * banner, whose closing is remembered; the checkout gets the reduced footer; axe-core finds no
 * violation; and a failing footer service leaves the static footer in place.
 */
import type { Browser, Page } from 'playwright-core';
import { expectClean, useShopInBrowser, scrollToPageEnd, accessibilityViolations, layoutShiftsBeyond, recordLayoutShifts, watchPage, type PageWatch, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running), { resetFaults: true });

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

/** The footer fragment (rendered into the shell's footer slot, over the static footer). */
const footer = (page: Page) => page.locator('.sft-footer');
const staticFooter = (page: Page) => page.locator('[data-static-footer]');

async function openPage(path: string, options: { width?: number; userAgent?: string } = {}): Promise<{ page: Page; watch: PageWatch }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: 800 }, userAgent: options.userAgent });
  const watch = await watchPage(page);
  await page.goto(shop.url + path);
  return { page, watch };
}

/** Scrolls to the page's end, where the footer is, and waits for the fragment. */
async function scrollToFooter(page: Page): Promise<void> {
  await scrollToPageEnd(page);
  await footer(page).waitFor();
}

test('the footer takes over from the static footer; panels and the site switcher work from the keyboard; axe finds no violation', async () => {
  const { page, watch } = await openPage('/');
  await scrollToFooter(page);
  await expect(staticFooter(page).isHidden()).resolves.toBe(true);
  await expect(footer(page).getByText('Wir sind für dich da').isVisible()).resolves.toBe(true);

  // A service group: expanded on a wide window; Enter on its button collapses and expands it.
  const group = footer(page).getByRole('button', { name: 'Kundenservice' });
  await expect(group.getAttribute('aria-expanded')).resolves.toBe('true');
  await group.focus();
  await page.keyboard.press('Enter');
  await expect(group.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(footer(page).getByRole('link', { name: 'Kontakt' }).isHidden()).resolves.toBe(true);
  await page.keyboard.press('Space');
  await expect(footer(page).getByRole('link', { name: 'Kontakt' }).isVisible()).resolves.toBe(true);

  // The site switcher: opens from the keyboard, Tab reaches its sites, Escape closes it and
  // gives the focus back.
  const switcher = footer(page).getByRole('button', { name: 'Land und Sprache: Deutschland' });
  await switcher.focus();
  await page.keyboard.press('Enter');
  const sites = footer(page).getByRole('list', { name: 'Land und Sprache' });
  await expect(sites.getByRole('link').count()).resolves.toBe(9);
  await expect(sites.getByRole('link', { name: 'Deutschland' }).getAttribute('aria-current')).resolves.toBe('page');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Deutschland');
  await page.keyboard.press('Escape');
  await expect(switcher.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(switcher.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

  // External links open in a new tab without referrer; the consent settings are a button.
  const facebook = footer(page).getByRole('link', { name: /Facebook/ });
  await expect(facebook.getAttribute('target')).resolves.toBe('_blank');
  await expect(facebook.getAttribute('rel')).resolves.toBe('noopener noreferrer');
  await expect(footer(page).getByRole('button', { name: 'Cookie-Einstellungen' }).isVisible()).resolves.toBe(true);
  // The A/B assignment was asked for when the footer loaded.
  expect(watch.requests.some((url) => url.endsWith('/service/abtestfrontend/api/v1/getassignment'))).toBe(true);
  await expectClean(watch);
  await page.close();
});

test('on AT the footer speaks the site’s links: a service link opens its page, the switcher leads to another site', async () => {
  const { page, watch } = await openPage('/at/');
  await scrollToFooter(page);
  const contact = footer(page).getByRole('link', { name: 'Kontakt' });
  await expect(contact.getAttribute('href')).resolves.toBe('/at/contact');
  await Promise.all([page.waitForURL(`${shop.url}/at/contact`), contact.click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' }).isVisible()).resolves.toBe(true);

  await scrollToFooter(page);
  await footer(page).getByRole('button', { name: 'Land und Sprache: Österreich' }).click();
  await Promise.all([page.waitForURL(`${shop.url}/pl/`), footer(page).getByRole('link', { name: 'Polska' }).click()]);
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('pl-PL');
  await scrollToFooter(page);
  await expect(footer(page).getByRole('button', { name: 'Kraj i język: Polska' }).isVisible()).resolves.toBe(true);
  await expectClean(watch);
  await page.close();
});

test('on a phone the footer loads only near the viewport, its panels start collapsed, and the app banner’s closing is remembered', async () => {
  const { page, watch } = await openPage('/', { width: 390, userAgent: ANDROID });
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  expect(watch.requests.filter((url) => url.includes('SHOP_FOOTER'))).toEqual([]);
  await scrollToFooter(page);

  const group = footer(page).getByRole('button', { name: 'Kundenservice' });
  await expect(group.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(footer(page).getByRole('button', { name: 'Beliebte Kategorien' }).getAttribute('aria-expanded')).resolves.toBe('false');
  await group.click();
  await expect(footer(page).getByRole('link', { name: 'Kontakt' }).isVisible()).resolves.toBe(true);

  const banner = page.getByRole('region', { name: 'Hinweis auf unsere App' });
  await expect(banner.getByText('(89k)').isVisible()).resolves.toBe(true);
  await expect(banner.getByRole('link', { name: /Installieren/ }).getAttribute('href')).resolves.toMatch(/^https:\/\/play\.google\.com\//);
  expect(await accessibilityViolations(page)).toEqual([]);
  // Printed, the banner (fixed at the window's foot) is left out, not put on every sheet (ADR 0031).
  await page.emulateMedia({ media: 'print' });
  await expect(banner.isVisible()).resolves.toBe(false);
  await page.emulateMedia({ media: 'screen' });
  // A host page places the fragment where it likes, outside the shop's footer slot (which the
  // shell leaves out of a print): the footer's own stylesheet leaves the banner out there too.
  await page.evaluate(() => {
    const fragment = document.querySelector('#shell-footer .sft-footer')?.closest('#shell-footer > *');
    if (fragment) document.body.append(fragment);
  });
  await expect(page.locator('#shell-footer .sft-footer').count()).resolves.toBe(0);
  await expect(banner.isVisible()).resolves.toBe(true);
  await page.emulateMedia({ media: 'print' });
  await expect(banner.isVisible()).resolves.toBe(false);
  await page.emulateMedia({ media: 'screen' });
  await banner.getByRole('button', { name: 'App-Hinweis schließen' }).click();
  await expect(banner.count()).resolves.toBe(0);

  await page.reload();
  await scrollToFooter(page);
  await expect(page.getByRole('region', { name: 'Hinweis auf unsere App' }).count()).resolves.toBe(0);
  await expectClean(watch);
  await page.close();
});

test('the checkout gets the reduced footer: no popular categories, social or app icons, newsletter block or checkout-hidden group', async () => {
  const { page, watch } = await openPage('/checkout');
  await scrollToFooter(page);
  await expect(footer(page).getByRole('link', { name: 'Impressum' }).isVisible()).resolves.toBe(true);
  await expect(footer(page).getByRole('button', { name: 'Beliebte Kategorien' }).count()).resolves.toBe(0);
  await expect(footer(page).getByRole('heading', { name: 'Folge uns' }).count()).resolves.toBe(0);
  await expect(footer(page).getByRole('heading', { name: 'Newsletter abonnieren' }).count()).resolves.toBe(0);
  await expect(footer(page).getByRole('button', { name: 'Kundenkarte' }).count()).resolves.toBe(0);
  await expectClean(watch);
  await page.close();
});

test.each([390, 1280])('on a short page at %i px the footer arrives in one piece: a late visitor-data answer moves nothing', async (width) => {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const watch = await watchPage(page);
  // The visitor data (which decides the newsletter block) answers well after the footer document.
  await page.route('**/json/psdata', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await recordLayoutShifts(page);
  // The help page is short: its footer is in view from the start.
  await page.goto(shop.url + '/service-hilfe');
  await footer(page).getByRole('heading', { name: 'Newsletter abonnieren' }).waitFor();
  await page.waitForTimeout(300);
  expect(await layoutShiftsBeyond(page, 0.001)).toEqual([]);
  await expectClean(watch);
  await page.close();
});

test('on a wide window the footer’s content starts where the header’s and the page’s do, static and fragment alike', async () => {
  const { page, watch } = await openPage('/', { width: 1440 });
  const left = async (element: ReturnType<Page['locator']>) => Math.round((await element.boundingBox())?.x ?? -1);
  const logo = page.locator('.shd-logo');
  await logo.waitFor();
  const pageStart = await left(logo);
  expect(pageStart).toBeGreaterThan(16);
  await expect(left(page.locator('main h1').first())).resolves.toBe(pageStart);
  await expect(left(staticFooter(page).getByRole('list').first())).resolves.toBe(pageStart);
  await scrollToFooter(page);
  await expect(left(footer(page).getByRole('button', { name: 'Kundenservice' }))).resolves.toBe(pageStart);
  await expect(left(footer(page).getByRole('link', { name: 'Impressum' }))).resolves.toBe(pageStart);
  await expectClean(watch);
  await page.close();
});

test('when the footer service fails, the static footer stays with its site links and the legal links', async () => {
  await shop.faults({ footer: true });
  const { page, watch } = await openPage('/');
  await scrollToPageEnd(page);
  await page.waitForResponse((response) => response.url().endsWith('/SHOP_FOOTER'));
  await page.waitForTimeout(300);
  await expect(footer(page).count()).resolves.toBe(0);
  await expect(staticFooter(page).isVisible()).resolves.toBe(true);
  await expect(staticFooter(page).getByRole('link', { name: 'AT', exact: true }).getAttribute('href')).resolves.toBe('/at/');
  await expect(staticFooter(page).getByRole('link', { name: 'Impressum' }).getAttribute('href')).resolves.toBe('/impressum');
  await expectClean(watch, /status of 500/);
  await page.close();
});

test('a footer deployed against another React than the page has does not load: the static footer stays, nothing runs on a second React', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  // The footer's team deployed a build made with React 20: its entry asks for ^20.
  await page.route(
    (url) => url.port === String(shop.port + 3) && url.pathname.endsWith('/remoteEntry.js'),
    async (route) => {
      const answer = await route.fetch();
      const body = (await answer.text()).replace(/requiredVersion:"\^19\.[0-9.]+"/g, 'requiredVersion:"^20.0.0"');
      await route.fulfill({ response: answer, body });
    },
  );
  await page.goto(shop.url + '/');
  await scrollToPageEnd(page);
  await page.waitForResponse((response) => response.url().endsWith('/remoteEntry.js') && response.url().includes(String(shop.port + 3)));
  await page.waitForTimeout(500);
  await expect(footer(page).count()).resolves.toBe(0);
  await expect(staticFooter(page).isVisible()).resolves.toBe(true);
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});

test('where the browser cannot register --sui-rem (Safari before 16.4), the legal links and the cookie settings stay targets of 24 px', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  // Every stylesheet without its `@property` rule, as such a browser reads it.
  await page.route(
    (url) => url.pathname.endsWith('.css'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/@property\s+--sui-rem\s*\{[^}]*\}/g, '');
      await route.fulfill({ status: response.status(), contentType: 'text/css', body });
    },
  );
  await page.goto(shop.url);
  await scrollToPageEnd(page);
  await footer(page).locator('.sft-legal').waitFor();
  const targets = footer(page).locator('.sft-legal a, .sft-legal__button');
  await expect(targets.count()).resolves.toBeGreaterThan(2);
  const heights = await targets.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(24);
  await expectClean(watch);
  await page.close();
});
