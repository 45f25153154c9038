/**
 * The header fragment in headless Chromium, on the assembled shop (header spec sections 2, 4, 5,
 * 9): hover intent and one flyout at a time, the search box's suggestions from the reference
 * server and its targets, every flyout from the keyboard, the cart flyout holding the mini cart
 * (never on the basket page), the reduced header of the checkout, axe-core with each flyout
 * open, the navigation's fallback when its services fail, the suggestions' retries, and the
 * user menu of a logged-in member per site.
 *
 * 1280 px wide is the TABLET platform (below 1440).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expectClean, addBarista, layoutShiftsBeyond, recordLayoutShifts, BARISTA, useShopInBrowser, accessibilityViolations, watchPage, type PageWatch, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running), { resetFaults: true });

/** A fresh visitor (own context: own cookies, own cart) on a TABLET-wide window. */
async function openPage(path = '/', width = 1280): Promise<{ page: Page; watch: PageWatch }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const watch = await watchPage(page);
  await page.goto(shop.url + path);
  await header(page).waitFor();
  return { page, watch };
}

/** The header fragment (rendered over the static header, which it hides). */
const header = (page: Page) => page.locator('.shd-root');

const navigation = (page: Page) => header(page).getByRole('navigation', { name: 'Hauptnavigation' });

/** Waits until the navigation shows the services' entries (both answers in). */
async function navigationComplete(page: Page): Promise<void> {
  await header(page).locator('nav.shd-nav[data-complete="true"]').waitFor();
}

/** An icon's disclosure button by its name. */
const iconButton = (page: Page, name: string) => header(page).getByRole('button', { name, exact: true });

/** The panel a disclosure button controls (`aria-controls`). */
async function panelOf(button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  if (!id) throw new Error('the button names no panel');
  return button.page().locator(`[id="${id}"]`);
}

/** The focused element's name as a screen reader would start it: aria-label, else its text. */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return null;
    return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
  });
}

/** The header spec's hover delay of the icon bar's flyouts. */
const HOVER_DELAY_MS = 200;

/** When, in the page, the pointer entered an icon button (`enter`) or its flyout opened or closed. */
interface FlyoutTime {
  button: string;
  event: 'enter' | 'open' | 'close';
  at: number;
}

/** Records, in the page, when the pointer enters each icon button and when its flyout opens or closes. */
async function recordFlyoutTimes(page: Page): Promise<void> {
  await header(page).evaluate((root) => {
    const times: FlyoutTime[] = [];
    (window as unknown as { flyoutTimes: FlyoutTime[] }).flyoutTimes = times;
    for (const button of root.querySelectorAll<HTMLElement>('button[aria-controls]')) {
      const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
      button.addEventListener('pointerenter', () => times.push({ button: name, event: 'enter', at: performance.now() }));
      new MutationObserver(() => {
        times.push({ button: name, event: button.getAttribute('aria-expanded') === 'true' ? 'open' : 'close', at: performance.now() });
      }).observe(button, { attributes: true, attributeFilter: ['aria-expanded'] });
    }
  });
}

function flyoutTimes(page: Page): Promise<FlyoutTime[]> {
  return page.evaluate(() => (window as unknown as { flyoutTimes: FlyoutTime[] }).flyoutTimes);
}

