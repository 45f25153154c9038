/**
 * The smallest phones (320 px wide): no page of the shop scrolls sideways, with every fragment
 * loaded (header, footer, sign-up form), on every site: a word, a header row or a form that does
 * not fit would push the whole page wider than the screen.
 */
import type { Browser, Page } from 'playwright-core';
import { addBarista, useShopInBrowser, scrollToPageEnd, stylesheetsSettled, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

/** How wide the page is, and the first parts that stick out of the window (inside the
 * navigations' own scrollers, the fragment's or the static header's, and the benefits bars' rows,
 * is fine). */
function overflowing(page: Page): Promise<{ pageWidth: number; parts: string[] }> {
  return page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    parts: [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
          !element.closest('.shd-nav, .shell-header__nav, .shd-promo-benefits, .shell-benefits'),
      )
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`)
      .slice(0, 5),
  }));
}

const SITES = ['', '/at', '/ch', '/ch-fr', '/pl', '/cz', '/hu', '/sk', '/tr'];
const PAGES = ['/', '/checkout', '/subscribenewsletter'];
const DE_ONLY = ['/showcase', '/p/400001', '/cart', '/search?query=kaffee', '/agb-s400007325.html', '/signin', '/service/storefinder/search?searchTerm=2'];

test.each([...SITES.flatMap((site) => PAGES.map((page) => site + page)), ...DE_ONLY])('%s fits a 320 px screen', async (path) => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  const watch = await watchPage(page);
  await page.goto(shop.url + path);
  await page.locator('.shd-root, .shd-reduced').first().waitFor();
  await scrollToPageEnd(page);
  await page.locator('.sft-footer').waitFor();
  expect(await overflowing(page)).toEqual({ pageWidth: 320, parts: [] });
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});

test.each([320, 390])('at %i px the home page shows its product tiles two to a row, each inside the screen; a product page its one article at the screen\'s width', async (width) => {
  const page = await browser.newPage({ viewport: { width, height: 640 } });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  const tiles = page.locator('.shell-products > .shell-card');
  await tiles.first().waitFor();
  const [first, second, third] = await Promise.all([0, 1, 2].map((index) => tiles.nth(index).boundingBox()));
  if (!first || !second || !third) throw new Error('the tiles are not laid out');
  // Side by side, each wholly in the window; the third starts the next row.
  expect([second.y === first.y, second.x >= first.x + first.width, second.x + second.width <= width, third.y > first.y]).toEqual([true, true, true, true]);
  // Nothing of a tile wider than the tile (a long compound title, the price, the button).
  await expect(
    tiles.evaluateAll((cards) => cards.filter((card) => [...card.querySelectorAll('*')].some((part) => part.getBoundingClientRect().right > card.getBoundingClientRect().right + 1)).length),
  ).resolves.toBe(0);
  // A product page's one article takes the screen's width (less the page's margins), not half.
  await page.goto(`${shop.url}/p/400001`);
  const article = await tiles.first().boundingBox();
  expect(article && article.width >= width - 40).toBe(true);
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});

test('the header\'s flyouts fit a 320 px screen; the mini cart\'s line stacks its Remove under the text', async () => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await page.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  await addBarista(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const header = page.locator('.shd-root');
  for (const name of ['Suche', 'Filialfinder', 'Mein Konto', 'Warenkorb-Vorschau anzeigen']) {
    const button = header.getByRole('button', { name, exact: true });
    await button.click();
    const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await panel.waitFor();
    if (name.startsWith('Warenkorb')) await panel.getByRole('button', { name: /Barista Caffè Crema, 1 kg Bohnen entfernen/ }).waitFor();
    const box = await panel.boundingBox();
    expect([name, box && box.x >= 0 && box.x + box.width <= 320]).toEqual([name, true]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(320);
    if (name.startsWith('Warenkorb')) {
      const title = await panel.getByRole('link', { name: /Barista Caffè Crema/ }).last().boundingBox();
      const remove = await panel.getByRole('button', { name: /Barista Caffè Crema, 1 kg Bohnen entfernen/ }).boundingBox();
      expect(title && remove && remove.y >= title.y + title.height).toBe(true);
      expect(remove && box && remove.x + remove.width <= box.x + box.width).toBe(true);
    }
    await page.keyboard.press('Escape');
  }
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});

test('the mini cart\'s drawer on a plain host page stacks a line\'s Remove under the text on a 320 px screen', async () => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  await page.goto(shop.url);
  await addBarista(page);
  await page.goto(`${shop.url}/embed`);
  await page.getByRole('button', { name: 'Warenkorb' }).click();
  const drawer = page.getByRole('dialog', { name: /Warenkorb/ });
  const remove = drawer.getByRole('button', { name: /Barista Caffè Crema, 1 kg Bohnen entfernen/ });
  await remove.waitFor();
  await page.waitForTimeout(700); // the drawer's slide-in
  const title = await drawer.getByRole('link', { name: /Barista Caffè Crema/ }).last().boundingBox();
  const button = await remove.boundingBox();
  expect(title && button && button.y >= title.y + title.height && button.x + button.width <= 320).toBe(true);
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(320);
  await page.close();
});

test('the footer\'s site switcher opens wholly in view, below the header that stays at the top', async () => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  await page.goto(`${shop.url}/hu/`);
  await scrollToPageEnd(page);
  const footer = page.locator('.sft-footer');
  await footer.waitFor();
  // A settled page (the home page's phase promotion fills in above the footer), scrolled with
  // the header stuck at the top.
  await page.waitForLoadState('networkidle');
  await page.locator('.shd-header--stuck').waitFor();
  // The country's name stays whole on one line ("Magyarorszá" and "g" on two, before).
  const toggle = footer.getByRole('button', { name: 'Ország és nyelv: Magyarország' });
  await expect(
    toggle.locator('span:not(.sft-sites__flag)').evaluate((name) => {
      const range = document.createRange();
      range.selectNodeContents(name);
      return range.getClientRects().length;
    }),
  ).resolves.toBe(1);
  await toggle.click();
  const first = footer.getByRole('link', { name: 'Deutschland' });
  await first.waitFor();
  const headerBottom = await page.locator('.shd-header').evaluate((element) => element.getBoundingClientRect().bottom);
  await expect(first.evaluate((element) => element.getBoundingClientRect().top)).resolves.toBeGreaterThanOrEqual(headerBottom);
  await page.close();
});

test('without JavaScript the static header, the sign-up form, the cart page and a search for one long word fit a 320 px screen', async () => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/', '/tr/', '/hu/subscribenewsletter', '/cart?step=shopping_cart', '/search?query=Kaffeevollautomatenentkalkertabletten']) {
    await page.goto(shop.url + path);
    expect([path, await overflowing(page)]).toEqual([path, { pageWidth: 320, parts: [] }]);
  }
  await context.close();
});

test("a long e-mail address in the sign-up's confirmation wraps within a 320 px screen, from the fragment and from the page's own form", async () => {
  const address = 'maximilian.mustermann.sehrlangeradresse@beispielunternehmen.de';
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  await page.goto(shop.url + '/subscribenewsletter');
  const field = page.locator('.snl-root').getByRole('textbox', { name: /E-Mail-Adresse/ });
  await field.fill(address);
  await page.locator('.snl-root').getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.locator('.snl-root').getByRole('status').getByText(address, { exact: false }).waitFor();
  expect(await overflowing(page)).toEqual({ pageWidth: 320, parts: [] });
  await page.close();

  const plain = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
  const formPage = await plain.newPage();
  await formPage.goto(shop.url + '/subscribenewsletter');
  await formPage.locator('form.shell-signup__form').getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(address.replace('maximilian', 'moritz'));
  await Promise.all([formPage.waitForLoadState(), formPage.locator('form.shell-signup__form').getByRole('button', { name: 'Jetzt anmelden' }).click()]);
  await formPage.getByRole('status').getByText('moritz.mustermann', { exact: false }).waitFor();
  expect(await overflowing(formPage)).toEqual({ pageWidth: 320, parts: [] });
  await plain.close();
});

test('without JavaScript on a phone, each benefit and each navigation link of the static header shows whole when focused, clear of a scrolling row\'s shadows', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shop.url);
  for (const rowSelector of ['.shell-benefits', '.shell-header__nav']) {
    const row = page.locator(rowSelector);
    const links = row.getByRole('link');
    const count = await links.count();
    expect([rowSelector, count > 1]).toEqual([rowSelector, true]);
    // A row that scrolls sideways has a soft shadow of 2.5rem (40 px) at a side with more to
    // scroll to; a link under it is not wholly shown.
    const shadow = (await row.evaluate((element) => element.scrollWidth > element.clientWidth)) ? 40 : 0;
    const rowBox = await row.boundingBox();
    for (let index = 0; index < count; index += 1) {
      await links.nth(index).focus();
      const box = await links.nth(index).boundingBox();
      const clear =
        !!box && !!rowBox &&
        box.x >= rowBox.x + (index === 0 ? 0 : shadow) - 1 &&
        box.x + box.width <= rowBox.x + rowBox.width - (index === count - 1 ? 0 : shadow) + 1 &&
        box.y >= rowBox.y - 1 && box.y + box.height <= rowBox.y + rowBox.height + 1;
      expect([rowSelector, index, clear]).toEqual([rowSelector, index, true]);
    }
  }
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(375);
  await context.close();
});

test("an editor's long words and web addresses in the footer document break instead of widening the page", async () => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  const long = 'Rechtsschutzversicherungsgesellschaftenvergleichsportal';
  await page.route('**/service/promotion/api/promotion/SHOP_FOOTER', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { contentJSON: string };
    const document = JSON.parse(body.contentJSON) as {
      headline?: string;
      teaserGroups: { introductoryText?: string }[];
      seo?: { links?: { link: { text: string } }[] };
    };
    document.headline = long;
    document.teaserGroups[0]!.introductoryText = `https://www.example.com/${long}/${long}?${long}`;
    if (document.seo?.links?.[0]) document.seo.links[0].link.text = long;
    await route.fulfill({ response: answer, json: { ...body, contentJSON: JSON.stringify(document) } });
  });
  await page.goto(shop.url);
  await scrollToPageEnd(page);
  const footer = page.locator('.sft-footer');
  await footer.getByText(long, { exact: true }).first().waitFor();
  // The service groups open, as a shopper would open them.
  const closed = footer.locator('button[aria-expanded="false"]');
  for (let opened = 0; opened < 12 && (await closed.count()) > 0; opened += 1) await closed.first().click();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(320);
  await page.close();
});

