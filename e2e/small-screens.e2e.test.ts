/**
 * The smallest phones (320 px wide): no page of the shop scrolls sideways, with every fragment
 * loaded (header, footer, sign-up form), on every site: a word, a header row or a form that does
 * not fit would push the whole page wider than the screen.
 */
import type { Browser } from 'playwright-core';
import { useShopInBrowser, scrollToPageEnd, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

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
  const overflowing = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    // What sticks out (inside the navigation's own scroller is fine).
    parts: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !element.closest('.shd-nav'))
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`)
      .slice(0, 5),
  }));
  expect(overflowing).toEqual({ pageWidth: 320, parts: [] });
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});
