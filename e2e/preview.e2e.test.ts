/**
 * The staff preview panel in headless Chromium, on the assembled shop (newsletter spec section 2
 * "Staff preview panel", sections 4-8): shoppers never load it; staff signed in locally get the
 * "Vorschau-Einstellungen" button; its dialog lists the tests active on the chosen date, needs a
 * group for a chosen test, applies the settings (the preview token cookie is set and the auth
 * check reports them), closes with Escape giving the focus back, passes axe-core, and logging
 * out takes the panel away.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useShopInBrowser, accessibilityViolations, layoutShiftsBeyond, recordLayoutShifts, stylesheetsSettled, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

const panelButton = (page: Page) => page.getByRole('button', { name: 'Vorschau-Einstellungen', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Vorschau-Einstellungen' });

async function signInAsStaff(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${shop.url}/staff?redirect=${encodeURIComponent('/')}`);
  await Promise.all([page.waitForURL(`${shop.url}/`), page.getByRole('button', { name: /^Sign in as/ }).click()]);
  return page;
}

test('shoppers never load the panel', async () => {
  const page = await browser.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await page.locator('.shd-root').waitFor();
  await page.waitForTimeout(300);
  await expect(panelButton(page).count()).resolves.toBe(0);
  expect(watch.requests.filter((url) => url.includes(`:${shop.port + 5}/`) || url.includes('/service/preview/'))).toEqual([]);
  await page.close();
});

test("a page staff print leaves out the panel's button, which on screen stands fixed in the window's corner (ADR 0031)", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await signInAsStaff(context);
  await panelButton(page).waitFor();
  await expect(panelButton(page).evaluate((button) => getComputedStyle(button.closest('.spv-open')!).position)).resolves.toBe('fixed');
  await page.emulateMedia({ media: 'print' });
  await expect(panelButton(page).isVisible()).resolves.toBe(false);
  await context.close();
});

test('on a phone the dialog lies within the screen and every field of it within the dialog', async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await signInAsStaff(context);
  await panelButton(page).click();
  await dialog(page).getByText('Aktuell ist keine Vorschau eingestellt.').waitFor();
  const frame = await dialog(page).boundingBox();
  // Its bottom edge too (a tall dialog scrolls inside).
  expect(frame && frame.y + frame.height).toBeLessThanOrEqual(740);
  const fields = dialog(page).locator('input, select, button');
  await expect(fields.count()).resolves.toBeGreaterThanOrEqual(5);
  for (const box of await Promise.all((await fields.all()).map((field) => field.boundingBox()))) {
    if (!box || !frame) throw new Error('a field or the dialog is not laid out');
    expect([box.x >= frame.x, box.x + box.width <= frame.x + frame.width]).toEqual([true, true]);
  }
  await context.close();
});

test("staff whose browser asks for English get the spec's English panel on the Turkish site, marked as English, and it passes axe", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${shop.url}/staff?redirect=${encodeURIComponent('/tr/')}`);
  await Promise.all([page.waitForURL(`${shop.url}/tr/`), page.getByRole('button', { name: /^Sign in as/ }).click()]);
  const open = page.getByRole('button', { name: 'Preview settings', exact: true });
  await open.click();
  const english = page.getByRole('dialog', { name: 'Preview settings' });
  await english.getByLabel('Date').fill('2026-11-25');
  await english.getByRole('status').getByText('Active tests found.').waitFor();
  await english.getByRole('combobox', { name: 'A/B test', exact: true }).selectOption('checkout-button');
  await english.getByRole('button', { name: 'Set preview settings' }).click();
  await english.getByText('Please also select an A/B test group!').waitFor();
  await expect(english.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).resolves.toBe('en');
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('tr-TR');
  expect(await accessibilityViolations(page)).toEqual([]);
  await context.close();
});

test('staff set a preview date and A/B group from the keyboard, then log out', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await signInAsStaff(context);
  const watch = await watchPage(page);
  await panelButton(page).waitFor();
  await panelButton(page).focus();
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();

  // A date on which two tests run: their list, then a test needs its group.
  await dialog(page).getByLabel('Datum').fill('2026-11-25');
  await dialog(page).getByLabel('Uhrzeit').fill('10:30');
  await dialog(page).getByRole('status').getByText('Aktive Tests gefunden.').waitFor();
  await dialog(page).getByRole('combobox', { name: 'A/B-Test', exact: true }).selectOption('checkout-button');
  // The dialog stays where it is when a message comes (centred, it moved up by half of each).
  const dialogTop = () => dialog(page).evaluate((element) => element.getBoundingClientRect().top);
  const before = await dialogTop();
  await dialog(page).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }).click();
  await dialog(page).getByText('Bitte wähle auch eine A/B-Testgruppe aus!').waitFor();
  await expect(dialogTop()).resolves.toBe(before);
  await dialog(page).getByRole('combobox', { name: /^A\/B-Testgruppe/ }).selectOption('green');
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog(page).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }).click();
  await dialog(page).getByText('Einstellungen erfolgreich übernommen.').waitFor();
  const cookies = await context.cookies(shop.url);
  expect(cookies.find((cookie) => cookie.name === 'previewToken')?.value).toBeTruthy();

  // Escape closes the dialog and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(dialog(page).count()).resolves.toBe(0);
  await expect(panelButton(page).evaluate((button) => button === document.activeElement)).resolves.toBe(true);

  // On the next page the auth check reports the settings.
  await page.reload();
  await panelButton(page).click();
  await dialog(page).getByText('Aktuell eingestellt: 2026-11-25 10:30 · checkout-button · green').waitFor();

  // Another date: the list is asked again and the group starts over.
  await dialog(page).getByLabel('Datum').fill('2027-04-01');
  await dialog(page).getByRole('status').getByText('Aktive Tests gefunden.').waitFor();
  const tests = await dialog(page).getByRole('combobox', { name: 'A/B-Test', exact: true }).locator('option').allTextContents();
  expect(tests).toEqual(['Test auswählen …', 'Keiner', 'newsletter-voucher', 'search-suggestions']);

  await dialog(page).getByRole('button', { name: 'Abmelden' }).click();
  await panelButton(page).waitFor({ state: 'detached' });
  const after = await context.cookies(shop.url);
  expect(after.some((cookie) => cookie.name === 'staffAuth' && cookie.value !== '')).toBe(false);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await context.close();
});

test("staff preview a date: the home page's promotions of that day show at once, the logout brings back today's", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await signInAsStaff(context);
  const watch = await watchPage(page);
  const topBanner = page.locator('.shd-header__top-banner');
  await topBanner.getByText('10 % Rabatt auf Kaffee').waitFor();

  await panelButton(page).click();
  await dialog(page).getByLabel('Datum').fill('2027-12-05');
  await dialog(page).getByLabel('Uhrzeit').fill('10:00');
  await dialog(page).getByRole('combobox', { name: 'A/B-Test', exact: true }).selectOption('None');
  await dialog(page).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }).click();
  await dialog(page).getByText('Einstellungen erfolgreich übernommen.').waitFor();
  // Without a reload: the December 2027 campaign replaces today's banner.
  await topBanner.getByText('Adventskalender: jeden Tag ein Angebot').waitFor();
  await expect(topBanner.getByRole('link', { name: 'Zum Adventskalender' }).getAttribute('href')).resolves.toBe('/themenwelten/barista-zu-hause');

  await dialog(page).getByRole('button', { name: 'Abmelden' }).click();
  await topBanner.getByText('10 % Rabatt auf Kaffee').waitFor();
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await context.close();
});

test("staff preview an A/B test group: the home page's phase integration shows the group's variant at once, and passes axe", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await signInAsStaff(context);
  const watch = await watchPage(page);
  const phase = page.locator('[data-promotion-slot="phase-weekly"] .shd-promo-surface');
  await phase.getByText('Die neue Themenwelt: Barista zu Hause').waitFor();

  await panelButton(page).click();
  await dialog(page).getByLabel('Datum').fill('2026-12-10');
  await dialog(page).getByLabel('Uhrzeit').fill('12:00');
  await dialog(page).getByRole('status').getByText('Aktive Tests gefunden.').waitFor();
  await dialog(page).getByRole('combobox', { name: 'A/B-Test', exact: true }).selectOption('christmas-teaser');
  await dialog(page).getByRole('combobox', { name: /^A\/B-Testgruppe/ }).selectOption('snow');
  await dialog(page).getByRole('button', { name: 'Vorschau-Einstellungen setzen' }).click();
  await dialog(page).getByText('Einstellungen erfolgreich übernommen.').waitFor();
  await page.keyboard.press('Escape');
  // Without a reload: the group's variant replaces the promotion everybody else sees.
  await phase.getByText('Winterzauber: Kaffee für kalte Tage').waitFor();
  await expect(phase.getByRole('link', { name: 'Zu den Wintersorten' }).getAttribute('href')).resolves.toBe('/kaffee');
  await phase.scrollIntoViewIfNeeded();
  await expect(accessibilityViolations(page)).resolves.toEqual([]);

  // A shopper at the same time sees the promotion.
  const shopper = await browser.newPage();
  await shopper.goto(shop.url);
  await shopper.locator('[data-promotion-slot="phase-weekly"] .shd-promo-surface').getByText('Die neue Themenwelt: Barista zu Hause').waitFor();
  await shopper.close();
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await context.close();
});

for (const width of [390, 1280]) {
  test(`at ${width} px a previewed group's voucher phase integration is in the page as the server renders it, and the fragment's takes its place without a shift`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await signInAsStaff(context);
    // The group "lights" of December 2026: on DE its variant offers a voucher code, with small print.
    // (As the panel asks: the page's CSRF cookie repeated in its header.)
    const csrf = (await context.cookies(shop.url)).find((cookie) => cookie.name === 'csrf')?.value ?? '';
    const token = await page.request.get(`${shop.url}/service/preview/api/token?test=christmas-teaser&group=lights&dateTime=2026-12-10T12:00`, {
      headers: { 'x-csrf-token': csrf },
    });
    expect(token.status()).toBe(200);
    await page.route(/\/service\/promotion\/api\/promotion\/phase-weekly/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await recordLayoutShifts(page);
    await page.goto(shop.url, { waitUntil: 'commit' });
    const slot = page.locator('[data-promotion-slot="phase-weekly"]');
    const copy = slot.locator('[data-static-promotion]');
    await copy.getByText('LICHTER15', { exact: true }).waitFor();
    await stylesheetsSettled(page);
    await copy.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    const measure = (element: Element) => {
      const top = element.getBoundingClientRect().top;
      const at = (selector: string) => {
        const found = element.querySelector(selector);
        return found ? Math.round(found.getBoundingClientRect().top - top) : -1;
      };
      return { height: Math.round(element.getBoundingClientRect().height), code: at('code'), smallPrint: at('[class*="small-print"]') };
    };
    const copied = await copy.evaluate(measure);
    const banner = slot.locator('.shd-promo-surface');
    await banner.getByRole('button', { name: 'Code kopieren' }).waitFor();
    await copy.waitFor({ state: 'hidden' });
    expect(await banner.evaluate(measure)).toEqual(copied);
    await page.waitForTimeout(300);
    expect(await layoutShiftsBeyond(page, 0.001)).toEqual([]);
    await context.close();
  });
}
