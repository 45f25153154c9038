import type { TableLocales, TextTable, Texts } from './types';

/**
 * A table whose locales come one by one: `importLocale` imports one locale's texts
 * (`import(\`../../dist/header/${locale}.json\`)`, one chunk per locale in a build). `locales`
 * is what `texts/split.cjs` wrote beside them.
 */
export function textTable(
  name: string,
  { locales, complete }: TableLocales,
  importLocale: (locale: string) => Promise<{ default: Texts }>,
): TextTable {
  const loaded = new Map<string, Texts>();
  const pending = new Map<string, Promise<void>>();
  return {
    name,
    locales,
    needed(order) {
      const needed: string[] = [];
      for (const locale of order) {
        if (!locales.includes(locale)) continue;
        needed.push(locale);
        if (complete.includes(locale)) break;
      }
      return needed;
    },
    loaded: (locale) => loaded.get(locale),
    load(locale) {
      if (loaded.has(locale) || !locales.includes(locale)) return Promise.resolve();
      let loading = pending.get(locale);
      if (!loading) {
        loading = importLocale(locale).then(
          (module) => {
            loaded.set(locale, module.default);
            pending.delete(locale);
          },
          (error: unknown) => {
            // A chunk that failed (a lost connection) is asked for again on the next need.
            pending.delete(locale);
            throw error;
          },
        );
        pending.set(locale, loading);
      }
      return loading;
    },
  };
}

/** Whether every table has what a lookup in `order` goes through. */
export function textsLoaded(tables: readonly TextTable[], order: readonly string[]): boolean {
  return tables.every((table) => table.needed(order).every((locale) => table.loaded(locale)));
}

/** Loads what a lookup in `order` goes through in every table, all at once. */
export async function loadTexts(tables: readonly TextTable[], order: readonly string[]): Promise<void> {
  await Promise.all(tables.flatMap((table) => table.needed(order).map((locale) => table.load(locale))));
}

/**
 * Starts loading, before the core is in, the locale a page most likely reads: the one named like
 * the page's language (`<html lang="pl-PL">`), so that its texts come beside the core rather
 * than after it. A hint only: what is read is what the core's order says (`loadTexts`). Gives
 * `tables` back, for a fragment's list of the tables it reads (`const X = prefetchTexts([...])`).
 */
export function prefetchTexts<T extends readonly TextTable[]>(tables: T): T {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang.toLowerCase();
  for (const table of tables) {
    const locale = table.locales.find((candidate) => candidate.toLowerCase() === language);
    // A failed hint is nothing: the provider's own load tries again and reports.
    if (locale) table.load(locale).catch(() => undefined);
  }
  return tables;
}
