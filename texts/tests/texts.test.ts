import * as core from '@shop/core';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fill, loadTexts, prefetchTexts, textsLoaded, translator, type Texts } from '@shop/texts';
import { allTextTables } from '../src/all';
import { textTable } from '../src/table';

type Table = Record<string, Texts>;
const source = (name: string): Table => JSON.parse(readFileSync(join(__dirname, '..', `${name}.json`), 'utf8'));
// The translators' files: what every test below holds (the browser's tables are split from them).
const cart = source('cart');
const pages = source('pages');
const newsletter = source('newsletter');

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe.each([
  ['cart', source('cart')],
  ['shell', source('shell')],
  ['pages', pages],
  ['ui', source('ui')],
  ['gallery', source('gallery')],
  ['header', source('header')],
  ['navigation', source('navigation')],
  ['search', source('search')],
  ['promotion', source('promotion')],
  ['footer', source('footer')],
  ['newsletter', source('newsletter')],
  ['preview', source('preview')],
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
  ['product tile add to cart', pages, 'product.addToCart', 'product.addItemToCart'],
  ['cart line remove', cart, 'cart.remove', 'cart.removeItem'],
  ['cart line undo', cart, 'cart.undo', 'cart.undoItem'],
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
    const texts = cart[locale];
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
  const table = textTable('t', { locales: ['de-DE', 'pl-PL'], complete: ['de-DE'] }, (locale) =>
    Promise.resolve({ default: ({ 'de-DE': { a: 'A {n}', b: 'B' }, 'pl-PL': { a: 'PL {n}' } } as Table)[locale] }),
  );

  it('looks up in the core fallback order and falls back to German', async () => {
    await loadTexts([table], core.textFallbacks('pl-PL'));
    const t = translator(table, core.textFallbacks('pl-PL'));
    expect(t('a', { n: 3 })).toBe('PL 3');
    expect(t('b')).toBe('B');
    expect(t('missing')).toBe('missing');
  });

  it('fills known placeholders only', () => {
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
  });

  it('says on the console, once, that a table was read before it was loaded, and shows the keys', () => {
    const unloaded = textTable('unloaded', { locales: ['de-DE'], complete: ['de-DE'] }, () => Promise.resolve({ default: { a: 'A' } }));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const t = translator(unloaded, ['de-DE']);
      expect(t('a')).toBe('a');
      expect(t('b')).toBe('b');
      expect(error.mock.calls).toEqual([['[texts] "a" was looked up before the unloaded texts were loaded']]);
    } finally {
      error.mockRestore();
    }
  });
});

// A page loads only its own locale's texts (ADR 0030): each browser table is its source file
// split by locale, one chunk per locale, a site's locale with its fallbacks filled in.
describe('splitting a table by locale', () => {
  it("fills a site's missing texts in the core's fallback order, leaves another locale as it is, and says which hold every key", () => {
    const { splitTexts } = jest.requireActual<{ splitTexts(source: string, out: string): void }>('../split.cjs');
    const folder = mkdtempSync(join(tmpdir(), 'texts-'));
    const table = { 'de-DE': { a: 'A', b: 'B' }, 'pl-PL': { a: 'PL A' }, en: { a: 'EN A' } };
    writeFileSync(join(folder, 'sample.json'), JSON.stringify(table));
    splitTexts(folder, join(folder, 'dist'));
    const read = (file: string) => JSON.parse(readFileSync(join(folder, 'dist', file), 'utf8'));
    expect(read('sample/pl-PL.json')).toEqual({ a: 'PL A', b: 'B' });
    expect(read('sample/en.json')).toEqual({ a: 'EN A' });
    expect(read('sample/de-DE.json')).toEqual(table['de-DE']);
    expect(read('sample.locales.json')).toEqual({ locales: ['de-DE', 'pl-PL', 'en'], complete: ['de-DE', 'pl-PL'] });
  });
});

describe('the browser tables', () => {
  it('are every table file but the server pages', () => {
    const files = readdirSync(join(__dirname, '..')).filter((file) => file.endsWith('.json') && !['package.json', 'pages.json'].includes(file));
    expect(allTextTables.map((table) => `${table.name}.json`).sort()).toEqual(files.sort());
  });

  it.each(allTextTables.map((table) => [table.name, table] as const))('%s loads each locale as its source has it, and no other', async (name, table) => {
    const texts = source(name);
    expect(table.locales).toEqual(Object.keys(texts));
    await loadTexts([table], ['xx-XX']);
    expect(table.loaded('xx-XX')).toBeUndefined();
    for (const locale of table.locales) {
      await loadTexts([table], [locale]);
      expect(textsLoaded([table], [locale])).toBe(true);
      // Every locale holds every key already (above), so filling in its fallbacks added nothing.
      expect(table.loaded(locale)).toEqual(texts[locale]);
    }
  });
});

