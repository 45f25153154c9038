/** One locale's texts of a table: text key -> text. */
export type Texts = Readonly<Record<string, string>>;

/**
 * A table's locales as `texts/split.cjs` writes them: every one it has, and those whose texts
 * hold every key (a site's locale with its fallbacks filled in).
 */
export interface TableLocales {
  readonly locales: readonly string[];
  readonly complete: readonly string[];
}

/**
 * One table of interface texts, loaded locale by locale (ADR 0030): a page loads the texts of its
 * own locales only, each locale of each table being a chunk of its own.
 */
export interface TextTable {
  /** The table's name (`header` for `texts/header.json`). */
  readonly name: string;
  /** The locales the table has texts for. */
  readonly locales: readonly string[];
  /**
   * What a lookup in `order` goes through: the locales of `order` the table has, up to the first
   * that holds every key (`['pl-PL']` for `['pl-PL', 'de-DE']`, Polish being written with its
   * German fallback filled in).
   */
  needed(order: readonly string[]): readonly string[];
  /** The locale's texts once loaded; undefined before, and for a locale the table does not have. */
  loaded(locale: string): Texts | undefined;
  /**
   * Loads the locale's texts. A locale the table does not have loads as nothing (the lookup goes
   * on to the next locale); a failed load rejects, and the next call tries again.
   */
  load(locale: string): Promise<void>;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;