/** Moves the mouse onto the middle of an element, in one step (no scrolling, no checks). */
async function mouseTo(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

/** Logs the page's visitor in as the member through the /signin form; back on `path`. */
async function logInAsMember(page: Page, path = '/'): Promise<void> {
  await page.goto(`${shop.url}/signin?loginRedirect=${encodeURIComponent(path)}`);
  const form = page.locator('form[action="/signin"]');
  await form.getByRole('radio', { name: /^Maria Muster/ }).check();
  await Promise.all([page.waitForURL((url) => url.pathname === path), form.getByRole('button', { name: 'Anmelden' }).click()]);
  await header(page).waitFor();
}

/** Types into the header's search (opened by its button) and waits for the suggestions. */
async function searchFor(page: Page, text: string, timeout?: number): Promise<Locator> {
  await iconButton(page, 'Suche').click();
  const box = header(page).getByRole('combobox', { name: 'Suchbegriff' });
  await expect(box.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
  await page.keyboard.type(text);
  const listbox = header(page).getByRole('listbox', { name: 'Suchvorschläge' });
  await listbox.getByRole('option').first().waitFor({ timeout });
  return listbox;
}

test('the mouse opens an icon flyout only after resting on it, one at a time, and leaving the header closes it', async () => {
  const { page, watch } = await openPage();
  await expect(header(page).locator('.shd-header').getAttribute('data-platform')).resolves.toBe('TABLET');
  const storeButton = iconButton(page, 'Filialfinder');
  const userButton = iconButton(page, 'Mein Konto');
  const storePanel = await panelOf(storeButton);
  const userPanel = await panelOf(userButton);

  // Resting on the store finder icon opens it after the 200 ms delay, measured in the page
  // (where the harness's own round trips do not count).
  await recordFlyoutTimes(page);
  await mouseTo(page, storeButton);
  await storePanel.getByRole('heading', { name: 'Finde eine Filiale in deiner Nähe' }).waitFor({ timeout: 2000 });
  await expect(storeButton.getAttribute('aria-expanded')).resolves.toBe('true');

  // On to the user menu icon: the store finder stays until the delay is over, then is replaced.
  await mouseTo(page, userButton);
  await userPanel.getByText('Willkommen! Melde dich an oder registriere dich.').waitFor({ timeout: 2000 });
  await expect(storePanel.isVisible()).resolves.toBe(false);
  await expect(storeButton.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(userButton.getAttribute('aria-expanded')).resolves.toBe('true');
  const times = await flyoutTimes(page);
  const at = (button: string, event: FlyoutTime['event']) => times.find((time) => time.button === button && time.event === event)?.at ?? NaN;
  expect(at('Filialfinder', 'open') - at('Filialfinder', 'enter')).toBeGreaterThanOrEqual(HOVER_DELAY_MS - 1);
  expect(at('Mein Konto', 'open') - at('Mein Konto', 'enter')).toBeGreaterThanOrEqual(HOVER_DELAY_MS - 1);
  expect(at('Filialfinder', 'close') - at('Mein Konto', 'enter')).toBeGreaterThanOrEqual(HOVER_DELAY_MS - 1);
  await expect(header(page).locator('.shd-flyout:not([hidden])').count()).resolves.toBe(1);

  // Away from the header (below the open panel): it closes.
  await page.mouse.move(100, 760);
  await userPanel.waitFor({ state: 'hidden', timeout: 1000 });
  await expect(userButton.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(header(page).locator('.shd-flyout:not([hidden])').count()).resolves.toBe(0);
  await expectClean(watch);
  await page.close();
});

test('two typed characters show the reference server\'s suggestions; arrows move the active option; Enter searches', async () => {
  const { page, watch } = await openPage();
  const listbox = await searchFor(page, 'ka');
  const box = header(page).getByRole('combobox', { name: 'Suchbegriff' });
  await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
  // Terms starting with the typed text, and products.
  const terms = await listbox.getByRole('group', { name: 'Suchbegriffe' }).getByRole('option').evaluateAll((options) =>
    options.map((option) => option.getAttribute('aria-label') ?? ''),
  );
  expect(terms.length).toBeGreaterThan(1);
  expect(terms).toContain('kaffee');
  for (const term of terms) expect(term.toLowerCase()).toContain('ka');
  const products = await listbox.getByRole('group', { name: 'Produkte' }).getByRole('option').allTextContents();
  expect(products.length).toBeGreaterThan(0);
  expect(products).toContain('Kaffeebecher, 4er-Set');
  expect(watch.requests.filter((url) => url.includes('/service/searchfrontend/api/suggestions?') && url.includes('q=ka'))).toHaveLength(1);

  // No option is active until the arrows move: first, second, back to the first.
  await expect(box.getAttribute('aria-activedescendant')).resolves.toBeNull();
  const optionIds = await listbox.getByRole('option').evaluateAll((options) => options.map((option) => option.id));
  await page.keyboard.press('ArrowDown');
  await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(optionIds[0]);
  await expect(page.locator(`[id="${optionIds[0]}"]`).getAttribute('aria-selected')).resolves.toBe('true');
  await page.keyboard.press('ArrowDown');
  await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(optionIds[1]);
  await expect(page.locator(`[id="${optionIds[0]}"]`).getAttribute('aria-selected')).resolves.toBe('false');
  await page.keyboard.press('ArrowUp');
  await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(optionIds[0]);
  // Focus stayed in the box all along.
  await expect(box.evaluate((input) => input === document.activeElement)).resolves.toBe(true);

  // Enter on the active term runs its search: the search page with its results.
  await Promise.all([page.waitForURL(/\/search\?query=kaffee(&|$)/), page.keyboard.press('Enter')]);
  await page.getByText('2 Treffer für „\u2068kaffee\u2069“').waitFor();
  await expectClean(watch);

  // Typed digits and spaces: the spaces go before the search.
  await header(page).waitFor();
  await iconButton(page, 'Suche').click();
  const again = header(page).getByRole('combobox', { name: 'Suchbegriff' });
  await again.fill('');
  await page.keyboard.type('123 456');
  await Promise.all([page.waitForURL(/\/search\?query=123456(&|$)/), page.keyboard.press('Enter')]);
  await page.getByText('Zu „\u2068123456\u2069“ haben wir leider nichts gefunden.').waitFor();
  expect(new URL(page.url()).searchParams.get('query')).toBe('123456');
  await expectClean(watch);
  await page.close();
});

test("Tab moving on from the store finder's flyout to the user menu's icon closes the store finder's flyout", async () => {
  const { page, watch } = await openPage();
  const store = iconButton(page, 'Filialfinder');
  await store.focus();
  await page.keyboard.press('Enter');
  const panel = await panelOf(store);
  await panel.waitFor();
  // Through the flyout's field, button and links to the next icon.
  for (let press = 0; press < 12 && (await focusedName(page)) !== 'Mein Konto'; press++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) !== 'Mein Konto') await expect(panel.isVisible()).resolves.toBe(true);
  }
  await expect(focusedName(page)).resolves.toBe('Mein Konto');
  await panel.waitFor({ state: 'hidden' });
  await expect(store.getAttribute('aria-expanded')).resolves.toBe('false');
  await expectClean(watch);
  await page.close();
});

test('from the keyboard alone every icon button and navigation toggle is reached, opens with Enter and closes with Esc', async () => {
  const { page, watch } = await openPage();
  await navigationComplete(page);
  const toggles = await navigation(page)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  expect(toggles.length).toBeGreaterThanOrEqual(3);
  for (const toggle of toggles) expect(toggle).toMatch(/ – Untermenü öffnen$/);
  const icons = ['Suche', 'Filialfinder', 'Mein Konto', 'Warenkorb-Vorschau anzeigen'];

  /** What opening a flyout shows, per button. */
  const content: Record<string, (panel: Locator) => Locator> = {
    Suche: (panel) => panel.getByRole('combobox', { name: 'Suchbegriff' }),
    Filialfinder: (panel) => panel.getByRole('heading', { name: 'Finde eine Filiale in deiner Nähe' }),
    'Mein Konto': (panel) => panel.getByRole('link', { name: 'Anmelden' }),
    'Warenkorb-Vorschau anzeigen': (panel) => panel.getByRole('region', { name: /^Warenkorb/ }),
  };

  // From the top of the page, Tab through the header; each button opens and closes on the way.
  const reached: string[] = [];
  const exercised: string[] = [];
  let inHeader = false;
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press('Tab');
    const name = await focusedName(page);
    const within = await page.evaluate(() => !!document.activeElement?.closest('.shd-root'));
    if (!within) {
      if (inHeader) break;
      continue;
    }
    inHeader = true;
    if (name === null) continue;
    reached.push(name);
    if (!icons.includes(name) && !toggles.includes(name)) continue;

    // Marked, so that the locator stays on this button when focus moves (into the search box).
    await page.evaluate((mark) => {
      (document.activeElement as HTMLElement).dataset.e2eButton = mark;
    }, String(press));
    const button = header(page).locator(`[data-e2e-button="${press}"]`);
    const panel = await panelOf(button);
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Enter');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await panel.waitFor({ state: 'visible', timeout: 2000 });
    if (content[name]) await content[name](panel).waitFor({ timeout: 5000 });
    else await panel.getByRole('link').first().waitFor({ timeout: 2000 });
    // The search puts focus in its box; the other flyouts keep it on their button.
    if (name === 'Suche') {
      await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('combobox');
    } else {
      await expect(focusedName(page)).resolves.toBe(name);
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden', timeout: 2000 });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(focusedName(page)).resolves.toBe(name);
    exercised.push(name);
  }

  // The icons in their order (search, store finder, user menu, cart link, cart preview), then the toggles.
  expect(reached.filter((name) => [...icons, 'Warenkorb'].includes(name))).toEqual([
    'Suche',
    'Filialfinder',
    'Mein Konto',
    'Warenkorb',
    'Warenkorb-Vorschau anzeigen',
  ]);
  expect(exercised).toEqual([...icons, ...toggles]);
  await expectClean(watch);
  await page.close();
});

test('a mouse click in the cart flyout (Remove, Undo) does not keep it open: the mouse leaving closes it as before', async () => {
  const { page, watch } = await openPage();
  await addBarista(page);
  const preview = iconButton(page, 'Warenkorb-Vorschau anzeigen');
  const panel = await panelOf(preview);
  await header(page).getByRole('link', { name: 'Warenkorb, 1 Artikel' }).hover();
  const line = panel.getByRole('listitem').filter({ hasText: BARISTA });
  await line.waitFor({ timeout: 5000 });
  await line.getByRole('button', { name: /entfernen$/ }).click();
  await panel.getByRole('button', { name: /rückgängig machen$/ }).click();
  await line.getByRole('button', { name: /entfernen$/ }).waitFor();
  await page.mouse.move(100, 760, { steps: 5 });
  await panel.waitFor({ state: 'hidden', timeout: 2000 });
  await page.locator('.shd-overlay').waitFor({ state: 'detached', timeout: 1000 });
  await expectClean(watch);
  await page.close();
});

test('the cart flyout holds the mini cart with the added article; on the basket page it never opens', async () => {
  const { page, watch } = await openPage();
  await addBarista(page);
  await expect(header(page).locator('.shd-icon-bar__badge').textContent()).resolves.toBe('1');
  await expect(header(page).getByRole('link', { name: 'Warenkorb, 1 Artikel' }).count()).resolves.toBe(1);

  // The mouse resting on the cart icon opens the flyout (not the basket page).
  const preview = iconButton(page, 'Warenkorb-Vorschau anzeigen');
  const panel = await panelOf(preview);
  await header(page).getByRole('link', { name: 'Warenkorb, 1 Artikel' }).hover();
  const region = panel.getByRole('region', { name: /^Warenkorb/ });
  await region.getByRole('listitem').filter({ hasText: BARISTA }).waitFor({ timeout: 5000 });
  await page.mouse.move(100, 760);
  await panel.waitFor({ state: 'hidden' });

  // The preview button opens it as well; the mini cart's line is inside the header's flyout.
  await preview.click();
  await expect(preview.getAttribute('aria-expanded')).resolves.toBe('true');
  await region.getByRole('listitem').filter({ hasText: BARISTA }).waitFor();
  await expect(region.getByRole('listitem').filter({ hasText: BARISTA }).getByText('16,99', { exact: true }).count()).resolves.toBe(1);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  await expectClean(watch);

  // The basket page: no preview button, and resting on the cart icon opens nothing.
  await page.goto(`${shop.url}/cart?step=shopping_cart`);
  await header(page).waitFor();
  await expect(header(page).locator('.shd-icon-bar__badge').textContent()).resolves.toBe('1');
  await expect(iconButton(page, 'Warenkorb-Vorschau anzeigen').count()).resolves.toBe(0);
  const cartLink = header(page).getByRole('link', { name: 'Warenkorb, 1 Artikel' });
  await cartLink.hover();
  await page.waitForTimeout(600);
  await expect(header(page).locator('.shd-flyout--cart').isVisible()).resolves.toBe(false);
  await expect(header(page).locator('.shd-flyout:not([hidden])').count()).resolves.toBe(0);
  await expect(header(page).getByRole('region', { name: /^Warenkorb/ }).count()).resolves.toBe(0);
  // Focus on the cart link (keyboard) does not open it either.
  await cartLink.focus();
  await page.waitForTimeout(300);
  await expect(header(page).locator('.shd-flyout:not([hidden])').count()).resolves.toBe(0);
  await expect(page.evaluate(() => document.body.classList.contains('flyout-open'))).resolves.toBe(false);
  await expectClean(watch);
  await page.close();
});

test('the checkout has the reduced header: logo, back button, secure-purchase hint, nothing else', async () => {
  const { page, watch } = await openPage();
  // The full header's benefits bar, on the home page: what the checkout leaves out below.
  await page.locator('[data-promotion-kind="BENEFITS"]').first().waitFor();
  await page.goto(`${shop.url}/checkout`);
  await header(page).waitFor();
  const root = header(page);
  await expect(root.getByRole('link', { name: 'SHOP zur Startseite' }).getAttribute('href')).resolves.toBe('/');
  await expect(root.getByRole('button', { name: 'Zurück' }).count()).resolves.toBe(1);
  await expect(root.getByText('Sicher einkaufen').isVisible()).resolves.toBe(true);
  // No icon bar, no navigation, no benefits bar: in the fragment and anywhere on the page.
  await expect(root.getByRole('button').count()).resolves.toBe(1);
  await expect(root.getByRole('link').count()).resolves.toBe(1);
  await expect(root.locator('.shd-icon-bar, .shd-nav, .shd-header__benefits').count()).resolves.toBe(0);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: /^(Suche|Filialfinder|Mein Konto|Warenkorb-Vorschau anzeigen)$/ }).count()).resolves.toBe(0);
  await expect(page.locator('[data-promotion-kind="BENEFITS"]').count()).resolves.toBe(0);
  await expect(page.locator('[data-static-header]').isVisible()).resolves.toBe(false);
  await expectClean(watch);

  // Back goes back in the browser's history (no app bridge here).
  await Promise.all([page.waitForURL(`${shop.url}/`), root.getByRole('button', { name: 'Zurück' }).click()]);
  await page.close();
});

