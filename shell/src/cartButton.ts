/**
 * The temporary header's cart button (until the header fragment exists): a link to the cart
 * page that, with the mini cart fragment available, opens the mini cart instead. The fragment
 * is fetched on the first sign of intent (pointer over, focus, touch) so the home page loads
 * without it; a fragment that is down leaves the link working.
 */
import type { ShellConfig } from './config';
import type { MiniCartHandle } from './miniCartSlot';

export function enhanceCartButton(config: ShellConfig): void {
  const link = document.getElementById('shell-cart');
  const slot = document.getElementById('shell-minicart');
  // The cart page itself: the mini cart does not open there.
  if (!(link instanceof HTMLAnchorElement) || !slot || config.pageType === 'basket') return;
  link.setAttribute('aria-haspopup', 'dialog');
  link.setAttribute('aria-expanded', 'false');

  let miniCart: Promise<MiniCartHandle | undefined> | undefined;
  const close = () => {
    void miniCart?.then((handle) => handle?.setOpen(false));
    link.setAttribute('aria-expanded', 'false');
    link.focus();
  };
  const load = () => {
    miniCart ??= import('./miniCartSlot').then((slotModule) => slotModule.mountMiniCart(slot, config.site, close));
    return miniCart;
  };
  for (const intent of ['pointerenter', 'focus', 'touchstart'] as const) {
    link.addEventListener(intent, () => void load(), { once: true, passive: true });
  }
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void load().then((handle) => {
      if (!handle || handle.failed) {
        window.location.assign(link.href);
        return;
      }
      handle.setOpen(true);
      link.setAttribute('aria-expanded', 'true');
    });
  });
}
