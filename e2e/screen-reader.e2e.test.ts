/**
 * What Chromium's accessibility tree gives a screen reader, where jsdom's name computation differs
 * from the browser's: a cart line's colour swatch is named once ("Farbfeld"), in the mini cart and
 * on the cart page, not named and then described by the same words.
 */
import type { Browser, Page } from 'playwright-core';
import { useShopInBrowser, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

/** Name and description of every image node in the page's accessibility tree. */
async function images(page: Page): Promise<{ name?: string; description?: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value: string }; name?: { value: string }; description?: { value: string }; ignored?: boolean }[];
  };
  await cdp.detach();
  return nodes
    .filter((node) => !node.ignored && node.role?.value === 'image')
    .map((node) => ({ name: node.name?.value, description: node.description?.value || undefined }));
}

test('a colour swatch is named once, on the cart page and in the mini cart', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(shop.url);
  const added = await page.request.post(`${shop.url}/service/cart/api/cart`, {
    headers: { 'content-type': 'application/json', site: 'DE' },
    data: { setArticle: { productId: '400002', tcm: '400002-01', quantity: 1 } },
  });
  expect(added.status()).toBe(200);

  await page.goto(`${shop.url}/cart?step=shopping_cart`);
  await page.locator('.shell-swatch').waitFor();
  expect((await images(page)).filter((image) => image.name === 'Farbfeld')).toEqual([{ name: 'Farbfeld' }]);

  await page.goto(shop.url);
  await page.locator('.shd-root').getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' }).click();
  await page.locator('.smc-line__swatch').waitFor();
  expect((await images(page)).filter((image) => image.name === 'Farbfeld')).toEqual([{ name: 'Farbfeld' }]);
  await page.close();
});
