/**
 * The static header's cart badge: the core's badge text. Its `data-item-count` keeps the latest
 * count, so the header fragment starts from it however late it arrives.
 */
import { onItemCount } from '@shop/ui';
import type { ShellConfig } from './config';
import { loadCore, loadTexts } from './core';

export async function showItemCount(config: ShellConfig, count: number): Promise<void> {
  const link = document.getElementById('shell-cart');
  const badge = document.getElementById('shell-cart-badge');
  if (!link || !badge) return;
  const core = await loadCore();
  const { header: t } = await loadTexts(core, config.site, ['header']);
  const text = core.badgeText(count);
  badge.textContent = text ?? '';
  badge.hidden = text === undefined;
  link.setAttribute('aria-label', t(core.cartLinkTextKey(count), { count }));
}

/** Follows the mini cart's item-count event; gives the function that stops following. */
export function followItemCount(config: ShellConfig): () => void {
  return onItemCount(config.cart.itemCountEvent, (count) => {
    document.getElementById('shell-cart-badge')?.setAttribute('data-item-count', String(count));
    // Texts or a core that did not come leave the static link as it was (and say so): nothing
    // of a page's script may end in an error nobody handles.
    showItemCount(config, count).catch((error: unknown) => console.warn('[shell] the cart link could not follow the count', error));
  });
}
