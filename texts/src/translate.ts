import type { TextTable, Translate } from './types';

/** Puts `{name}` values into a text; unknown placeholders stay as written. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/**
 * A translate function over `table` for the given lookup order. A key no locale has gives the
 * key itself, so a missing text is visible rather than blank.
 */
export function translator(table: TextTable, fallbacks: readonly string[]): Translate {
  return (key, values) => {
    for (const locale of fallbacks) {
      const text = table[locale]?.[key];
      if (text !== undefined) return fill(text, values);
    }
    return key;
  };
}
