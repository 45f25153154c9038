/**
 * A phone's finger on the header: a tap on the page overlay only closes the flyout (the tap does
 * not reach the product or the add-to-cart button beneath it), and on a phone held sideways the
 * user menu and the navigation's flyout keep to the window, their own content scrolling to the
 * last link (the page beneath cannot be scrolled to it: the navigation freezes it).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useShopInBrowser, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

async function phone(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(shop.url);
  await page.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  return { context, page };
}

/** The panel a header button controls. */
const panelOf = async (page: Page, name: string) => {
  const button = page.locator('.shd-root').getByRole('button', { name, exact: true });
  return { button, panel: page.locator(`[id="${await button.getAttribute('aria-controls')}"]`) };
};

test('a tap on the page overlay only closes the flyout: the product beneath is neither opened nor added', async () => {
  const { context, page } = await phone(375, 740);
  const watch = await watchPage(page);
  const tile = page.locator('.shell-card').first();
  await tile.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy({ top: -100, behavior: 'instant' }));
  const { button, panel } = await panelOf(page, 'Mein Konto');
  await button.tap();
  await panel.waitFor();
  await page.locator('.shd-overlay').waitFor();

  // A point of a tile's add-to-cart button or product link that the overlay covers.
  const targets = page.locator('.shell-card button, .shell-card a');
  let point: { x: number; y: number } | undefined;
  for (let index = 0; index < (await targets.count()) && !point; index += 1) {
    const box = await targets.nth(index).boundingBox();
    if (!box) continue;
    // Its middle, or near its left or right end (the flyout may cover the rest of it).
    for (const x of [box.x + box.width / 2, box.x + 8, box.x + box.width - 8]) {
      const probe = { x, y: box.y + box.height / 2 };
      const covered = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('shd-overlay') ?? false, probe);
      if (covered && probe.y < 740) {
        point = probe;
        break;
      }
    }
  }
  expect(point).toBeDefined();
  const before = page.url();
  await page.touchscreen.tap(point!.x, point!.y);
  await expect(panel.isHidden()).resolves.toBe(true);
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
  await expect(page.locator('.shell-card__added').allTextContents()).resolves.toEqual(
    (await page.locator('.shell-card__added').allTextContents()).map(() => ''),
  );
  await expect(page.locator('#shell-cart-badge, .shd-icon-bar__badge').allTextContents()).resolves.not.toContain('1');
  expect(watch.pageErrors).toEqual([]);
  await context.close();
});

test('on a phone held sideways the user menu keeps to the window and scrolls to its last link', async () => {
  const { context, page } = await phone(740, 360);
  const { button, panel } = await panelOf(page, 'Mein Konto');
  await button.tap();
  await panel.waitFor();
  const box = await panel.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(360);
  const last = panel.getByRole('link', { name: 'Hilfe & Service' });
  await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight, behavior: 'instant' }));
  const link = await last.boundingBox();
  expect(link && link.y >= 0 && link.y + link.height <= 360).toBe(true);
  await context.close();
});

test('on a phone held sideways the navigation\'s flyout keeps to the window and scrolls to its last teaser', async () => {
  const { context, page } = await phone(740, 360);
  await page.locator('.shd-root .shd-nav__bar').getByRole('link', { name: 'Kaffee', exact: true }).tap();
  const panel = page.locator('.shd-nav__panel:not([hidden])');
  await panel.waitFor();
  const box = await panel.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(360);
  await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight, behavior: 'instant' }));
  const teaser = await panel.locator('.shd-nav__teaser-link').last().boundingBox();
  expect(teaser && teaser.y + teaser.height <= 360).toBe(true);
  await context.close();
});

test('on a phone the benefits bar keeps one row of its height, which scrolls sideways; a focused benefit is brought wholly into it, one longer than the row from its start', async () => {
  const { context, page } = await phone(375, 740);
  const strip = page.locator('.shd-header__benefits');
  const list = strip.locator('.shd-promo-benefits');
  await list.waitFor();
  const links = list.getByRole('link');
  const count = await links.count();
  expect(count).toBe(4);
  const row = await list.boundingBox();
  for (let index = 0; index < count; index += 1) {
    // Focus (the keyboard's Tab) brings a benefit wholly into the row; one longer than the
    // row (shown whole, not cut) from its start, the rest of it a swipe away.
    await links.nth(index).focus();
    await page.waitForTimeout(100);
    const box = await list.locator('.shd-promo-benefits__item').nth(index).boundingBox();
    const fits = !!box && !!row && box.width <= row.width;
    const shown = fits
      ? box.x >= row.x - 1 && box.x + box.width <= row.x + row.width + 1
      : !!box && !!row && box.x >= row.x - 1 && box.x <= row.x + 4 && box.x + box.width > row.x + row.width;
    expect([index, shown]).toEqual([index, true]);
    expect([index, box && row && box.y >= row.y - 1 && box.y + box.height <= row.y + row.height + 1]).toEqual([index, true]);
  }
  const stripBox = await strip.boundingBox();
  expect(stripBox?.height).toBe(32);
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(375);
  await context.close();
});
