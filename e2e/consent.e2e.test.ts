/**
 * The consent manager in headless Chromium (newsletter spec section 7, "Other integrations";
 * section 2, the footer's consent-settings link): every page loads it with its site's domain id
 * (the test variant on this internal host); a first visit shows the banner in the site's
 * language until the shopper chooses; each choice reaches the data layer; the footer's link
 * opens the settings, which work from the keyboard and give the focus back; axe finds no
 * violation.
 */
import type { Browser, Page } from 'playwright-core';
import { expectClean, layoutShiftsBeyond, recordLayoutShifts, useShopInBrowser, scrollToPageEnd, accessibilityViolations, watchPage, type PageWatch, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

/** The DE and PL sites' consent configurations (the core's `consent_domain_id`). */
const DE_ID = '3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a01';
const PL_ID = '3f1c2a7e-5b8d-4e21-9a6f-0d4b7c3e1a05';

/** A first visit: no consent cookie, a data layer as the tag manager would have it. */
async function firstVisit(path: string): Promise<{ page: Page; watch: PageWatch }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.context().clearCookies();
  await page.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  });
  const watch = await watchPage(page);
  await page.goto(shop.url + path);
  return { page, watch };
}

const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer.filter((entry) => (entry as { event?: string }).event === 'consent_update'));
const consentCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'shopConsent')?.value;

test("the consent manager's script and stylesheet come in Brotli, as the build's own files do", async () => {
  const page = await browser.newPage();
  await page.context().clearCookies();
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/service/consent/')) encodings.set(path, response.headers()['content-encoding']);
  });
  await page.goto(shop.url);
  await page.getByRole('region', { name: 'Cookies und Datenschutz' }).waitFor();
  expect(Object.fromEntries(encodings)).toEqual({ '/service/consent/cmp.js': 'br', '/service/consent/cmp.css': 'br' });
  await page.close();
});

test('a first visit shows the banner until the shopper chooses; the choice reaches the data layer and is kept', async () => {
  const { page, watch } = await firstVisit('/');
  const script = page.locator('script[data-domain-script]');
  await expect(script.getAttribute('data-domain-script')).resolves.toBe(`${DE_ID}-test`);
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await banner.waitFor();
  await page.locator('.shd-root').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  // From the keyboard: the focus goes on to the page's content, not out of the page.
  await banner.getByRole('button', { name: 'Nur notwendige' }).focus();
  await page.keyboard.press('Enter');
  await banner.waitFor({ state: 'detached' });
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('content');
  await expect(dataLayer(page)).resolves.toEqual([{ event: 'consent_update', consentGroups: ['C0001'] }]);
  await expect(consentCookie(page)).resolves.toBe('C0001');

  await page.reload();
  await page.locator('.shd-root').waitFor();
  await page.waitForTimeout(300);
  await expect(page.getByRole('region', { name: 'Cookies und Datenschutz' }).count()).resolves.toBe(0);
  await expectClean(watch);
  await page.close();
});

test('the banner waits for its styles: a slow stylesheet does not push the page down and back', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.context().clearCookies();
  // The consent manager's stylesheet comes 400 ms late, as on a slow line.
  await page.route('**/service/consent/cmp.css', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await recordLayoutShifts(page);
  await page.goto(shop.url);
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await banner.waitFor();
  // Styled when it shows: at the bottom of the window, over the page, not in its flow.
  await expect(banner.evaluate((section) => getComputedStyle(section).position)).resolves.toBe('fixed');
  await page.locator('.shd-root').waitFor();
  await page.waitForTimeout(200);
  await expect(layoutShiftsBeyond(page, 0)).resolves.toEqual([]);
  await page.close();
});

