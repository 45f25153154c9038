/**
 * The newsletter sign-up in headless Chromium, on the assembled shop (newsletter spec sections
 * 2, 4, 5, 7, 8): the fragment takes over the page's slot; the e-mail is checked when the field
 * is left; a valid sign-up reaches the reference service and shows the success message; its
 * double opt-in link confirms it; an invalid link shows its banner until the e-mail field is
 * focused; a logged-in member finds the form filled; a failing service keeps every value; axe-core
 * finds no violation.
 */
import type { Browser, Page } from 'playwright-core';
import { expectClean, useShopInBrowser, scrollToPageEnd, accessibilityViolations, watchPage, recordLayoutShifts, layoutShiftsBeyond, stylesheetsSettled, type PageWatch, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running), { resetFaults: true });

const signup = (page: Page) => page.locator('.snl-root');
const email = (page: Page) => signup(page).getByRole('textbox', { name: /E-Mail-Adresse/ });

async function openSignup(path = '/subscribenewsletter'): Promise<{ page: Page; watch: PageWatch }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = await watchPage(page);
  await page.goto(shop.url + path);
  await email(page).waitFor();
  return { page, watch };
}

test('a sign-up from the keyboard: the e-mail is checked on leaving the field, the service answers, its link confirms', async () => {
  const { page, watch } = await openSignup();
  await expect(page.locator('[data-static-newsletter]').isHidden()).resolves.toBe(true);
  await email(page).focus();
  await page.keyboard.type('anna@');
  await page.keyboard.press('Tab');
  await signup(page).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  await email(page).fill('anna.e2e@example.com');
  const answer = page.waitForResponse((response) => response.url().endsWith('/newsletter-subscribers') && response.request().method() === 'POST');
  await email(page).press('Enter');
  const posted = await answer;
  expect(posted.status()).toBe(201);
  const success = signup(page).getByRole('status');
  await success.getByRole('heading', { name: 'Fast geschafft!' }).waitFor();
  await expect(success.textContent()).resolves.toContain('anna.e2e@example.com');
  await expect(success.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The double opt-in link of the e-mail (the reference server's test outbox) confirms it.
  const mail = await fetch(`${shop.url}/service/test/outbox?site=DE&email=${encodeURIComponent('anna.e2e@example.com')}`);
  const { confirmLink } = (await mail.json()) as { confirmLink: string };
  await page.goto(shop.url + confirmLink);
  await page.waitForURL(`${shop.url}/subscribenewsletter?doi=confirmed`);
  await signup(page).getByText('Vielen Dank! Deine Anmeldung ist bestätigt.').waitFor();
  await expectClean(watch);
  await page.close();
});

test.each(['Frau', 'Herr'])('on AT a mouse press on "%s" right from the empty e-mail field chooses it; the e-mail\'s error comes once the press is over', async (salutation) => {
  const { page, watch } = await openSignup('/at/subscribenewsletter');
  await email(page).focus();
  const choice = signup(page).getByRole('radio', { name: salutation });
  await choice.waitFor();
  // A shopper's press lasts a moment: the e-mail's blur (and its "Pflichtfeld") comes between
  // the press and the release.
  await choice.click({ delay: 120 });
  await expect(choice.isChecked()).resolves.toBe(true);
  // The error is rendered after the release (on a loaded machine, a moment after the click's end).
  await email(page).and(page.locator('[aria-invalid="true"]')).waitFor({ timeout: 5_000 });
  expect(await accessibilityViolations(page)).toEqual([]);
  await expectClean(watch);
  await page.close();
});

test('an invalid double opt-in link shows its banner until the e-mail field is focused', async () => {
  const page = await browser.newPage();
  await page.goto(`${shop.url}/at/subscribenewsletter/confirm?token=nope`);
  await page.waitForURL(`${shop.url}/at/subscribenewsletter?doi=invalid`);
  const banner = signup(page).getByText(/Bestätigungslink ist nicht mehr gültig/);
  await banner.waitFor();
  await email(page).focus();
  await expect(banner.count()).resolves.toBe(0);
  await page.close();
});

test('a logged-in member finds the form filled and is not asked again for a consent she gave', async () => {
  const page = await browser.newPage();
  await page.goto(`${shop.url}/signin?loginRedirect=${encodeURIComponent('/at/subscribenewsletter')}`);
  const form = page.locator('form[action="/signin"]');
  await form.getByRole('radio', { name: /^Maria Muster/ }).check();
  await Promise.all([page.waitForURL((url) => url.pathname === '/at/subscribenewsletter'), form.getByRole('button', { name: 'Anmelden' }).click()]);
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.snl-root input[name="email"]')?.value === 'maria.muster@example.com');
  await email(page).focus();
  await expect(signup(page).getByRole('textbox', { name: /Vorname/ }).inputValue()).resolves.toBe('Maria');
  await expect(signup(page).getByRole('radio', { name: 'Frau' }).isChecked()).resolves.toBe(true);
  await expect(signup(page).getByRole('checkbox', { name: /abgestimmte Angebote/ }).count()).resolves.toBe(0);
  await page.close();
});

test('when the service fails, the generic banner shows and every value stays', async () => {
  await shop.faults({ newsletter: true });
  const { page, watch } = await openSignup('/at/subscribenewsletter');
  await email(page).fill('max.e2e@example.com');
  await signup(page).getByRole('textbox', { name: /Nachname/ }).fill('Kunde');
  await signup(page).getByRole('button', { name: 'Jetzt anmelden' }).click();
  await signup(page).getByRole('alert').getByText(/Aus technischen Gründen/).waitFor();
  await expect(email(page).inputValue()).resolves.toBe('max.e2e@example.com');
  await expect(signup(page).getByRole('textbox', { name: /Nachname/ }).inputValue()).resolves.toBe('Kunde');
  expect(await accessibilityViolations(page)).toEqual([]);
  await expectClean(watch, /status of 500/);
  await page.close();
});

test('once a customer has signed up, the footer stops offering the newsletter', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${shop.url}/signin?loginRedirect=${encodeURIComponent('/pl/')}`);
  const form = page.locator('form[action="/signin"]');
  await form.getByRole('radio', { name: /^Max Kunde/ }).check();
  await Promise.all([page.waitForURL((url) => url.pathname === '/pl/'), form.getByRole('button', { name: 'Anmelden' }).click()]);
  const footer = page.locator('.sft-footer');
  const block = footer.locator('.sft-newsletter');
  await scrollToPageEnd(page);
  await block.waitFor();

  await page.goto(`${shop.url}/pl/subscribenewsletter`);
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.snl-root input[name="email"]')?.value === 'max.kunde@example.com');
  await signup(page).locator('button[type="submit"]').click();
  await signup(page).getByRole('status').locator('h2').waitFor();

  // Waiting for the double opt-in is enough: the block is gone on the next page.
  await page.goto(`${shop.url}/pl/`);
  const status = page.waitForResponse((response) => response.url().endsWith('/json/psdata'));
  await scrollToPageEnd(page);
  await footer.waitFor();
  await expect((await status).json()).resolves.toEqual({ nl_status: 'WAITING_FOR_DOI' });
  await page.waitForTimeout(200);
  await expect(block.count()).resolves.toBe(0);
  await page.close();
});

test('a visitor who is not logged in and has signed up is no longer offered the newsletter in this browser', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const block = page.locator('.sft-footer .sft-newsletter');
  await page.goto(`${shop.url}/at/`);
  await scrollToPageEnd(page);
  await block.waitFor();

  await page.goto(`${shop.url}/at/subscribenewsletter`);
  await email(page).fill('lena.e2e@example.com');
  await signup(page).getByRole('button', { name: 'Jetzt anmelden' }).click();
  await signup(page).getByRole('status').locator('h2').waitFor();

  await page.goto(`${shop.url}/at/`);
  const status = page.waitForResponse((response) => response.url().endsWith('/json/psdata'));
  await scrollToPageEnd(page);
  await page.locator('.sft-footer').waitFor();
  await expect((await status).json()).resolves.toEqual({ nl_status: 'WAITING_FOR_DOI' });
  await page.waitForTimeout(200);
  await expect(block.count()).resolves.toBe(0);

  // Another browser still gets the offer.
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const otherPage = await other.newPage();
  await otherPage.goto(`${shop.url}/at/`);
  await scrollToPageEnd(otherPage);
  await otherPage.locator('.sft-footer .sft-newsletter').waitFor();
  await other.close();
  await context.close();
});

test('without JavaScript the page has the site\'s own form: an error puts the cursor on its field, a sign-up is stored and its link confirms', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shop.url + '/hu/subscribenewsletter');
  // No loading notice that never ends: the form instead.
  await expect(page.getByText('A feliratkozás betöltődik.', { exact: false }).isVisible()).resolves.toBe(false);
  const form = page.locator('form.shell-signup__form');
  // What HU requires is said to assistive technology too: the salutation's choice, the names.
  await expect(form.getByRole('radiogroup', { name: /Megszólítás/ }).getAttribute('aria-required')).resolves.toBe('true');
  await expect(form.getByRole('textbox', { name: /Vezetéknév/ }).getAttribute('aria-required')).resolves.toBe('true');
  await form.getByRole('textbox', { name: /E-mail-cím/ }).fill('kata.nojs@example.com');
  await form.getByRole('textbox', { name: /Keresztnév/ }).fill('Kata');
  await form.getByRole('button', { name: 'Feliratkozom' }).click();
  // HU asks for the salutation and the last name: both say so, the first one has the cursor,
  // and what was entered is still there.
  await page.waitForURL(`${shop.url}/hu/subscribenewsletter`);
  const salutation = page.getByRole('radiogroup', { name: /Megszólítás/ });
  await salutation.getByText('A megszólítás kiválasztása kötelező.').waitFor();
  await expect(page.getByRole('radio').first().evaluate((radio) => radio === document.activeElement)).resolves.toBe(true);
  await expect(page.getByRole('textbox', { name: /Keresztnév/ }).inputValue()).resolves.toBe('Kata');
  await expect(page.getByRole('textbox', { name: /E-mail-cím/ }).inputValue()).resolves.toBe('kata.nojs@example.com');

  await page.getByRole('radio', { name: 'Hölgy' }).check();
  await page.getByRole('textbox', { name: /Vezetéknév/ }).fill('Nagy');
  await page.getByRole('button', { name: 'Feliratkozom' }).click();
  const success = page.getByRole('status');
  await success.getByText('kata.nojs@example.com', { exact: false }).waitFor();

  const mail = await fetch(`${shop.url}/service/test/outbox?site=HU&email=${encodeURIComponent('kata.nojs@example.com')}`);
  const { confirmLink } = (await mail.json()) as { confirmLink: string };
  await page.goto(shop.url + confirmLink);
  await page.waitForURL(`${shop.url}/hu/subscribenewsletter?doi=confirmed`);
  await expect(page.getByRole('alert').count()).resolves.toBe(1);

  // TR's legal checkbox is required, and says so; AT's optional salutation does not.
  await page.goto(shop.url + '/tr/subscribenewsletter');
  await expect(page.locator('form.shell-signup__form').getByRole('checkbox').first().getAttribute('aria-required')).resolves.toBe('true');
  await page.goto(shop.url + '/at/subscribenewsletter');
  await expect(page.locator('form.shell-signup__form').getByRole('radiogroup').getAttribute('aria-required')).resolves.toBeNull();
  await context.close();
});

test('when the sign-up fragment cannot load, the page shows its own form, axe finds no violation, and a sign-up works', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = await watchPage(page);
  // The newsletter fragment's origin (the shell's port + 4) does not answer.
  await page.route((url) => url.port === String(shop.port + 4), (route) => route.abort());
  await page.goto(shop.url + '/subscribenewsletter');
  const form = page.locator('form.shell-signup__form');
  await form.waitFor();
  await expect(page.getByText('Die Anmeldung wird geladen.', { exact: false }).isVisible()).resolves.toBe(false);
  expect(await accessibilityViolations(page)).toEqual([]);
  await form.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill('fallback.e2e@example.com');
  await form.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.getByRole('status').getByRole('heading', { name: 'Fast geschafft!' }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await expectClean(watch, /Failed to load resource|newsletter fragment/);
  await page.close();
});

test('when the shop\'s core never arrives, the sign-up page gives up its loading notice for its own form', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The .wasm is asked for and never answered (a stalled connection).
  await page.route(/\.wasm(\?|$)/, () => undefined);
  // The page's clock is the test's: its 8 s pass in steps of one, without being waited out.
  await page.clock.install();
  await page.goto(shop.url + '/at/subscribenewsletter');
  const notice = page.getByText('Die Anmeldung wird geladen.', { exact: false });
  await expect(notice.isVisible()).resolves.toBe(true);
  const form = page.locator('form.shell-signup__form');
  let waited = 0;
  while (!(await form.isVisible()) && waited < 30_000) {
    await page.clock.runFor(1000);
    waited += 1000;
    await page.waitForTimeout(50);
  }
  // Not before the load time limit (8 s) has passed on the page's clock.
  expect(waited).toBeGreaterThanOrEqual(8000);
  await expect(form.isVisible()).resolves.toBe(true);
  await expect(notice.isVisible()).resolves.toBe(false);
  await form.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill('stalled.e2e@example.com');
  await form.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.getByRole('status').getByRole('heading', { name: 'Fast geschafft!' }).waitFor();
  await page.close();
});

test('when the shell\'s script never runs, the sign-up page shows its own form after a while, and a sign-up works; a script that comes that late leaves it in use', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The shell's script is held back (a proxy, a stalled download); its stylesheet comes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => /\/shell\/shell\.[0-9a-f]+\.js$/.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  // The page's CSS animations (the 8 s after which the form shows without the shell) run eight
  // times as fast: the wait is the page's, not the test's.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 8 });
  // (A deferred script held back holds DOMContentLoaded too.)
  await page.goto(shop.url + '/at/subscribenewsletter', { waitUntil: 'commit' });
  const notice = page.getByText('Die Anmeldung wird geladen.', { exact: false });
  await expect(notice.isVisible()).resolves.toBe(true);
  // (Before the page's CSS is in, the form it hides for now shows.)
  await stylesheetsSettled(page);
  const form = page.locator('form.shell-signup__form');
  const email = form.getByRole('textbox', { name: /E-Mail-Adresse/ });
  await email.waitFor({ timeout: 15_000 });
  // The notice goes with it (its own animation, in the same moment give or take a frame).
  await notice.waitFor({ state: 'hidden', timeout: 2_000 });
  expect(await accessibilityViolations(page)).toEqual([]);
  await email.fill('late.e2e@example.com');
  // The script comes after all: the form the shopper is typing in stays, with what was typed.
  release();
  await page.waitForFunction(() => document.documentElement.classList.contains('shell-started'));
  await page.waitForTimeout(1000);
  await expect(email.isVisible()).resolves.toBe(true);
  await expect(email.inputValue()).resolves.toBe('late.e2e@example.com');
  await expect(page.locator('.shell-newsletter-app').count()).resolves.toBe(0);
  await form.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await page.getByRole('status').getByRole('heading', { name: 'Fast geschafft!' }).waitFor();
  await page.close();
});

test.each([
  ['/at/subscribenewsletter', 390],
  ['/tr/subscribenewsletter', 390],
  ['/subscribenewsletter', 768],
  ['/subscribenewsletter', 1280],
  ['/hu/subscribenewsletter', 1280],
])('the sign-up form comes in at %s (%i px) without moving the page; a press in it lets the page follow the form', async (path, width) => {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await recordLayoutShifts(page);
  await page.goto(shop.url + path);
  const email = page.locator('.snl-root input[name="email"]');
  await email.waitFor();
  await page.waitForTimeout(300);
  // The fragment's form before it expands is shorter than the server's: the slot keeps the
  // server's height until the shopper's first press or key (it was a shift of up to 0.09).
  expect(await layoutShiftsBeyond(page, 0.001)).toEqual([]);
  await email.click();
  await expect(page.locator('#shell-newsletter').evaluate((slot) => slot.style.minHeight)).resolves.toBe('');
  await page.close();
});
