/**
 * The shell's and the cart's texts, imported by name so that the build keeps only these tables
 * (a dynamic import of `@shop/texts` itself would bring every table of every fragment).
 */
import { cartTexts, shellTexts, translator, type Translate } from '@shop/texts';

export function shellTranslators(fallbacks: readonly string[]): { shell: Translate; cart: Translate } {
  return { shell: translator(shellTexts, fallbacks), cart: translator(cartTexts, fallbacks) };
}
