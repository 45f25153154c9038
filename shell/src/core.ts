/** The core and the texts, loaded on first need (not on page load): the shared singleton. */
import type { Core, Site } from '@shop/core';
import type { Translate } from '@shop/texts';

export function loadCore(): Promise<Core> {
  return import('@shop/core').then((module) => module.ready());
}

/** Translators for the shell's texts and the cart's texts on a site. */
export async function loadTexts(core: Core, site: string): Promise<{ shell: Translate; cart: Translate }> {
  const { shellTranslators } = await import('./shellTexts');
  return shellTranslators(core.textFallbacks(core.siteLocale(core.siteFromCode(site) as Site)));
}
