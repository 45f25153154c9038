/**
 * Forced colours (Windows' contrast themes): the browser draws no box shadows and gives every
 * colour the theme's own, so a focus ring drawn as a shadow is gone and a colour-only state is
 * lost. Every focus stop of the home page, header, page and footer, keeps a visible outline round
 * what it shows; the search box's ring shows; the typed part of a suggestion keeps the option's
 * colour; what lies over the page keeps an edge; a promotional price says so in words.
 */
import type { Browser, Page } from 'playwright-core';
import { expectClean, useShopInBrowser, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

/** How many Tab presses at most: more than the home page's stops at either width. */
const MAX_STOPS = 160;

async function openInForcedColors(width: number, colorScheme: 'dark' | 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 }, forcedColors: 'active', colorScheme });
  await page.goto(shop.url);
  await page.locator('.shd-root nav.shd-nav[data-complete="true"]').waitFor();
  // The footer fragment comes when the footer nears the window: brought in before tabbing.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('.sft-footer').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  return page;
}

/** The focused element's name, and whether it (or the field it sits in) draws an outline. */
function focusStop(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const outlined = (candidate: Element | null) => {
      if (!candidate) return false;
      const style = getComputedStyle(candidate);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    };
    // The outline goes round what the stop shows: an inline link round a block (a logo's
    // picture) is split around it and draws its outline round the empty lines above and below.
    const encloses =
      getComputedStyle(element).display !== 'inline' ||
      ![...element.querySelectorAll('*')].some((inner) => ['block', 'flex', 'grid', 'table'].includes(getComputedStyle(inner).display));
    const name = (element.getAttribute('aria-label') ?? element.getAttribute('alt') ?? element.querySelector('img')?.alt ?? element.textContent ?? '').trim().slice(0, 40);
    const area = element.closest('.sft-footer') ? 'footer' : element.closest('.shd-root') ? 'header' : 'page';
    return { name: `${area}: ${element.tagName.toLowerCase()}.${element.className} "${name}"`, outlined: outlined(element) && encloses };
  });
}

for (const [width, colorScheme] of [
  [1280, 'dark'],
  [390, 'light'],
] as const) {
  test(`at ${width} px in a ${colorScheme} contrast theme, every focus stop of the home page shows an outline`, async () => {
    const page = await openInForcedColors(width, colorScheme);
    const watch = await watchPage(page);
    const stops: string[] = [];
    const withoutOutline: string[] = [];
    for (let press = 0; press < MAX_STOPS; press++) {
      await page.keyboard.press('Tab');
      const stop = await focusStop(page);
      if (!stop) continue;
      if (stops.length > 0 && stop.name === stops[0]) break;
      stops.push(stop.name);
      if (!stop.outlined) withoutOutline.push(stop.name);
    }
    // The header's icons and navigation, the page's tiles and the footer's links were all passed.
    expect(stops.filter((stop) => stop.startsWith('header: ')).length).toBeGreaterThan(8);
    expect(stops.filter((stop) => stop.startsWith('page: ')).length).toBeGreaterThan(4);
    expect(stops.filter((stop) => stop.startsWith('footer: ')).length).toBeGreaterThan(8);
    expect(withoutOutline).toEqual([]);
    await expectClean(watch);
    await page.close();
  });
}

test('in a dark contrast theme the search box shows its ring, and a suggestion\'s typed part keeps the option\'s colour', async () => {
  const page = await openInForcedColors(1280, 'dark');
  const watch = await watchPage(page);
  await page.locator('.shd-root').getByRole('button', { name: 'Suche', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  const ring = await page.evaluate(() => {
    const field = document.activeElement?.closest('.shd-search__field');
    return field ? getComputedStyle(field).outlineStyle : null;
  });
  expect(ring).not.toBeNull();
  expect(ring).not.toBe('none');

  await page.keyboard.type('kaf');
  const match = page.locator('.shd-root [role="listbox"] .shd-search__match').first();
  await match.waitFor();
  const colours = await match.evaluate((mark) => ({
    mark: getComputedStyle(mark).color,
    option: getComputedStyle(mark.parentElement as Element).color,
  }));
  expect(colours.mark).toBe(colours.option);
  await expectClean(watch);
  await page.close();
});

test('in a contrast theme the design system\'s states stay apart: a field in error, the pressed show-password toggle, the meter\'s filled steps', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, forcedColors: 'active', colorScheme: 'dark' });
  const watch = await watchPage(page);
  await page.goto(`${shop.url}/design-system`);
  const password = page.getByLabel('Neues Passwort');
  // Lower case and a digit: some steps filled, some not.
  await password.fill('abcdefg1');
  await page.getByText(/^Passwortstärke: /).waitFor();
  const steps = await page.locator('.sui-password-strength__step').evaluateAll((elements) =>
    elements.map((element) => ({ on: element.classList.contains('sui-password-strength__step--on'), background: getComputedStyle(element).backgroundColor })),
  );
  const filled = new Set(steps.filter((step) => step.on).map((step) => step.background));
  const empty = new Set(steps.filter((step) => !step.on).map((step) => step.background));
  expect(filled.size).toBe(1);
  expect(empty.size).toBe(1);
  expect([...empty][0]).not.toBe([...filled][0]);

  const toggle = page.getByRole('button', { name: 'Passwort anzeigen' }).first();
  const before = await toggle.evaluate((element) => getComputedStyle(element).backgroundColor);
  await toggle.click();
  await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(toggle.evaluate((element) => getComputedStyle(element).backgroundColor)).resolves.not.toBe(before);

  const postcode = page.getByRole('textbox', { name: /^Postleitzahl/ });
  const valid = await postcode.evaluate((element) => getComputedStyle(element).outlineStyle);
  await postcode.focus();
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.getByText('Das Feld ist nicht gültig.').waitFor();
  await expect(postcode.getAttribute('aria-invalid')).resolves.toBe('true');
  expect(valid).toBe('none');
  await expect(postcode.evaluate((element) => getComputedStyle(element).outlineStyle)).resolves.toBe('solid');
  // Focused again, it shows the focus ring's 3 px, not the error's line.
  await postcode.focus();
  await page.keyboard.press('End');
  await expect(postcode.evaluate((element) => getComputedStyle(element).outlineWidth)).resolves.toBe('3px');
  await expectClean(watch);
  await page.close();
});

