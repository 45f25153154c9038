/** The core and the texts, loaded on first need (not on page load): the shared singleton. */
import type { Core, Site } from '@shop/core';
import type { ShellTranslators } from './shellTexts';

export function loadCore(): Promise<Core> {
  // A failed load is tried again on the next need (a tile's next add-to-cart).
  return import('@shop/core').then((module) => module.readyOrRetry());
}

/** Translators for the `needed` ones of the shell's, the cart's and the header's texts on a site. */
export async function loadTexts<K extends keyof ShellTranslators>(core: Core, site: string, needed: readonly K[]): Promise<Pick<ShellTranslators, K>> {
  const { shellTranslators } = await import('./shellTexts');
  return shellTranslators(core.textFallbacks(core.siteLocale(core.siteFromCode(site) as Site)), needed);
}
