/**
 * The shell's, the cart's and the header's texts, imported by name so that the build keeps only
 * these tables (a dynamic import of `@shop/texts` itself would bring every table of every
 * fragment). The static header's cart link is named with the header fragment's own texts.
 */
import { cartTexts, headerTexts, loadTexts, shellTexts, translator, type Translate } from '@shop/texts';

export interface ShellTranslators {
  shell: Translate;
  cart: Translate;
  header: Translate;
}

/** The three tables in the site's locales only (ADR 0030), loaded, then their translators. */
export async function shellTranslators(fallbacks: readonly string[]): Promise<ShellTranslators> {
  await loadTexts([shellTexts, cartTexts, headerTexts], fallbacks);
  return {
    shell: translator(shellTexts, fallbacks),
    cart: translator(cartTexts, fallbacks),
    header: translator(headerTexts, fallbacks),
  };
}
