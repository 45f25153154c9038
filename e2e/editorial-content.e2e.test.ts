/**
 * Content as editors write it, not as the seed has it: a long headline, voucher code and legal
 * hint in the top banner, an editor's own background colour, a German compound in a product's
 * title. The reference server's answers are taken and edited in the browser (`page.route`), so
 * the fragments render exactly what a service would send.
 */
import type { Browser, Page } from 'playwright-core';
import { expectClean, addBarista, BARISTA, useShopInBrowser, watchPage, type Shop } from './harness';
import { contrast } from '../ui/tests/contrast';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

const LONG_HEADLINE =
  'Adventskalender-Überraschung: 25 % Rabatt auf alle Kaffeevollautomaten-Entkalkungstabletten und Espresso Crema 1 kg – nur diese Woche!';
const LONG_CODE = 'ADVENTSKALENDER2027KAFFEEVOLLAUTOMAT';
const LONG_HINT = 'Teilnahmebedingungen und Details zum Angebot';
const LONG_TITLE = 'Kaffeevollautomaten-Entkalkungstabletten & Reinigungszubehör';

/** Answers the top banner's promotion with the server's, its content edited. */
async function editTopBanner(page: Page, edit: (content: Record<string, unknown>) => Record<string, unknown>) {
  await page.route(
    (url) => url.pathname.endsWith('/service/promotion/api/promotion/top-banner'),
    async (route) => {
      const answer = (await (await route.fetch()).json()) as { contentJSON: string };
      const content = edit(JSON.parse(answer.contentJSON) as Record<string, unknown>);
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...answer, contentJSON: JSON.stringify(content) }) });
    },
  );
}

const topBanner = (page: Page) => page.locator('.shd-header__top-banner');

test.each([768, 1024, 1280])(
  'at %i px a top banner with a long code and a long legal hint still shows its headline, in its one row',
  async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const watch = await watchPage(page);
    await editTopBanner(page, (content) => ({
      ...content,
      headline: LONG_HEADLINE,
      legalTextHint: LONG_HINT,
      voucherCode: { ...(content.voucherCode as object), code: LONG_CODE },
    }));
    await page.goto(shop.url);
    const headline = topBanner(page).locator('.shd-promo-headline').first();
    await headline.waitFor();
    // The headline has room for its words (it was left 25 px at 1024 px: "A…").
    await expect(headline.evaluate((element) => element.getBoundingClientRect().width)).resolves.toBeGreaterThan(220);
    // The code and the hint are cut with an ellipsis instead; the copy button copies the code
    // whole and the hint's button keeps its words as its name.
    const code = topBanner(page).locator('.shd-promo-voucher__code');
    await expect(code.textContent()).resolves.toBe(LONG_CODE);
    await expect(code.evaluate((element) => element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth)).resolves.toBe(true);
    if (width >= 1023) await expect(topBanner(page).getByRole('button', { name: new RegExp(LONG_HINT) }).isVisible()).resolves.toBe(true);
    // Still one row of 48 px.
    await expect(topBanner(page).evaluate((element) => Math.round(element.getBoundingClientRect().height))).resolves.toBe(48);
    await expectClean(watch);
    await page.close();
  },
);

test.each([
  { background: '#e30613', text: '#ffffff', useDarkTheme: false },
  { background: '#2e7d32', text: '#ffffff', useDarkTheme: true },
])("the copy button and its focus ring are readable on an editor's background $background", async ({ background, text, useDarkTheme }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  await editTopBanner(page, (content) => ({ ...content, useDarkTheme, backgroundColor: { colorCode: background }, promotionTextColor: { colorCode: text } }));
  await page.goto(shop.url);
  const copy = topBanner(page).getByRole('button', { name: 'Code kopieren' });
  await copy.waitFor();
  const surface = await topBanner(page).locator('.shd-promo-surface').evaluate((element) => getComputedStyle(element).backgroundColor);
  const button = await copy.evaluate((element) => ({ color: getComputedStyle(element).color, border: getComputedStyle(element).borderTopColor }));
  // Navy on red was 2.7:1, light blue on green 2.9:1.
  expect(contrast(button.color, surface)).toBeGreaterThanOrEqual(4.5);
  expect(contrast(button.border, surface)).toBeGreaterThanOrEqual(3);
  await copy.focus();
  const ring = await copy.evaluate((element) => getComputedStyle(element).boxShadow);
  expect(contrast(ring, surface)).toBeGreaterThanOrEqual(3);
  await expectClean(watch);
  await page.close();
});

test("the cart flyout gives a product's title the line's width: a German compound breaks between its words, not inside them", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await addBarista(page);
  await page.route(
    (url) => url.pathname.endsWith('/service/cart/api/cart'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/Barista Caffè Crema, 1 kg Bohnen/g, LONG_TITLE);
      await route.fulfill({ response, body });
    },
  );
  await page.reload();
  await page.locator('.shd-icon-bar__cart').hover();
  const line = page.locator('.smc-line').filter({ hasText: LONG_TITLE });
  await line.waitFor();
  const title = line.locator('.smc-line__title');
  const remove = line.getByRole('button', { name: /entfernen$/ });
  const [titleBox, removeBox] = [await title.boundingBox(), await remove.boundingBox()];
  // Remove under the text, the title as wide as the line's text (it had 167 px beside Remove).
  expect(removeBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height - 1);
  expect(titleBox!.width).toBeGreaterThan(260);
  // No line of the title starts or ends inside a word: each line break falls after a space or a hyphen.
  const lines = await title.evaluate((element) => {
    const range = document.createRange();
    const node = element.firstChild?.nodeType === Node.TEXT_NODE ? element.firstChild : element.querySelector('a')?.firstChild ?? element.firstChild;
    const text = node?.textContent ?? '';
    const tops: { top: number; index: number }[] = [];
    for (let index = 0; index < text.length; index++) {
      range.setStart(node!, index);
      range.setEnd(node!, index + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (tops.length === 0 || top > tops[tops.length - 1].top + 2) tops.push({ top, index });
    }
    return tops.slice(1).map(({ index }) => text.slice(Math.max(0, index - 1), index + 1));
  });
  for (const lineBreak of lines) expect(lineBreak[0]).toMatch(/[\s-]/);
  expect(BARISTA.test(await page.locator('.smc-line').first().textContent() ?? '')).toBe(false);
  await expectClean(watch);
  await page.close();
});
