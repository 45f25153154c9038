import * as core from '@shop/core';
import { cartTexts, fill, shellTexts, pageTexts, translator, uiTexts, galleryTexts, headerTexts, navigationTexts, searchTexts, promotionTexts, footerTexts, newsletterTexts, previewTexts } from '@shop/texts';

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe.each([
  ['cart', cartTexts],
  ['shell', shellTexts],
  ['pages', pageTexts],
  ['ui', uiTexts],
  ['gallery', galleryTexts],
  ['header', headerTexts],
  ['navigation', navigationTexts],
  ['search', searchTexts],
  ['promotion', promotionTexts],
  ['footer', footerTexts],
  ['newsletter', newsletterTexts],
  ['preview', previewTexts],
])('%s texts', (_name, table) => {
  const german = table['de-DE'];

  it('exist in all nine locales with every German key and the same placeholders', () => {
    const locales = core.allSites().map((site) => core.siteLocale(site));
    expect(locales).toHaveLength(9);
    for (const locale of locales) {
      const texts = table[locale];
      expect(texts).toBeDefined();
      for (const [key, text] of Object.entries(german)) {
        expect(texts[key]?.trim()).toBeTruthy();
        expect(placeholders(texts[key])).toEqual(placeholders(text));
      }
    }
  });

  it('have no locale beyond the nine but English, and English, where there is, is whole', () => {
    const nine = core.allSites().map((site) => core.siteLocale(site) as string);
    expect(Object.keys(table).filter((locale) => !nine.includes(locale))).toEqual(table.en ? ['en'] : []);
    for (const [key, text] of Object.entries(table.en ? german : {})) {
      expect(table.en[key]?.trim()).toBeTruthy();
      expect(placeholders(table.en[key])).toEqual(placeholders(text));
    }
  });

  it('contain no markup (texts render as text)', () => {
    for (const texts of Object.values(table)) {
      for (const text of Object.values(texts)) expect(text).not.toMatch(/[<>]/);
    }
  });
});

// A button's accessible name holds its visible words (WCAG 2.5.3 Label in Name): a shopper
// using voice control says what they see ("Ajouter au panier"), and the button has to answer.
describe.each([
  ['product tile add to cart', pageTexts, 'product.addToCart', 'product.addItemToCart'],
  ['cart line remove', cartTexts, 'cart.remove', 'cart.removeItem'],
  ['cart line undo', cartTexts, 'cart.undo', 'cart.undoItem'],
])('%s', (_name, table, visible, name) => {
  it.each(core.allSites().map((site) => core.siteLocale(site)))('in %s, the accessible name contains the visible text', (locale) => {
    const texts = table[locale];
    const words = texts[visible].toLocaleLowerCase(locale).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // As whole words: "eltávolítás" inside "eltávolítása" is another word to a speech recogniser.
    expect(fill(texts[name], { title: 'Barista Caffè Crema' }).toLocaleLowerCase(locale)).toMatch(new RegExp(`(^|[^\\p{L}\\p{N}])${words}($|[^\\p{L}\\p{N}])`, 'u'));
  });
});

// An icon-only disclosure (the 30-day best price's "i", WAI-ARIA disclosure pattern) is named by
// what it does, briefly; the explanation it reveals is its panel's text, not its name, so a screen
// reader does not hear the same sentence as the button and again once it is open. It shows no
// words of its own (the "i" is decorative), so there is no visible text its name has to hold.
describe('best-price info disclosure', () => {
  it.each(core.allSites().map((site) => core.siteLocale(site)))('in %s, is named by a short name, not by the explanation', (locale) => {
    const texts = cartTexts[locale];
    const name = texts['price.bestPriceInfoLabel'];
    const explanation = texts['price.bestPriceInfo'];
    expect(name?.trim()).toBeTruthy();
    expect(placeholders(name)).toEqual([]);
    expect(name.toLocaleLowerCase(locale)).not.toBe(explanation.toLocaleLowerCase(locale));
    expect(explanation.toLocaleLowerCase(locale)).not.toContain(name.toLocaleLowerCase(locale));
    expect(name.length).toBeLessThan(explanation.length / 2);
    // A name, not a sentence.
    expect(name).not.toMatch(/[.!?]$/);
  });
});

describe('translator', () => {
  it('looks up in the core fallback order and falls back to German', () => {
    const t = translator({ 'de-DE': { a: 'A {n}', b: 'B' }, 'pl-PL': { a: 'PL {n}' } }, core.textFallbacks('pl-PL'));
    expect(t('a', { n: 3 })).toBe('PL 3');
    expect(t('b')).toBe('B');
    expect(t('missing')).toBe('missing');
  });

  it('fills known placeholders only', () => {
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});

// The newsletter spec quotes its German messages (sections 5 and 8); the German site shows them
// word for word (first and last name are required only on HU and TR, so the German two are the
// fallback no page of a German site shows: held here).
describe("the newsletter spec's German messages", () => {
  it.each([
    ['newsletter.error.email.REQUIRED', 'Die E-Mail-Adresse ist ein Pflichtfeld.'],
    ['newsletter.error.email.INVALID', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    ['newsletter.error.firstName.REQUIRED', 'Der Vorname ist ein Pflichtfeld.'],
    ['newsletter.error.lastName.REQUIRED', 'Der Nachname ist ein Pflichtfeld.'],
    ['newsletter.error.generic', 'Aus technischen Gründen ist die Newsletteranmeldung nicht möglich. Bitte versuchen Sie es später!'],
  ])('%s is "%s"', (key, text) => {
    expect(newsletterTexts['de-DE'][key]).toBe(text);
  });
});

// The pages' own texts are the server's: no script in a browser imports them (the shell's script
// carried all 73 of them in nine locales for the one text it shows).
test('no browser code imports the pages’ texts', () => {
  const { readdirSync, readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
  const { join } = jest.requireActual<typeof import('node:path')>('node:path');
  const repository = join(__dirname, '../..');
  const importing = ['shell', 'ui', 'mfe-header', 'mfe-minicart', 'mfe-footer', 'mfe-newsletter', 'mfe-preview'].flatMap((name) =>
    readdirSync(join(repository, name, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && /\bpageTexts\b|pages\.json/.test(readFileSync(join(repository, name, 'src', file), 'utf8')))
      .map((file) => `${name}/src/${file}`),
  );
  expect(importing).toEqual([]);
});
