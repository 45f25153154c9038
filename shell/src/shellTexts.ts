/**
 * The shell's, the cart's and the header's texts, imported by name so that the build keeps only
 * these tables (a dynamic import of `@shop/texts` itself would bring every table of every
 * fragment). The static header's cart link is named with the header fragment's own texts.
 * Each is loaded at its need only (ADR 0030).
 */
import { cartTexts, headerTexts, loadTexts, shellTexts, translator, type Translate } from '@shop/texts';

export interface ShellTranslators {
  shell: Translate;
  cart: Translate;
  header: Translate;
}

const TABLES = { shell: shellTexts, cart: cartTexts, header: headerTexts } as const;

/**
 * Translators for the `needed` tables in the site's locales only (ADR 0030), once those are
 * loaded: the static cart link names itself with the header's, a tile's add-to-cart speaks with
 * the shell's and the cart's.
 */
export async function shellTranslators<K extends keyof ShellTranslators>(
  fallbacks: readonly string[],
  needed: readonly K[],
): Promise<Pick<ShellTranslators, K>> {
  await loadTexts(needed.map((name) => TABLES[name]), fallbacks);
  return Object.fromEntries(needed.map((name) => [name, translator(TABLES[name], fallbacks)])) as Pick<ShellTranslators, K>;
}
