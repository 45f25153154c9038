import type { Browser } from 'playwright-core';
import { useShopInBrowser, type Shop } from './harness';
let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));
test('cart page', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await ctx.newPage();
  for (const path of ['/', '/showcase']) {
    await page.goto(shop.url + path);
    const n = await page.locator('.shell-add').count();
    for (let i = 0; i < Math.min(n, 4); i++) {
      await page.locator('.shell-add').nth(i).click();
      await page.waitForLoadState();
    }
  }
  await page.goto(shop.url + '/cart?step=shopping_cart');
  await page.screenshot({ path: '/tmp/cartpage.png', fullPage: true });
  await page.locator('.shell-cart-line__remove').first().click();
  await page.waitForLoadState();
  console.log(page.url());
  await page.setViewportSize({ width: 320, height: 640 });
  await page.screenshot({ path: '/tmp/cartpage-320.png', fullPage: true });
  console.log(await page.evaluate(() => document.documentElement.scrollWidth));
  await ctx.close();
});
