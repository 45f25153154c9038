import { textsLoaded } from './table';
import type { TextTable, Translate } from './types';

/** Puts `{name}` values into a text; unknown placeholders stay as written. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/** Tables already reported as read before they were loaded (one report each). */
const reported = new Set<string>();

/**
 * A translate function over `table` for the given lookup order. A key no locale has gives the
 * key itself, so a missing text is visible rather than blank. The table must have been loaded
 * in those locales (`loadTexts`; a fragment's `UiProvider` does it before it shows anything): a
 * lookup before that is a wiring mistake, reported on the console.
 */
export function translator(table: TextTable, fallbacks: readonly string[]): Translate {
  return (key, values) => {
    for (const locale of fallbacks) {
      const text = table.loaded(locale)?.[key];
      if (text !== undefined) return fill(text, values);
    }
    if (!reported.has(table.name) && !textsLoaded([table], fallbacks)) {
      reported.add(table.name);
      console.error(`[texts] "${key}" was looked up before the ${table.name} texts were loaded`);
    }
    return key;
  };
}