test('axe-core finds no violation with the header closed and with each flyout open', async () => {
  const { page, watch } = await openPage();
  await navigationComplete(page);
  await addBarista(page);
  const violations: Record<string, string[]> = {};
  const check = async (state: string) => {
    violations[state] = await accessibilityViolations(page);
  };
  await check('closed');

  const listbox = await searchFor(page, 'ka');
  await expect(listbox.isVisible()).resolves.toBe(true);
  await check('search with suggestions');
  await page.keyboard.press('Escape'); // closes the suggestions
  await page.keyboard.press('Escape'); // closes the flyout

  const openIcon = async (name: string, shown: (panel: Locator) => Locator) => {
    const button = iconButton(page, name);
    await button.click();
    const panel = await panelOf(button);
    await shown(panel).waitFor({ timeout: 5000 });
    return panel;
  };
  const closeWithEscape = async (panel: Locator) => {
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  };

  let panel = await openIcon('Filialfinder', (p) => p.getByRole('heading', { name: 'Finde eine Filiale in deiner Nähe' }));
  await check('store finder');
  await closeWithEscape(panel);

  panel = await openIcon('Mein Konto', (p) => p.getByRole('link', { name: 'Anmelden' }));
  await check('user menu, logged out');
  // Sign in and register stand one under the other, two buttons of one width, not each as wide
  // as its word.
  const [login, register] = await Promise.all(['Anmelden', 'Registrieren'].map((name) => panel.getByRole('link', { name, exact: true }).boundingBox()));
  if (!login || !register) throw new Error('the user menu has no sign-in or register button');
  expect([Math.round(register.width) === Math.round(login.width), register.x === login.x, register.y > login.y + login.height - 1]).toEqual([true, true, true]);
  await closeWithEscape(panel);

  panel = await openIcon('Warenkorb-Vorschau anzeigen', (p) => p.getByRole('region', { name: /^Warenkorb/ }).getByRole('listitem').filter({ hasText: BARISTA }));
  await check('cart');
  await closeWithEscape(panel);

  const openToggle = async (title: string) => {
    const toggle = navigation(page).getByRole('button', { name: `${title} – Untermenü öffnen` });
    await toggle.click();
    const flyout = await panelOf(toggle);
    await flyout.getByRole('link').first().waitFor();
    return flyout;
  };
  panel = await openToggle('Kaffee');
  await check('category flyout');
  await closeWithEscape(panel);
  panel = await openToggle('Alle Themenwelten');
  await panel.getByRole('link', { name: /Herbstliche Kaffeemomente/ }).first().waitFor();
  await check('theme-world flyout');
  await closeWithEscape(panel);
  await expectClean(watch);

  await logInAsMember(page);
  panel = await openIcon('Mein Konto', (p) => p.getByText('Hallo Maria Muster'));
  await check('user menu, logged in');
  await closeWithEscape(panel);

  expect(violations).toEqual({
    closed: [],
    'search with suggestions': [],
    'store finder': [],
    'user menu, logged out': [],
    cart: [],
    'category flyout': [],
    'theme-world flyout': [],
    'user menu, logged in': [],
  });
  await expectClean(watch);
  await page.close();
});

test.each([1280, 1500])('at %i px a hand moving from an icon straight to the left part of its flyout keeps it open', async (width) => {
  const { page, watch } = await openPage('/', width);
  await navigationComplete(page);
  for (const name of ['Suche', 'Filialfinder']) {
    const icon = iconButton(page, name);
    const panel = await panelOf(icon);
    await mouseTo(page, icon);
    await panel.waitFor({ state: 'visible', timeout: 2000 });
    // The panel's first field, at its left end: across the header beside the icon bar.
    const target = await panel.locator('input').first().boundingBox();
    if (!target) throw new Error('no field in the flyout');
    await page.mouse.move(target.x + 8, target.y + target.height / 2, { steps: 25 });
    await page.waitForTimeout(500);
    await expect(panel.isVisible()).resolves.toBe(true);
    await page.mouse.move(width / 2, 790, { steps: 5 });
    await panel.waitFor({ state: 'hidden', timeout: 2000 });
  }
  await expectClean(watch);
  await page.close();
});

test('the mouse back on an icon whose flyout it left opens it again, also after the page overlay had come', async () => {
  const { page, watch } = await openPage('/', 1280);
  await navigationComplete(page);
  const store = iconButton(page, 'Filialfinder');
  const panel = await panelOf(store);
  const overlay = page.locator('.shd-overlay');
  for (let round = 0; round < 5; round++) {
    await mouseTo(page, store);
    await panel.waitFor({ state: 'visible', timeout: 2000 });
    // Resting long enough for the overlay (1 s); then off to the page, which closes it.
    await overlay.waitFor({ timeout: 2000 });
    await page.mouse.move(640, 790);
    await panel.waitFor({ state: 'hidden', timeout: 1000 });
    await overlay.waitFor({ state: 'detached', timeout: 1000 });
  }
  await expectClean(watch);
  await page.close();
});