/** The colour and width of an element's border on `side` (a contrast theme draws a transparent one). */
function edge(page: Page, selector: string, side: 'Left' | 'Bottom' | 'Top') {
  return page.locator(selector).first().evaluate((element, side) => {
    const style = getComputedStyle(element) as unknown as Record<string, string>;
    return { width: parseFloat(style[`border${side}Width`]), style: style[`border${side}Style`], color: style[`border${side}Color`] };
  }, side);
}

/** An edge the contrast theme draws: solid, at least 1 px, in a colour that is not transparent. */
const drawn = expect.objectContaining({ style: 'solid', color: expect.not.stringMatching(/^(transparent|rgba\(0, 0, 0, 0\))$/) });

test('in a contrast theme what lies over the page keeps an edge, the footer\'s sign-up button its shape, and a promotional price says so in words', async () => {
  const page = await openInForcedColors(1280, 'dark');
  const watch = await watchPage(page);
  // The top banner's offer details lie over the header's bar.
  const banner = page.locator('.shd-header__top-banner');
  await banner.getByRole('button', { name: /Details zum Angebot/ }).click();
  await banner.getByText(/Gültig bis Sonntag/).waitFor();
  const details = await edge(page, '.shd-header__top-banner .shd-promo-legal__text', 'Bottom');
  expect(details).toEqual(drawn);
  expect(details.width).toBeGreaterThanOrEqual(1);
  // Its copy's outcome lies over the header's bar too.
  await banner.getByRole('button', { name: /Code kopieren/ }).click();
  await banner.locator('.shd-promo-voucher__status').filter({ hasText: /./ }).waitFor();
  await expect(edge(page, '.shd-header__top-banner .shd-promo-voucher__status', 'Top')).resolves.toEqual(drawn);
  // The footer's way to the newsletter sign-up is a button, not bare text.
  const signUp = await edge(page, '.sft-newsletter__cta', 'Top');
  expect(signUp).toEqual(drawn);
  expect(signUp.width).toBeGreaterThanOrEqual(1);
  // The coffee machine's promotional price: its word is on the screen, not only for a screen reader.
  const word = page.locator('.shell-price__current--promotional .shell-price__promotional').first();
  await expect(word.textContent()).resolves.toBe('Aktionspreis');
  await expect(word.evaluate((element) => element.getBoundingClientRect().width)).resolves.toBeGreaterThan(30);
  await expectClean(watch);
  await page.close();
});

test('in a contrast theme the cart badge keeps its edge, the mini cart\'s drawer has one against the page behind it, and its promotional price says so in words', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, forcedColors: 'active', colorScheme: 'light' });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  const machine = page.locator('.shell-card').filter({ has: page.locator('.shell-price__current--promotional') }).first();
  await machine.getByRole('button', { name: /in den Warenkorb legen/ }).click();
  await machine.locator('.shell-card__added').filter({ hasText: /./ }).waitFor();
  // The cart badge keeps its pill's edge (its background is dropped).
  const badge = page.locator('.shd-root .shd-icon-bar__badge');
  await badge.waitFor();
  await expect(badge.evaluate((element) => ({ style: getComputedStyle(element).outlineStyle, color: getComputedStyle(element).outlineColor }))).resolves.toEqual(drawn);
  await page.goto(`${shop.url}/embed`);
  await page.getByRole('button', { name: 'Warenkorb' }).click();
  const dialog = page.getByRole('dialog', { name: /Warenkorb/ });
  await dialog.locator('.smc-price__promotional').waitFor();
  const drawer = await edge(page, '.smc-dialog', 'Left');
  expect(drawer).toEqual(drawn);
  expect(drawer.width).toBeGreaterThanOrEqual(1);
  await expect(dialog.locator('.smc-price__promotional').evaluate((element) => element.getBoundingClientRect().width)).resolves.toBeGreaterThan(30);
  await page.keyboard.press('Escape');
  await expectClean(watch);
  await page.close();
});
