/**
 * The design system's gallery (`/design-system`) in headless Chromium: it renders every element
 * without a console error or CSP violation, axe-core finds no violation in a light and a dark
 * theme (the page also shows samples in all twelve themes), and every interactive element is
 * reached with Tab and works from the keyboard.
 */
import type { Browser, Page } from 'playwright-core';
import { useShopInBrowser, accessibilityViolations, watchPage, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

async function openGallery(query = ''): Promise<{ page: Page; watch: Awaited<ReturnType<typeof watchPage>> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = await watchPage(page);
  await page.goto(`${shop.url}/design-system${query}`);
  await page.locator('[data-gallery-theme]').waitFor();
  return { page, watch };
}

const gallery = (page: Page) => page.locator('#design-system-gallery');

test.each(['light', 'dark'])('the gallery in the %s theme: every element, no console error, no axe violation', async (theme) => {
  const { page, watch } = await openGallery(`?theme=${theme}`);
  await expect(page.locator('[data-gallery-theme]').getAttribute('data-gallery-theme')).resolves.toBe(theme);
  const sections = await gallery(page).locator('section h2').allTextContents();
  expect(sections).toEqual([
    'Buttons',
    'Icon-Buttons',
    'Hinweise',
    'Aufklappbereiche',
    'Text mit „mehr anzeigen“',
    'Checkboxen und Radiobuttons',
    'Textfelder',
    'Passwort mit Stärkeanzeige',
    'Zahlenfeld',
    'IBAN-Feld',
    'Auswahllisten',
    'Textlinks',
    'Bewertung',
    'Design-Tokens',
    'Alle Farbwelten',
  ]);
  // The twelve themes each have their sample scope.
  await expect(gallery(page).locator('.shell-gallery__theme').count()).resolves.toBe(12);
  // The breakpoints come from the core.
  await expect(gallery(page).getByText('xs 374 px').count()).resolves.toBe(1);
  await expect(gallery(page).getByText('4xl 1919 px').count()).resolves.toBe(1);
  // Each banner kind, with its live-region role.
  await expect(gallery(page).getByRole('alert').filter({ hasText: 'Das hat nicht geklappt' }).count()).resolves.toBe(1);
  // An unsafe URL is shown as text, not as a link.
  await expect(gallery(page).getByRole('link', { name: 'Ein unsicherer Link wird zu Text' }).count()).resolves.toBe(0);
  await expect(gallery(page).getByText('Ein unsicherer Link wird zu Text').count()).resolves.toBe(1);

  expect(await accessibilityViolations(page)).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await expect(watch.cspViolations()).resolves.toEqual([]);
  await page.close();
});

test('every interactive element of the gallery is reached with Tab, in one pass', async () => {
  const { page } = await openGallery();
  // What a keyboard user must reach: links, enabled buttons and fields; of a radio group only
  // its checked radio (arrow keys move within it).
  const expected = await page.evaluate(() => {
    const root = document.getElementById('design-system-gallery')!;
    const candidates = root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea');
    const names: string[] = [];
    candidates.forEach((element, index) => {
      const disabled = (element as HTMLButtonElement).disabled;
      const radio = element instanceof HTMLInputElement && element.type === 'radio';
      if (disabled || (radio && !(element as HTMLInputElement).checked)) return;
      if (element.closest('[hidden]') || element.tabIndex < 0) return;
      element.dataset.e2eStop = String(index);
      names.push(String(index));
    });
    return names;
  });
  expect(expected.length).toBeGreaterThan(40);
  // The "button as a link" sample is a real link (to the cart page), so it is a stop too.
  const linkButton = gallery(page).getByRole('link', { name: 'Zum Warenkorb' });
  await expect(linkButton.count()).resolves.toBe(1);
  await expect(linkButton.getAttribute('href')).resolves.toBe('/cart?step=shopping_cart');
  await expect(linkButton.getAttribute('data-e2e-stop')).resolves.not.toBeNull();

  await page.locator('.shell-skip').focus();
  const reached = new Set<string>();
  for (let press = 0; press < expected.length + 40; press++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.e2eStop ?? null);
    if (stop !== null) reached.add(stop);
    const inFooter = await page.evaluate(() => !!document.activeElement?.closest('#shell-footer'));
    if (inFooter) break;
  }
  const missed = await page.evaluate(
    (ids) =>
      ids.map((id) => {
        const element = document.querySelector<HTMLElement>(`[data-e2e-stop="${id}"]`)!;
        return `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)}`;
      }),
    expected.filter((id) => !reached.has(id)),
  );
  expect(missed).toEqual([]);
  await page.close();
});