test('with the text at 200 % (the browser\'s font size) a 390 px phone\'s header, static and fragment, stays inside the screen', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const watch = await watchPage(page);
  // The browser's default font size doubled, as a reader sets it (Chromium's own setting):
  // every rem of the page and of the fragments' scopes is 32 px.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
  // The header fragment's script waits, so the static header can be looked at first.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/__federation_expose_Header\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(shop.url, { waitUntil: 'commit' });
  await page.locator('[data-static-header] .shell-icon').first().waitFor();
  await stylesheetsSettled(page);
  await expect(page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).resolves.toBe('32px');
  const staticHeader = await overflowing(page);
  release();
  await page.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  expect({ staticHeader, fragment: await overflowing(page) }).toEqual({
    staticHeader: { pageWidth: 390, parts: [] },
    fragment: { pageWidth: 390, parts: [] },
  });
  // Every icon of the bar is on the screen.
  for (const name of ['Suche', 'Filialfinder', 'Mein Konto']) {
    const box = await page.locator('.shd-root').getByRole('button', { name, exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});

test.each([
  ['/', 320],
  ['/cz/', 320],
  ['/tr/', 320],
  ['/', 1280],
  ['/ch-fr/', 768],
  ['/ch-fr/', 1440],
])('on %s at %i px with a reader\'s own text spacing (WCAG 1.4.12) no text of the header is cut, and every benefit can be scrolled to whole', async (path, width) => {
  const context = await browser.newContext({ viewport: { width, height: 640 }, bypassCSP: true });
  const page = await context.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url + path);
  const header = page.locator('.shd-root');
  await header.locator('.shd-header__top-banner .shd-promo-voucher__code').first().waitFor({ state: 'attached' });
  await header.locator('.shd-promo-benefits__item').first().waitFor();
  // The text spacing of the criterion, as a reader's style sheet (or bookmarklet) sets it.
  await page.addStyleTag({
    content: '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
  });
  const cut = await header.evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((element) => {
        if (element.closest('[hidden], .sui-visually-hidden') || element.getClientRects().length === 0) return false;
        // The rows that scroll sideways on purpose (navigation, benefits) and the benefits'
        // strip (whose focus-ring padding it clips) are looked at below.
        if (element.matches('.shd-nav__bar, .shd-promo-benefits, .shd-header__benefits')) return false;
        const style = getComputedStyle(element);
        const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
        return clips && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class')}: ${(element.textContent ?? '').slice(0, 40)}`),
  );
  expect(cut).toEqual([]);
  // Each benefit is shown whole once the row is scrolled to it: none ends in an ellipsis, and
  // its line is within the strip.
  const strip = await header.locator('.shd-header__benefits').boundingBox();
  for (const link of await header.locator('.shd-promo-benefits__item a').all()) {
    await expect(link.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).resolves.toBe(true);
    const box = await link.boundingBox();
    expect(strip && box && box.y >= strip.y && box.y + box.height <= strip.y + strip.height).toBe(true);
  }
  expect(watch.pageErrors).toEqual([]);
  await context.close();
});

test.each([320, 768])('at %i px the theme worlds overview shows each picture within its tile, its title under it', async (width) => {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${shop.url}/themenwelten`);
  const tiles = page.locator('.shell-products > .shell-card');
  await expect(tiles.count()).resolves.toBeGreaterThan(3);
  const misfits = await tiles.evaluateAll((cards) =>
    cards.flatMap((card) => {
      const image = card.querySelector('img')?.getBoundingClientRect();
      const title = card.querySelector('a')?.lastChild;
      const frame = card.getBoundingClientRect();
      if (!image || !title) return ['a tile without picture or title'];
      const range = document.createRange();
      range.selectNodeContents(title);
      const text = range.getBoundingClientRect();
      return image.left >= frame.left - 0.5 && image.right <= frame.right + 0.5 && text.top >= image.bottom ? [] : [card.textContent ?? ''];
    }),
  );
  expect(misfits).toEqual([]);
  await page.close();
});

test("the footer's site list opens within a phone's screen also from a short country's toggle (PL)", async () => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  await page.goto(`${shop.url}/pl/`);
  await scrollToPageEnd(page);
  const toggle = page.locator('.sft-sites__toggle');
  await toggle.click();
  const list = page.locator('.sft-sites__list');
  await list.waitFor();
  const box = await list.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  await page.close();
});
