/**
 * Interface texts: one JSON table per domain, keyed by locale, then by text key. The locales to
 * look in, and their order, come from the core (`textFallbacks`: the locale, then German).
 */
import cart from '../cart.json';
import shell from '../shell.json';
import ui from '../ui.json';
import gallery from '../gallery.json';
import header from '../header.json';
import navigation from '../navigation.json';
import promotion from '../promotion.json';
import search from '../search.json';

export type TextTable = Record<string, Record<string, string>>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export const cartTexts: TextTable = cart;
export const shellTexts: TextTable = shell;
/** The design system's texts (`@shop/ui`). */
export const uiTexts: TextTable = ui;
/** The design system gallery's texts (the shell's `/design-system` page). */
export const galleryTexts: TextTable = gallery;
/** The header fragment: icon bar, flyouts, user menu, navigation, theme worlds, reduced header. */
export const headerTexts: TextTable = header;
/** The main navigation, its category flyouts and the theme-world flyout (header). */
export const navigationTexts: TextTable = navigation;
/** The search box and its suggestions (header). */
export const searchTexts: TextTable = search;
/** The promotion renderer: header benefits, top banner, category banner, phase integration. */
export const promotionTexts: TextTable = promotion;

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