describe('a table loaded locale by locale', () => {
  it('loads, of the lookup order, the locales it has up to the first that holds every key', async () => {
    const importLocale = jest.fn((locale: string) => Promise.resolve({ default: { key: locale } }));
    const table = textTable('t', { locales: ['de-DE', 'pl-PL', 'en'], complete: ['de-DE', 'pl-PL'] }, importLocale);
    expect(table.needed(['pl-PL', 'de-DE'])).toEqual(['pl-PL']);
    expect(table.needed(['en', 'tr-TR', 'pl-PL', 'de-DE'])).toEqual(['en', 'pl-PL']);
    expect(table.needed(['tr-TR', 'de-DE'])).toEqual(['de-DE']);
    await loadTexts([table], ['en', 'pl-PL', 'de-DE']);
    expect(importLocale.mock.calls).toEqual([['en'], ['pl-PL']]);
    expect(translator(table, ['en', 'pl-PL', 'de-DE'])('key')).toBe('en');
  });

  it('loads a locale once however many ask at the same time, and only the locales asked for', async () => {
    const importLocale = jest.fn((locale: string) => Promise.resolve({ default: { key: locale } }));
    const table = textTable('t', { locales: ['de-DE', 'pl-PL', 'tr-TR'], complete: ['de-DE', 'tr-TR'] }, importLocale);
    expect(textsLoaded([table], ['pl-PL', 'de-DE'])).toBe(false);
    await Promise.all([loadTexts([table], ['pl-PL', 'de-DE']), loadTexts([table], ['pl-PL'])]);
    await loadTexts([table], ['pl-PL', 'de-DE']);
    expect(importLocale.mock.calls).toEqual([['pl-PL'], ['de-DE']]);
    expect(textsLoaded([table], ['pl-PL', 'de-DE'])).toBe(true);
    expect(textsLoaded([table], ['tr-TR', 'de-DE'])).toBe(false);
  });

  it('counts a locale it does not have as loaded, without asking for it', async () => {
    const importLocale = jest.fn(() => Promise.resolve({ default: {} }));
    const table = textTable('t', { locales: ['de-DE'], complete: ['de-DE'] }, importLocale);
    expect(textsLoaded([table], ['en'])).toBe(true);
    await loadTexts([table], ['en', '../../pages']);
    expect(importLocale).not.toHaveBeenCalled();
  });

  it("asks, before the core is in, for the locale named like the page's language only, and gives the tables back", () => {
    const importLocale = jest.fn((locale: string) => Promise.resolve({ default: { key: locale } }));
    const table = textTable('t', { locales: ['de-DE', 'pl-PL'], complete: ['de-DE', 'pl-PL'] }, importLocale);
    const tables = [table];
    document.documentElement.lang = 'pl-pl';
    try {
      expect(prefetchTexts(tables)).toBe(tables);
      expect(importLocale.mock.calls).toEqual([['pl-PL']]);
      // A language no table is written in (`de` on a host page) asks for nothing ahead.
      document.documentElement.lang = 'de';
      prefetchTexts(tables);
      expect(importLocale).toHaveBeenCalledTimes(1);
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('rejects a failed load, and asks again at the next need', async () => {
    const importLocale = jest
      .fn<Promise<{ default: Texts }>, [string]>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: { a: 'A' } });
    const table = textTable('t', { locales: ['de-DE'], complete: ['de-DE'] }, importLocale);
    await expect(loadTexts([table], ['de-DE'])).rejects.toThrow('chunk failed');
    expect(table.loaded('de-DE')).toBeUndefined();
    await loadTexts([table], ['de-DE']);
    expect(table.loaded('de-DE')).toEqual({ a: 'A' });
    expect(importLocale).toHaveBeenCalledTimes(2);
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
    expect(newsletter['de-DE'][key]).toBe(text);
  });
});

// The pages' own texts are the server's: no script in a browser imports them (the shell's script
// carried all 73 of them in nine locales for the one text it shows).
test('no browser code imports the pages’ texts', () => {
  const repository = join(__dirname, '../..');
  const importing = ['shell', 'ui', 'mfe-header', 'mfe-minicart', 'mfe-footer', 'mfe-newsletter', 'mfe-preview'].flatMap((name) =>
    readdirSync(join(repository, name, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && /pages\.json/.test(readFileSync(join(repository, name, 'src', file), 'utf8')))
      .map((file) => `${name}/src/${file}`),
  );
  expect(importing).toEqual([]);
});