test("the footer's link opens the settings: keyboard choice, saved, focus back on the link", async () => {
  const { page, watch } = await firstVisit('/');
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  await page.getByRole('region', { name: 'Cookies und Datenschutz' }).getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect(dataLayer(page)).resolves.toEqual([{ event: 'consent_update', consentGroups: ['C0001', 'C0002', 'C0003', 'C0004'] }]);
  // The focus goes on to the page's content; the view stays where it was.
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolledBefore);

  await scrollToPageEnd(page);
  const link = page.locator('.sft-footer').getByRole('button', { name: 'Cookie-Einstellungen' });
  await link.focus();
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  await settings.waitFor();
  // The stored choice is shown; the necessary group cannot be switched off.
  await expect(settings.getByRole('checkbox', { name: 'Marketing' }).isChecked()).resolves.toBe(true);
  await expect(settings.getByRole('checkbox', { name: 'Notwendig (immer aktiv)' }).isDisabled()).resolves.toBe(true);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Escape leaves the choice as it was.
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'hidden' });
  // The dialog's close event (which gives the focus back) is a task after the dialog hides.
  await page.waitForFunction((button) => button === document.activeElement, await link.elementHandle(), { timeout: 2000 });
  await expect(dataLayer(page)).resolves.toHaveLength(1);

  // Marketing and comfort off, from the keyboard.
  await page.keyboard.press('Enter');
  await settings.waitFor();
  await settings.getByRole('checkbox', { name: 'Komfort' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await settings.getByRole('button', { name: 'Auswahl speichern' }).focus();
  await page.keyboard.press('Enter');
  await settings.waitFor({ state: 'hidden' });
  // The dialog's close event (which gives the focus back) is a task after the dialog hides.
  await page.waitForFunction((button) => button === document.activeElement, await link.elementHandle(), { timeout: 2000 });
  await expect(dataLayer(page)).resolves.toEqual([
    { event: 'consent_update', consentGroups: ['C0001', 'C0002', 'C0003', 'C0004'] },
    { event: 'consent_update', consentGroups: ['C0001', 'C0002'] },
  ]);
  await expect(consentCookie(page)).resolves.toBe(encodeURIComponent('C0001,C0002'));
  await expectClean(watch);
  await page.close();
});

test('on a phone the first tap on "Alle akzeptieren" moves the focus on without scrolling the page', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
  await context.clearCookies();
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await banner.waitFor();
  await page.locator('.shd-root').waitFor();
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  await banner.getByRole('button', { name: 'Alle akzeptieren' }).tap();
  await banner.waitFor({ state: 'detached' });
  await expect(dataLayer(page)).resolves.toEqual([{ event: 'consent_update', consentGroups: ['C0001', 'C0002', 'C0003', 'C0004'] }]);
  // The focus went where it goes (the page's main content), the view did not follow it.
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('content');
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolledBefore);
  await expectClean(watch);
  await context.close();
});

test.each([
  [390, 700],
  [1280, 800],
])('at %i x %i no control the keyboard reaches lies wholly under the banner: the page scrolls it above, to its very end', async (width, height) => {
  const { page, watch } = await firstVisit('/');
  await page.setViewportSize({ width, height });
  const banner = page.getByRole('region', { name: 'Cookies und Datenschutz' });
  await banner.waitFor();
  await page.locator('.shd-root').waitFor();
  await scrollToPageEnd(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const hidden: string[] = [];
  let reachedFooter = false;
  for (let press = 0; press < 150; press += 1) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const focused = document.activeElement;
      const cover = document.querySelector('.cmp-banner');
      if (!focused || focused === document.body || !cover || cover.contains(focused)) return { name: null, under: false, footer: false };
      const box = focused.getBoundingClientRect();
      const over = cover.getBoundingClientRect();
      const under = box.top >= over.top && box.bottom <= over.bottom && box.left >= over.left && box.right <= over.right;
      return { name: (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40), under, footer: !!focused.closest('.sft-footer') };
    });
    if (state.under && state.name !== null) hidden.push(state.name);
    reachedFooter ||= state.footer;
  }
  expect(reachedFooter).toBe(true);
  expect(hidden).toEqual([]);
  await expectClean(watch);
  await page.close();
});

test("each site loads its own configuration and speaks the site's language", async () => {
  const { page, watch } = await firstVisit('/pl/');
  await expect(page.locator('script[data-domain-script]').getAttribute('data-domain-script')).resolves.toBe(`${PL_ID}-test`);
  const banner = page.getByRole('region', { name: 'Pliki cookie i ochrona danych' });
  await banner.waitFor();
  await banner.getByRole('button', { name: 'Ustawienia' }).click();
  const settings = page.getByRole('dialog', { name: 'Ustawienia plików cookie' });
  // The settings stand in for the banner; closing them without a choice brings it back.
  await banner.waitFor({ state: 'hidden' });
  await settings.getByRole('button', { name: 'Zamknij' }).click();
  await banner.waitFor();
  await expect(banner.getByRole('button', { name: 'Ustawienia' }).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  await page.keyboard.press('Enter');
  await settings.getByRole('checkbox', { name: 'Statystyka' }).check();
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  await settings.getByRole('button', { name: 'Zapisz wybór' }).click();
  await banner.waitFor({ state: 'detached' });
  await expect(dataLayer(page)).resolves.toEqual([{ event: 'consent_update', consentGroups: ['C0001', 'C0002'] }]);
  // The banner that opened the settings is gone: the focus goes to the page's content.
  // (The dialog's close event, which moves the focus, comes a task after the choice.)
  await page.waitForFunction(() => document.activeElement?.id === 'content');
  // Without pulling the view down to the content's top.
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolledBefore);
  await expectClean(watch);
  await page.close();
});