test('the elements work from the keyboard', async () => {
  const { page, watch } = await openGallery();
  const root = gallery(page);

  // Button: Enter and Space press it.
  const primary = root.getByRole('button', { name: 'In den Warenkorb' }).first();
  await primary.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await root.getByText('Klicks: 2').waitFor();

  // Expansion panel: Enter opens, Space closes; its content shows and hides.
  const panel = root.getByRole('button', { name: 'Versand und Lieferung' });
  await panel.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getAttribute('aria-expanded')).resolves.toBe('true');
  await expect(root.getByText('Du kannst deine Bestellung innerhalb von 30 Tagen kostenlos zurückgeben.').first().isVisible()).resolves.toBe(true);
  await page.keyboard.press('Space');
  await expect(panel.getAttribute('aria-expanded')).resolves.toBe('false');

  // Text slider: "mehr anzeigen" expands, then reads "weniger anzeigen".
  const more = root.getByRole('button', { name: 'mehr anzeigen' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(root.getByRole('button', { name: 'weniger anzeigen' }).count()).resolves.toBe(2);

  // Checkbox: Space ticks it.
  const checkbox = root.getByRole('checkbox', { name: 'Ich möchte den Newsletter erhalten' });
  await checkbox.focus();
  await page.keyboard.press('Space');
  await expect(checkbox.isChecked()).resolves.toBe(true);

  // Radio group: an arrow key moves the choice.
  await root.getByRole('radio', { name: 'Frau' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(root.getByRole('radio', { name: 'Herr' }).isChecked()).resolves.toBe(true);

  // IBAN: typed in lower case with a stray letter, shown in blocks of four.
  const iban = root.getByRole('textbox', { name: /^IBAN/ });
  await iban.focus();
  await page.keyboard.type('de89x370400440532013000');
  await expect(iban.inputValue()).resolves.toBe('DE89 3704 0044 0532 0130 00');

  // Number: letters and a second point are refused.
  const number = root.getByRole('textbox', { name: /^Menge/ });
  await number.focus();
  await page.keyboard.type('12a.3.4');
  await expect(number.inputValue()).resolves.toBe('12.34');

  // Password: the meter speaks once there are 8 characters.
  const password = root.getByLabel('Neues Passwort');
  await password.focus();
  await page.keyboard.type('abcdefg');
  await expect(root.getByText(/^Passwortstärke/).count()).resolves.toBe(0);
  await page.keyboard.type('1A');
  await root.getByText('Passwortstärke: sehr stark').waitFor();

  // Validation: not while typing, on leaving the field.
  const postcode = root.getByRole('textbox', { name: /^Postleitzahl/ });
  await postcode.focus();
  await page.keyboard.type('123');
  await expect(postcode.getAttribute('aria-invalid')).resolves.not.toBe('true');
  await page.keyboard.press('Tab');
  await root.getByText('Das Feld ist nicht gültig.').waitFor();
  await expect(postcode.getAttribute('aria-invalid')).resolves.toBe('true');

  // Banner: its close button closes it; focus is not lost to nowhere: it goes to the button
  // that shows the banners again, and from there (once that button is gone) to the section.
  const close = root.getByRole('button', { name: 'Hinweis schließen' }).first();
  await close.focus();
  await page.keyboard.press('Enter');
  const reshow = root.getByRole('button', { name: 'Hinweise wieder zeigen' });
  await reshow.waitFor();
  await expect(root.getByText('Gut zu wissen').count()).resolves.toBe(0);
  // What has the focus: its tag and name ("body" when it was dropped).
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'body';
      return `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim()}`;
    });
  await expect(focused()).resolves.toBe('button Hinweise wieder zeigen');
  await page.keyboard.press('Enter');
  await expect(root.getByRole('button', { name: 'Hinweis schließen' }).count()).resolves.toBe(4);
  await expect(focused()).resolves.toBe('h2 Hinweise');
  // The next Tab goes on to the first banner's close button.
  await page.keyboard.press('Tab');
  await expect(focused()).resolves.toBe('button Hinweis schließen');

  // Select: the theme changes from the keyboard, and the address keeps it.
  const theme = root.getByRole('combobox', { name: 'Farbwelt' });
  await theme.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-gallery-theme]').getAttribute('data-gallery-theme')).resolves.toBe('dark');
  expect(new URL(page.url()).searchParams.get('theme')).toBe('dark');

  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await page.close();
});

test('switched to another site, the gallery speaks its language (PL)', async () => {
  const { page } = await openGallery();
  const site = gallery(page).getByRole('combobox', { name: 'Shop und Sprache' });
  await site.selectOption('PL');
  // Once the site's texts have come (the page loads its locale's only, ADR 0030).
  await page.locator('[data-gallery-site="PL"]').waitFor();
  await expect(page.locator('[data-gallery-site]').getAttribute('lang')).resolves.toBe('pl-PL');
  // The design system's own texts follow the site too.
  await expect(gallery(page).getByRole('button', { name: 'pokaż więcej' }).count()).resolves.toBe(1);
  await page.close();
});
