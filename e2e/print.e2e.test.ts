/**
 * A printed page (a shopper prints the cart or an article to keep): its content under the
 * shop's name. The header's rows other than the logo, its flyouts and overlay, the footer, the
 * app banner and the staff's button are left out, and nothing fixed stands over the text on
 * every sheet, also when the header was stuck at the window's top while the page was scrolled.
 */
import type { Browser, Page } from 'playwright-core';
import { addBarista, scrollToPageEnd, useShopInBrowser, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

/** The shown elements that stay fixed in the window (on paper: on every sheet). */
function fixedElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => getComputedStyle(element).position === 'fixed' && element.getClientRects().length > 0)
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`),
  );
}

const shown = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => elements.some((element) => element.getClientRects().length > 0));

/**
 * The printed page (print media emulated): the logo shows, none of `leftOut`, the page's heading
 * and its first product tile do, and the heading follows the logo with no room kept for the
 * header's rows between them.
 */
async function expectPrintedUnderLogo(page: Page, logoSelector: string, leftOut: string[]): Promise<void> {
  const logo = page.locator(logoSelector);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(logo.isVisible()).resolves.toBe(true);
  for (const part of leftOut) {
    expect([part, await shown(page, part)]).toEqual([part, false]);
  }
  await expect(heading.isVisible()).resolves.toBe(true);
  await expect(page.locator('.shell-card').first().isVisible()).resolves.toBe(true);
  const [logoBox, headingBox] = await Promise.all([logo.boundingBox(), heading.boundingBox()]);
  expect(logoBox && headingBox && headingBox.y - (logoBox.y + logoBox.height) < 100).toBe(true);
}

test('printed while the header is stuck, a page is its content under the logo: no header rows, footer or app banner, nothing fixed', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 700 } });
  await page.goto(shop.url);
  await page.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  await addBarista(page);
  await scrollToPageEnd(page);
  await page.locator('.sft-footer').waitFor();
  await page.locator('.shd-header--stuck').waitFor();
  // On screen the stuck header stands fixed in the window.
  await expect(fixedElements(page)).resolves.toEqual(expect.arrayContaining([expect.stringContaining('shd-header--stuck')]));

  await page.emulateMedia({ media: 'print' });
  await expect(fixedElements(page)).resolves.toEqual([]);
  await expectPrintedUnderLogo(page, '.shd-logo', ['.shd-header__benefits', '.shd-icon-bar', '.shd-nav', '.sft-footer', '#shell-footer', '.shell-skip']);

  // The cart page prints its line with its price.
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${shop.url}/cart?step=shopping_cart`);
  await page.locator('.shd-root .shd-icon-bar').waitFor();
  await page.emulateMedia({ media: 'print' });
  const line = page.locator('main').getByText('Barista Caffè Crema, 1 kg Bohnen').first();
  await expect(line.isVisible()).resolves.toBe(true);
  await expect(page.locator('main .shell-price__current').first().isVisible()).resolves.toBe(true);
  await expect(fixedElements(page)).resolves.toEqual([]);
  await page.close();
});

test('printed without JavaScript, the static header leaves only its logo and the footer is left out', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shop.url);
  await page.emulateMedia({ media: 'print' });
  await expectPrintedUnderLogo(page, '.shell-logo', ['.shell-header__benefits', '.shell-icons', '.shell-header__nav', '#shell-footer', '.shell-skip']);
  await context.close();
});