test.each([800, 1200])('at %i px a link followed from an open navigation flyout, then back, returns to where the shopper was', async (width) => {
  const { page, watch } = await openPage('/', width);
  await navigationComplete(page);
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.waitForFunction(() => Math.round(window.scrollY) === 600);
  // Sticky mode holds the page still while the flyout is open.
  await navigation(page).getByRole('button', { name: 'Kaffee – Untermenü öffnen' }).click();
  await page.waitForFunction(() => document.body.style.position === 'fixed');
  const link = navigation(page).locator('a[href^="/kaffee/"]:visible').first();
  await Promise.all([page.waitForURL(/\/kaffee\//), link.click()]);
  await page.goBack();
  await header(page).waitFor();
  await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 3000 }).catch(() => undefined);
  expect(Math.round(await page.evaluate(() => window.scrollY))).toBeGreaterThanOrEqual(590);
  await expectClean(watch);
  await page.close();
});

describe('the navigation bar', () => {
  /** The bar's entries as links, in order. */
  const entries = (page: Page) => navigation(page).getByRole('link').allTextContents();

  test('a flyout the mouse opened stays when the mouse leaves it, until a click on the page, or an icon\'s flyout replaces it', async () => {
    const { page, watch } = await openPage('/', 1280);
    await navigationComplete(page);
    const toggle = navigation(page).getByRole('button', { name: 'Kaffee – Untermenü öffnen' });
    const panel = await panelOf(toggle);
    const overlay = page.locator('.shd-overlay');

    // Resting on the entry opens it; the mouse then leaves for the page below.
    await mouseTo(page, navigation(page).getByRole('link', { name: 'Kaffee', exact: true }));
    await panel.waitFor({ state: 'visible', timeout: 2000 });
    await page.mouse.move(640, 790);
    await page.waitForTimeout(600);
    await expect(panel.isVisible()).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    // A click on the page (the overlay over it) closes it, and follows nothing.
    await overlay.waitFor();
    await page.mouse.click(640, 790);
    await panel.waitFor({ state: 'hidden', timeout: 1000 });
    // The overlay goes with it (a render later: the navigation tells the header it closed).
    await overlay.waitFor({ state: 'detached', timeout: 1000 });
    expect(new URL(page.url()).pathname).toBe('/');

    // Opened again and left: an icon's flyout opening replaces it.
    await mouseTo(page, navigation(page).getByRole('link', { name: 'Kaffee', exact: true }));
    await panel.waitFor({ state: 'visible', timeout: 2000 });
    const store = iconButton(page, 'Filialfinder');
    await mouseTo(page, store);
    await (await panelOf(store)).waitFor({ state: 'visible', timeout: 2000 });
    await expect(store.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(panel.isVisible()).resolves.toBe(false);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expectClean(watch);
    await page.close();
  });
  const FALLBACK = ['Themenwelten', 'Wochenangebote', 'Kaffee', 'Filialen'];
  /** Chrome's own log line for the failed request. */
  const FAILED_500 = /status of 500/;

  const NAVIGATION = '/jsonflyoutnavigation';
  const THEME_WORLDS = '/service/themeworld-frontend/api/themeworlds/navigation';
  const SERVICES = [NAVIGATION, THEME_WORLDS];

  test.each([
    ['navigation', { navigation: true }, NAVIGATION],
    ['theme-world', { themeWorlds: true }, THEME_WORLDS],
  ] as const)('the header renders with the %s service failing, the four fallback entries stay', async (_name, faults, failing) => {
    await shop.faults(faults);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const watch = await watchPage(page);
    const answer = (path: string) => page.waitForResponse((response) => response.url().includes(path)).then((response) => response.status());
    const answers = Promise.all(SERVICES.map(answer));
    await page.goto(shop.url);
    await header(page).waitFor();
    // Both services answered (the failing one with 500); the fallback stays for good.
    await expect(answers).resolves.toEqual(SERVICES.map((path) => (path === failing ? 500 : 200)));
    await page.waitForTimeout(200);
    await expect(entries(page)).resolves.toEqual(FALLBACK);
    await expect(navigation(page).getByRole('button').count()).resolves.toBe(0);
    await expect(header(page).locator('nav.shd-nav').getAttribute('data-complete')).resolves.toBe('false');
    // The rest of the header is there and works.
    await expect(page.locator('[data-static-header]').isVisible()).resolves.toBe(false);
    for (const name of ['Suche', 'Filialfinder', 'Mein Konto', 'Warenkorb-Vorschau anzeigen']) {
      await expect(iconButton(page, name).isVisible()).resolves.toBe(true);
    }
    await iconButton(page, 'Filialfinder').click();
    await header(page).getByRole('heading', { name: 'Finde eine Filiale in deiner Nähe' }).waitFor();
    expect(watch.consoleErrors.filter((text) => FAILED_500.test(text))).toHaveLength(1);
    await expectClean(watch, FAILED_500);
    await page.close();
  });

  test('with both services up: the theme-world entry first, then the categories in the service\'s order', async () => {
    const [tree, themeWorlds] = await Promise.all([
      fetch(`${shop.url}/jsonflyoutnavigation?site=DE`).then((response) => response.json()),
      fetch(`${shop.url}/service/themeworld-frontend/api/themeworlds/navigation`, { headers: { site: 'DE' } }).then((response) =>
        response.json(),
      ),
    ]);
    const categories = (tree as { list: { children: { title: string }[] }[] }).list[0].children.map((child) => child.title);
    const overview = (themeWorlds as { overview: { title: string } }).overview.title;
    expect(categories.length).toBeGreaterThan(1);

    const { page, watch } = await openPage();
    await navigationComplete(page);
    await expect(entries(page)).resolves.toEqual([overview, ...categories]);
    await expect(navigation(page).getByRole('button').first().getAttribute('aria-label')).resolves.toBe(`${overview} – Untermenü öffnen`);
    await expectClean(watch);
    await page.close();
  });
});

test('suggestions that fail twice are asked again after 2 s and arrive; three requests for the text', async () => {
  await shop.faults({ suggestionsFailures: 2 });
  const { page, watch } = await openPage();
  const start = Date.now();
  const listbox = await searchFor(page, 'ka', 8000);
  const elapsed = Date.now() - start;
  await expect(listbox.getByRole('option', { name: 'kaffee', exact: true }).count()).resolves.toBe(1);
  const asked = watch.requests.filter((url) => url.includes('/service/searchfrontend/api/suggestions?') && /[?&]q=ka(&|$)/.test(url));
  expect(asked).toHaveLength(3);
  // Two waits of 2 s between the three calls.
  expect(elapsed).toBeGreaterThanOrEqual(3900);
  await page.waitForTimeout(300);
  expect(watch.requests.filter((url) => url.includes('/service/searchfrontend/api/suggestions?'))).toHaveLength(3);
  const failed503 = /status of 503/;
  expect(watch.consoleErrors.filter((text) => failed503.test(text))).toHaveLength(2);
  await expectClean(watch, failed503);
  await page.close();
});

test('logged in as the member, the user menu greets her and lists the beans and Logout; on TR no loyalty card', async () => {
  const { page, watch } = await openPage();
  await logInAsMember(page);
  const userButton = iconButton(page, 'Mein Konto');
  await userButton.click();
  const panel = await panelOf(userButton);
  await panel.getByText('Hallo Maria Muster').waitFor();
  await expect(panel.getByRole('link', { name: 'Meine Bohnen: 1.250' }).getAttribute('href')).resolves.toBe('/beanaccount');
  await expect(panel.getByRole('link', { name: 'Abmelden' }).getAttribute('href')).resolves.toBe('/logout');
  await expect(panel.getByRole('link', { name: 'Anmelden' }).count()).resolves.toBe(0);
  await expect(panel.getByRole('link', { name: 'Meine Kundenkarte' }).count()).resolves.toBe(1);
  await expectClean(watch);

  // The same login on the TR site: its texts, its links, and no loyalty card (nor help and service).
  await page.goto(`${shop.url}/tr/`);
  await header(page).waitFor();
  const trButton = iconButton(page, 'Hesabım');
  await trButton.click();
  const trPanel = await panelOf(trButton);
  await trPanel.getByText('Merhaba Maria Muster').waitFor();
  await expect(trPanel.getByRole('link', { name: 'Çıkış yap' }).getAttribute('href')).resolves.toBe('/tr/logout');
  await expect(trPanel.getByRole('link', { name: 'Müşteri kartım' }).count()).resolves.toBe(0);
  await expect(trPanel.locator('.shd-flyout__links').getByRole('link').allTextContents()).resolves.toEqual([
    'Hesabım',
    'Siparişlerim',
    'Favori listem',
    'Çekirdeklerim: 1.250',
  ]);
  await expectClean(watch);
  await page.close();
});

test('content pages place promotions through the header fragment: the coffee category banner and the home page phase integration', async () => {
  const { page, watch } = await openPage('/kaffee');
  const banner = page.locator('[data-promotion-slot="category-coffee"] .shd-promo-surface');
  await banner.getByText('Kaffee für jeden Geschmack').waitFor();
  // Image paths were rewritten from the image delivery to /img by the core.
  const sources = await banner.locator('img, source').evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('src') ?? node.getAttribute('srcset') ?? ''),
  );
  expect(sources.length).toBeGreaterThan(0);
  for (const source of sources) expect(source).toMatch(/^\/img\//);
  await page.goto(shop.url);
  await page.locator('[data-promotion-slot="phase-weekly"] .shd-promo-surface').locator('h2, h3, p').first().waitFor();
  await expectClean(watch);

  // The promotion service failing for the browser: the page's own copy of the banner stays,
  // the page works.
  await shop.faults({ promotions: true });
  await page.goto(`${shop.url}/kaffee`);
  await header(page).waitFor();
  await page.waitForLoadState('networkidle');
  const slot = page.locator('[data-promotion-slot="category-coffee"]');
  await expect(slot.locator('[data-static-promotion]').isVisible()).resolves.toBe(true);
  await expect(slot.getByRole('heading', { name: 'Kaffee für jeden Geschmack' }).count()).resolves.toBe(1);
  await expect(slot.locator('.shd-promo-surface').count()).resolves.toBe(0);
  // The header's benefits row closed up (ADR 0034), and the header's slot with it: no empty band
  // above the logo or under the header.
  await expect(header(page).locator('.shd-header__benefits').isVisible()).resolves.toBe(false);
  const [fragment, headerSlot] = await Promise.all([header(page).locator('.shd-header').boundingBox(), page.locator('.shell-slot--header').boundingBox()]);
  expect(Math.round(headerSlot?.height ?? 0)).toBe(Math.round(fragment?.height ?? -1));
  await expectClean(watch, /status of 500/);
  await page.close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the coffee category's banner is in the page from its first paint and the fragment's takes its place without a shift`, async () => {
    const page = await browser.newPage({ viewport });
    const watch = await watchPage(page);
    // The promotion's answer comes late, as from a busy service: the page's copy holds the room.
    await page.route(/\/service\/promotion\/api\/promotion\/category-coffee/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    // Pictures whose files are square: the cutouts' aspect ratios (4/3, 16/5 from 1023 px) crop
    // them, in the copy as in the fragment's banner.
    await page.route(/\/img\/promotions\/category-coffee(-wide)?\.svg$/, (route) =>
      route.fulfill({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="#a87"/></svg>',
      }),
    );
    await recordLayoutShifts(page);
    await page.goto(`${shop.url}/kaffee`, { waitUntil: 'commit' });
    const slot = page.locator('[data-promotion-slot="category-coffee"]');
    const copy = slot.locator('[data-static-promotion]');
    await copy.waitFor();
    // Measured as first painted: once the page's stylesheets are in (the parser may hand the
    // copy over before them on a busy machine; no frame shows it so).
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
    await copy.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    const copyHeight = await copy.evaluate((element) => element.getBoundingClientRect().height);
    const ratio = viewport.width >= 1023 ? 16 / 5 : 4 / 3;
    const mediaBox = await copy.locator('.shell-promo__media').boundingBox();
    expect(Math.abs((mediaBox?.height ?? 0) - (mediaBox?.width ?? 0) / ratio)).toBeLessThan(1);
    // The copy has the editor's colours too.
    await expect(copy.evaluate((element) => getComputedStyle(element).backgroundColor)).resolves.toBe('rgb(244, 239, 233)');
    // The fragment's banner, styled, with the editor's colours, in place of the copy.
    await slot.locator('.shd-promo-surface--category').waitFor();
    await copy.waitFor({ state: 'hidden' });
    await expect(slot.locator('.shd-promo-surface').evaluate((surface) => getComputedStyle(surface).backgroundColor)).resolves.toBe('rgb(244, 239, 233)');
    const bannerHeight = await slot.locator('.shd-promo-surface').evaluate((element) => element.getBoundingClientRect().height);
    expect(Math.abs(bannerHeight - copyHeight)).toBeLessThan(1);
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    expect(await layoutShiftsBeyond(page, 0.001)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await expectClean(watch);
    await page.close();
  });
}

test('in sticky mode the bar and the navigation stay at the window\'s top while the page scrolls, without moving the page; CLASSIC scrolls away', async () => {
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await navigationComplete(page);
  const heading = page.getByRole('heading', { level: 1 });
  const offsetInPage = () => heading.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const before = await offsetInPage();
  const bar = page.locator('.shd-header__bar');
  const naturalTop = (await bar.boundingBox())?.y;

  const stuck = page.locator('.shd-header--stuck');
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => window.scrollY > 1000);
  await stuck.waitFor();
  await expect(bar.boundingBox().then((box) => box?.y)).resolves.toBe(0);
  await expect(navigation(page).isVisible()).resolves.toBe(true);
  await expect(page.locator('.shd-header__benefits').boundingBox().then((box) => (box ? box.y + box.height : NaN))).resolves.toBeLessThanOrEqual(0);
  await expect(offsetInPage()).resolves.toBe(before);
  // A link's target (here the skip link's, the page's content) scrolls into view below the
  // header, not under it.
  await page.evaluate(() => {
    window.location.hash = 'content';
  });
  await page.waitForTimeout(200);
  const headerBottom = await page.locator('.shd-header').evaluate((element) => element.getBoundingClientRect().bottom);
  await expect(heading.evaluate((element) => element.getBoundingClientRect().top)).resolves.toBeGreaterThanOrEqual(headerBottom);
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => window.scrollY > 1000);
  await stuck.waitFor();
  // The stuck header works: its search opens.
  await iconButton(page, 'Suche').click();
  await expect(header(page).getByRole('combobox', { name: 'Suchbegriff' }).isVisible()).resolves.toBe(true);
  await page.keyboard.press('Escape');
  // Shift+Tab from the bar into the rows above it: the header comes down whole, so the focused
  // control is in the window; back in the bar, they are lifted away again.
  await header(page).locator('.shd-logo').focus();
  await page.keyboard.press('Shift+Tab');
  const focusedTop = () => page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? NaN);
  await expect(page.evaluate(() => document.activeElement?.closest('.shd-header__benefits, .shd-header__top-banner') !== null)).resolves.toBe(true);
  await expect(focusedTop()).resolves.toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.classList.contains('shd-logo'))).resolves.toBe(true);
  await expect(bar.boundingBox().then((box) => box?.y)).resolves.toBe(0);

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await stuck.waitFor({ state: 'detached' });
  await expect(bar.boundingBox().then((box) => box?.y)).resolves.toBe(naturalTop);
  await expect(offsetInPage()).resolves.toBe(before);
  await expectClean(watch);
  await page.close();

  const classic = await browser.newPage({ viewport: { width: 1600, height: 800 } });
  await classic.goto(shop.url);
  await navigationComplete(classic);
  await classic.mouse.wheel(0, 600);
  await classic.waitForFunction(() => window.scrollY > 300);
  await classic.waitForTimeout(200);
  await expect(classic.locator('.shd-header__bar').boundingBox().then((box) => (box ? box.y + box.height : NaN))).resolves.toBeLessThan(0);
  await classic.close();
});

test('on a touch screen a tap opens an icon\'s flyout and another closes it; a category\'s first tap opens its menu, the second follows it; the cart icon leads to the basket', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 800 },
    hasTouch: true,
    isMobile: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await navigationComplete(page);

  const user = iconButton(page, 'Mein Konto');
  await user.tap();
  await expect(user.getAttribute('aria-expanded')).resolves.toBe('true');
  await (await panelOf(user)).getByRole('link', { name: 'Anmelden' }).waitFor();
  await user.tap();
  await expect(user.getAttribute('aria-expanded')).resolves.toBe('false');

  const coffee = navigation(page).getByRole('link', { name: 'Kaffee', exact: true });
  await coffee.tap();
  const toggle = navigation(page).getByRole('button', { name: 'Kaffee – Untermenü öffnen' });
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
  expect(new URL(page.url()).pathname).toBe('/');
  await Promise.all([page.waitForURL((url) => url.pathname === '/kaffee'), coffee.tap()]);

  await header(page).waitFor();
  await Promise.all([page.waitForURL((url) => url.pathname === '/cart'), header(page).locator('.shd-icon-bar__cart').tap()]);
  await expectClean(watch);
  await context.close();
});

test('on a wide screen a navigation flyout\'s content starts where the header\'s does, under the logo, not at the window\'s edge', async () => {
  const { page, watch } = await openPage('/', 1920);
  await navigationComplete(page);
  const logo = await header(page).locator('.shd-logo').boundingBox();
  for (const [toggle, first] of [
    ['Kaffee – Untermenü öffnen', 'Alle anzeigen – Kaffee'],
    ['Alle Themenwelten – Untermenü öffnen', 'Alle Themenwelten'],
  ]) {
    await navigation(page).getByRole('button', { name: toggle }).click();
    const panel = await panelOf(navigation(page).getByRole('button', { name: toggle }));
    const link = await panel.getByRole('link', { name: first }).first().boundingBox();
    expect([toggle, Math.round(link?.x ?? 0)]).toEqual([toggle, Math.round(logo?.x ?? -1)]);
  }
  await expectClean(watch);
  await page.close();
});

test('the category drill-down: a child opens its own list, indented under it with its "show all", and opening a sibling closes it', async () => {
  const { page, watch } = await openPage('/', 360);
  await navigationComplete(page);
  await navigation(page).getByRole('button', { name: 'Mode – Untermenü öffnen' }).click();
  const women = navigation(page).getByRole('button', { name: 'Damenmode' });
  await women.click();
  await expect(women.getAttribute('aria-expanded')).resolves.toBe('true');
  const dresses = navigation(page).getByRole('link', { name: 'Kleider' });
  await dresses.waitFor();
  // The child's "show all" belongs to it: indented as its list is, not level with the category's own.
  const showAll = navigation(page).getByRole('link', { name: 'Alle anzeigen – Damenmode' });
  const [parent, child, all] = await Promise.all([women.boundingBox(), dresses.boundingBox(), showAll.boundingBox()]);
  expect([child && parent && child.x >= parent.x + 8, all && parent && all.x >= parent.x + 8]).toEqual([true, true]);
  await navigation(page).getByRole('button', { name: 'Herrenmode' }).click();
  await expect(women.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(dresses.isVisible()).resolves.toBe(false);
  await expectClean(watch);
  await page.close();
});

test('on a phone the search box lies over the bar: no icon of the bar shows through the box or its suggestions', async () => {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const watch = await watchPage(page);
  await page.goto(shop.url);
  await navigationComplete(page);
  await iconButton(page, 'Suche').click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  await page.keyboard.type('ka');
  await header(page).getByRole('listbox', { name: 'Suchvorschläge' }).getByRole('option').first().waitFor();
  const cartLink = header(page).locator('.shd-icon-bar__cart');
  const box = await cartLink.boundingBox();
  if (!box) throw new Error('the cart link is not laid out');
  // What a tap on the cart icon's place reaches: the search overlay, not the cart link.
  const reached = await page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.shd-flyout--overlay')),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(reached).toBe(true);
  await expectClean(watch);
  await page.close();
});

test('on a phone the top banner has two rows in the space the static header reserved: nothing overlaps or leaves the screen, nothing shifts', async () => {
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  const watch = await watchPage(page);
  await recordLayoutShifts(page);
  await page.goto(shop.url);
  const banner = page.locator('.shd-header__top-banner');
  const parts = {
    headline: banner.getByText('10 % auf Kaffee', { exact: true }),
    legalToggle: banner.getByRole('button', { name: /Details/ }),
    code: banner.getByText('KAFFEE10', { exact: true }),
    copy: banner.getByRole('button', { name: 'Code kopieren' }),
  };
  await parts.code.waitFor();
  const frame = await banner.boundingBox();
  expect(frame?.height).toBe(88);
  const boxes = await Promise.all(Object.values(parts).map((part) => part.boundingBox()));
  for (const [index, box] of boxes.entries()) {
    if (!box || !frame) throw new Error(`${Object.keys(parts)[index]} is not shown`);
    expect([box.x >= 0, box.x + box.width <= 360, box.y >= frame.y, box.y + box.height <= frame.y + frame.height]).toEqual([true, true, true, true]);
    for (const other of boxes.slice(index + 1)) {
      if (!other) continue;
      const apart = box.x + box.width <= other.x || other.x + other.width <= box.x || box.y + box.height <= other.y || other.y + other.height <= box.y;
      expect(apart).toBe(true);
    }
  }
  // The first row's text is the short headline; the subline and the code's label wait for a wider screen.
  await expect(banner.getByText('Dein Code:').isVisible()).resolves.toBe(false);
  await page.waitForTimeout(300);
  expect(await layoutShiftsBeyond(page, 0.001)).toEqual([]);
  // The phone's header as a whole, and with the legal text open.
  expect(await accessibilityViolations(page)).toEqual([]);
  await parts.legalToggle.click();
  await banner.getByText(/Gültig bis Sonntag/).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await expectClean(watch);
  await page.close();
});

/** Serves the home page's top banner with `change` made to its document, as an editor could write it. */
async function editedTopBanner(page: Page, change: (document: Record<string, unknown>) => void): Promise<void> {
  await page.route(/\/service\/promotion\/api\/promotion\/top-banner(\?|$)/, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { type: string; contentJSON: string };
    const document = JSON.parse(answer.contentJSON) as Record<string, unknown>;
    change(document);
    await route.fulfill({ response, json: { ...answer, contentJSON: JSON.stringify(document) } });
  });
}

test('a top banner with a long button label (the Advent banner in French) and a legal hint without its short form keeps the reserved row at every width: nothing shifts, the hint\'s chevron stays on the screen', async () => {
  for (const [width, height] of [[1280, 48], [780, 48], [320, 88]] as const) {
    const page = await browser.newPage({ viewport: { width, height: 700 } });
    const watch = await watchPage(page);
    await editedTopBanner(page, (document) => {
      document.headline = 'Calendrier de l’Avent : une offre par jour';
      document.promotionShortText = 'Calendrier de l’Avent';
      document.subline = 'Du 1er au 24 décembre – chaque jour une nouveauté';
      document.ctaButton = { ctaLink: { url: '/themenwelten/barista-zu-hause', text: 'Vers le calendrier de l’Avent' } };
      document.voucherOrButton = { selector: 'ctaButton' };
      document.legalTextHint = 'Teilnahmebedingungen und Details';
      delete document.legalTextHintShort;
    });
    await recordLayoutShifts(page);
    await page.goto(shop.url);
    const banner = page.locator('.shd-header__top-banner');
    // The button keeps its whole label as its name, cut or not.
    const button = banner.getByRole('link', { name: 'Vers le calendrier de l’Avent' });
    await button.waitFor();
    await page.waitForTimeout(300);
    const [frame, chevron] = await Promise.all([banner.boundingBox(), banner.locator('.shd-promo-legal__chevron').boundingBox()]);
    expect([width, frame?.height]).toEqual([width, height]);
    expect([width, (chevron?.x ?? 0) + (chevron?.width ?? 0) <= width, (chevron?.width ?? 0) >= 8]).toEqual([width, true, true]);
    expect([width, await layoutShiftsBeyond(page, 0.001)]).toEqual([width, []]);
    await expectClean(watch);
    await page.close();
  }
});

test('on a phone a copy the browser refuses keeps the top banner in its row: the fallback text shows over the first row, the code selected below it', async () => {
  const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('refused')) } });
  });
  await recordLayoutShifts(page);
  await page.goto(shop.url);
  const banner = page.locator('.shd-header__top-banner');
  await banner.getByRole('button', { name: 'Code kopieren' }).click();
  const fallback = banner.getByRole('status');
  await fallback.getByText(/Kopieren hat nicht geklappt/).waitFor();
  const [frame, text, code] = await Promise.all([banner.boundingBox(), fallback.boundingBox(), banner.getByText('KAFFEE10', { exact: true }).boundingBox()]);
  expect(frame?.height).toBe(88);
  // The text lies within the banner's first row, above the code, which the shopper copies by hand.
  expect([(text?.y ?? 0) >= (frame?.y ?? 0), (text?.y ?? 0) + (text?.height ?? 0) <= (code?.y ?? 0)]).toEqual([true, true]);
  await expect(page.evaluate(() => window.getSelection()?.toString())).resolves.toBe('KAFFEE10');
  await page.close();
});

test("the header's stylesheet comes late: the static header stays until it is in, so nothing shifts", async () => {
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  const watch = await watchPage(page);
  // The header fragment's stylesheet comes 800 ms after its script, as on a busy server.
  await page.route(/__federation_expose_Header\.[0-9a-f]+\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await recordLayoutShifts(page);
  await page.goto(shop.url);
  await header(page).waitFor();
  // Styled when it shows: the phone's top banner in its two rows.
  await expect(page.locator('.shd-header__top-banner').evaluate((banner) => banner.getBoundingClientRect().height)).resolves.toBe(88);
  await page.locator('.shd-header__top-banner').getByText('KAFFEE10', { exact: true }).waitFor();
  await page.waitForTimeout(300);
  expect(await layoutShiftsBeyond(page, 0.001)).toEqual([]);
  await expectClean(watch);
  await page.close();
});

test("the header's stylesheet fails to load (a deploy half done): the static header stays, working, and nothing shifts", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  await page.route(/__federation_expose_Header\.[0-9a-f]+\.css$/, (route) => route.fulfill({ status: 404, body: '' }));
  await recordLayoutShifts(page);
  const gaveUp = page.waitForEvent('console', (message) => message.text().includes('fragment header/Header: its stylesheet did not load'));
  await page.goto(shop.url);
  await gaveUp;
  await page.waitForTimeout(300);
  // No unstyled fragment in its place: the static header with its links.
  await expect(header(page).count()).resolves.toBe(0);
  await expect(page.locator('.shell-logo').isVisible()).resolves.toBe(true);
  await expect(page.locator('#shell-cart').getAttribute('href')).resolves.toMatch(/\/cart/);
  expect(await layoutShiftsBeyond(page, 0.001)).toEqual([]);
  await expectClean(watch, /status of 404|stylesheet did not load|Loading CSS chunk/);
  await page.close();
});

test.each([780, 1024, 1280])('at %i px the top banner\'s one row shows the headline whole, the code and the legal toggle', async (width) => {
  const { page, watch } = await openPage('/', width);
  const banner = page.locator('.shd-header__top-banner');
  await banner.getByText('KAFFEE10', { exact: true }).waitFor();
  const headline = banner.locator('.shd-promo-headline');
  // Cut with an ellipsis, a text is wider than its box.
  await expect(headline.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true);
  // The percent sign stays with its number (a no-break space).
  await expect(headline.innerText()).resolves.toBe('10\u00a0% Rabatt auf Kaffee');
  const copy = banner.getByRole('button', { name: 'Code kopieren' });
  for (const part of [copy, banner.getByRole('button', { name: /Details/ })]) {
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  }
  // Before a copy, its outcome's empty live region paints nothing: no dot of the banner's colour
  // under the banner (its edge for contrast themes drew one, 2 x 2 px, over the header's bar).
  const emptyStatus = await banner.locator('.shd-promo-voucher__status').evaluate((element) => {
    const { width, height } = element.getBoundingClientRect();
    return { text: element.textContent, area: width * height };
  });
  expect(emptyStatus).toEqual({ text: '', area: 0 });
  // Copying the code moves nothing in the row: its outcome shows under the banner, clear of
  // the button, inside the window (copied, or the fallback when the clipboard is refused).
  const rowParts = [headline, banner.getByText('KAFFEE10', { exact: true }), copy];
  const before = await Promise.all(rowParts.map((part) => part.boundingBox()));
  await copy.click();
  const status = banner.getByRole('status').filter({ hasText: /Code kopiert|Kopieren hat nicht geklappt/ });
  await status.waitFor();
  await expect(Promise.all(rowParts.map((part) => part.boundingBox()))).resolves.toEqual(before);
  const [shown, button, frame] = await Promise.all([status.boundingBox(), copy.boundingBox(), banner.boundingBox()]);
  if (!shown || !button || !frame) throw new Error('the outcome, the button or the banner is not laid out');
  expect([shown.x >= 0, shown.x + shown.width <= width, shown.y >= frame.y + frame.height, shown.y >= button.y + button.height]).toEqual([true, true, true, true]);
  await expectClean(watch);
  await page.close();
});

test('the home page top banner: its row is reserved, its legal hint opens and closes when a header flyout opens', async () => {
  const { page, watch } = await openPage('/');
  const banner = page.locator('.shd-header__top-banner');
  await banner.getByText('KAFFEE10', { exact: true }).waitFor();
  const hint = banner.getByRole('button', { name: /Details zum Angebot/ });
  await hint.click();
  await expect(hint.getAttribute('aria-expanded')).resolves.toBe('true');
  await banner.getByText(/Gültig bis Sonntag/).waitFor();
  // Opening a header flyout closes the legal hint.
  await iconButton(page, 'Filialfinder').click();
  await expect(hint.getAttribute('aria-expanded')).resolves.toBe('false');
  // Other pages have no top banner row.
  await page.goto(`${shop.url}/kaffee`);
  await header(page).waitFor();
  await expect(page.locator('.shd-header__top-banner').count()).resolves.toBe(0);
  await expectClean(watch);
  await page.close();
});

test('without JavaScript the static header works: its icons lead to search, store finder, account and cart, and a search runs from there', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shop.url + '/pl/');
  const bar = page.locator('[data-static-header] .shell-header__bar');
  await expect(bar.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? link.textContent))).resolves.toEqual([
    'SHOP – Strona główna',
    'Szukaj',
    'Wyszukiwarka sklepów',
    'Moje konto',
    'Koszyk',
  ]);
  // The icons are the fragment's, in a row with the logo, inside a phone's width, each a
  // 44 px target.
  for (const link of await bar.locator('.shell-icon').all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.height >= 44).toBe(true);
  }

  await bar.getByRole('link', { name: 'Szukaj' }).click();
  await page.waitForURL(/\/pl\/search$/);
  // The field asks for the cursor (autofocus; when the browser applies it is the browser's
  // choice, and a busy headless one sometimes skips it), and typing into it searches.
  const field = page.locator('#shell-search-query');
  await expect(field.getAttribute('autofocus')).resolves.not.toBeNull();
  await field.click();
  await page.keyboard.type('barista');
  await page.keyboard.press('Enter');
  await page.waitForURL(/query=barista/);
  await expect(page.locator('.shell-products li').count()).resolves.toBeGreaterThan(0);
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pl-PL');

  await page.locator('[data-static-header]').getByRole('link', { name: 'Wyszukiwarka sklepów' }).click();
  await page.waitForURL(/\/pl\/service\/storefinder\/search$/);
  await page.locator('[data-static-header]').getByRole('link', { name: 'Moje konto' }).click();
  await page.waitForURL(/\/pl\/account$/);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Moje konto');
  // The account page's sign-in leads back to it, signed in.
  await page.locator('main a').first().click();
  await page.waitForURL(/\/signin\?loginRedirect=/);
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(/\/pl\/account$/);
  await page.getByText('Maria Muster', { exact: false }).first().waitFor();
  await context.close();
});

test("on a phone the search page's field is the page's width, before and after the header's box takes its place", async () => {
  // The server's form, as it stands until the box comes (here: without scripts, where it stays).
  const plain = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto(`${shop.url}/search?query=kaffee`);
  const staticWidth = await plainPage.locator('main form[data-static-search]').evaluate((form) => Math.round(form.getBoundingClientRect().width));
  await plain.close();
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  const watch = await watchPage(page);
  await page.goto(`${shop.url}/search?query=kaffee`);
  const main = page.locator('main');
  const box = main.getByRole('combobox', { name: 'Suchbegriff' });
  await box.waitFor();
  const width = () => main.locator('.shd-search').evaluate((element) => Math.round(element.getBoundingClientRect().width));
  const content = await main.evaluate((element) => Math.round(element.getBoundingClientRect().width - parseFloat(getComputedStyle(element).paddingLeft) - parseFloat(getComputedStyle(element).paddingRight)));
  await expect(width()).resolves.toBe(content);
  expect(staticWidth).toBe(content);
  await box.focus();
  await expect(width()).resolves.toBe(content);
  await expectClean(watch);
  await page.close();
});

test('a page that does not exist offers the search: the header\'s box with suggestions takes the form\'s place, and Enter runs the search', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const watch = await watchPage(page);
  const answer = await page.goto(`${shop.url}/gibt-es-nicht`);
  expect(answer?.status()).toBe(404);
  const main = page.locator('main');
  const box = main.getByRole('combobox', { name: 'Suchbegriff' });
  await box.waitFor();
  await expect(main.locator('form[data-static-search]').isHidden()).resolves.toBe(true);
  await box.click();
  await page.keyboard.type('ka');
  await main.getByRole('listbox').getByRole('option').first().waitFor();
  await box.fill('barista');
  await Promise.all([page.waitForURL(/\/search\?.*query=barista/), page.keyboard.press('Enter')]);
  await expect(page.locator('main h1').innerText()).resolves.toBe('Suche');
  await expectClean(watch, /status of 404/);
  await page.close();
});

test('on DE the term "agb" typed on the search page leads to the terms page, as from the header\'s box', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shop.url + '/search');
  await page.waitForFunction(() => document.activeElement?.id === 'shell-search-query');
  await page.keyboard.type(' AGB ');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/agb-s400007325\.html$/);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Allgemeine Geschäftsbedingungen');
  await context.close();
});

test('the search page\'s field becomes the header\'s box: 170 px wide, 408 px on focus, with suggestions; text typed before it came, the cursor and the focus go along, nothing moves', async () => {
  const { page, watch } = await openPage('/search?query=kaffee');
  const main = page.locator('main');
  const box = main.getByRole('combobox', { name: 'Suchbegriff' });
  await box.waitFor();
  await expect(main.locator('form[data-static-search]').isHidden()).resolves.toBe(true);
  await expect(box.inputValue()).resolves.toBe('kaffee');
  const form = main.locator('.shd-search');
  await expect(form.evaluate((element) => element.getBoundingClientRect().width)).resolves.toBe(170);
  await box.focus();
  await page.waitForFunction(() => document.querySelector('main .shd-search')?.getBoundingClientRect().width === 408);
  await box.fill('');
  await page.keyboard.type('ka');
  const listbox = main.getByRole('listbox');
  await listbox.getByRole('option').first().waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await expect(box.getAttribute('aria-activedescendant')).resolves.toBeTruthy();
  await box.fill('');
  await page.keyboard.type('barista');
  await Promise.all([page.waitForURL(/query=barista/), page.keyboard.press('Enter')]);
  await main.getByRole('combobox', { name: 'Suchbegriff' }).waitFor();
  await expectClean(watch);
  await page.close();

  // Opened without a term the page's field has the cursor. The shopper types before the box
  // comes and puts the cursor back into the word: the box takes the text, the cursor and the
  // focus over, and the results below do not move.
  const empty = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await empty.route(/__federation_expose_SearchField\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await empty.goto(shop.url + '/cz/search', { waitUntil: 'domcontentloaded' });
  await empty.waitForFunction(() => document.activeElement?.id === 'shell-search-query');
  await empty.keyboard.type('barista');
  for (let step = 0; step < 3; step++) await empty.keyboard.press('ArrowLeft');
  const heading = empty.locator('main h2');
  const before = await heading.evaluate((element) => element.getBoundingClientRect().top);
  release();
  await empty.waitForFunction(() => document.activeElement?.closest('.shell-search-app') !== null);
  await expect(heading.evaluate((element) => element.getBoundingClientRect().top)).resolves.toBe(before);
  await empty.keyboard.type('X');
  const pageBox = empty.locator('main').getByRole('combobox');
  await expect(pageBox.inputValue()).resolves.toBe('bariXsta');
  await pageBox.fill('barista');
  await Promise.all([empty.waitForURL(/query=barista/), empty.keyboard.press('Enter')]);
  await expect(empty.locator('.shell-products li').count()).resolves.toBeGreaterThan(0);
  await empty.close();
});

test.each([1280, 320])('at %i px, when the header fragment cannot load, the static header\'s icons sit where the fragment\'s do and axe finds no violation', async (width) => {
  const centres = async (page: Page, icons: Locator) => {
    const boxes = await Promise.all((await icons.all()).map((icon) => icon.boundingBox()));
    return boxes.map((box) => (box ? Math.round(box.x + box.width / 2) : -1));
  };
  const { page: withFragment } = await openPage('/', width);
  const fragmentIcons = await centres(withFragment, header(withFragment).locator('.shd-icon-bar__button, .shd-icon-bar__cart'));
  // Within the window, the bar's padding kept.
  expect(Math.max(...fragmentIcons)).toBeLessThanOrEqual(width - 16 - 22);
  await withFragment.close();

  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const watch = await watchPage(page);
  await page.route(/__federation_expose_Header/, (route) => route.abort());
  await page.goto(shop.url);
  const staticHeader = page.locator('[data-static-header]');
  await page.waitForFunction(() => document.querySelector('.shd-root') === null && document.readyState === 'complete');
  const staticIcons = await centres(page, staticHeader.locator('.shell-icon'));
  expect(staticIcons).toHaveLength(4);
  expect(staticIcons).toEqual(fragmentIcons);
  await expect(staticHeader.isVisible()).resolves.toBe(true);
  await expect(accessibilityViolations(page)).resolves.toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});

test('in forced colours only the open category is underlined, and the page\'s add-to-cart buttons keep their outline', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, forcedColors: 'active' });
  const page = await context.newPage();
  await page.goto(shop.url);
  await navigationComplete(page);
  const underlines = () =>
    header(page)
      .locator('.shd-nav__entry')
      .evaluateAll((entries) => entries.map((entry) => getComputedStyle(entry).borderBottomColor));
  const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(new Set(await underlines())).toEqual(new Set([canvas]));
  await navigation(page).getByRole('button', { name: /Kaffee/ }).first().click();
  const open = await underlines();
  expect(open.filter((colour) => colour !== canvas)).toHaveLength(1);
  const button = page.locator('.shell-add').first();
  await expect(button.evaluate((element) => getComputedStyle(element).borderTopWidth)).resolves.toBe('1px');
  await context.close();
});

test('on a low window the cart flyout ends inside it: the mini cart scrolls, and its checkout button can be reached', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 480 } });
  await page.goto(shop.url);
  await navigationComplete(page);
  await addBarista(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const preview = iconButton(page, 'Warenkorb-Vorschau anzeigen');
  const panel = await panelOf(preview);
  await preview.click();
  await panel.getByRole('listitem').filter({ hasText: BARISTA }).waitFor();
  const flyout = await panel.boundingBox();
  expect(flyout && flyout.y + flyout.height <= 480).toBe(true);
  const checkout = panel.getByRole('button', { name: 'Direkt zur Kasse' }).or(panel.getByRole('link', { name: 'Direkt zur Kasse' }));
  await checkout.scrollIntoViewIfNeeded();
  const button = await checkout.boundingBox();
  expect(button && button.y >= 0 && button.y + button.height <= 480).toBe(true);
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  await page.close();
});

test('on a wide screen the benefits spread over the bar; focused, a benefit shows its whole focus ring', async () => {
  const { page } = await openPage('/', 1440);
  const list = page.locator('.shd-promo-benefits');
  await list.waitFor();
  const row = await list.boundingBox();
  const items = list.locator('.shd-promo-benefits__item');
  const first = await items.first().boundingBox();
  const last = await items.last().boundingBox();
  // Spread as space-around spreads them: as much room before the first as after the last.
  const before = first!.x - row!.x;
  const after = row!.x + row!.width - (last!.x + last!.width);
  expect(before).toBeGreaterThan(16);
  expect(Math.abs(before - after)).toBeLessThan(4);
  // The ring (a shadow around the link) lies inside the row, which clips what is outside it.
  const link = items.first().getByRole('link');
  await link.focus();
  const ring = await link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const row = element.closest('.shd-promo-benefits')!.getBoundingClientRect();
    return { top: box.top - row.top, bottom: row.bottom - box.bottom, shadow: getComputedStyle(element).boxShadow };
  });
  expect(ring.shadow).not.toBe('none');
  expect(ring.top).toBeGreaterThanOrEqual(3);
  expect(ring.bottom).toBeGreaterThanOrEqual(3);
  await page.close();
});
