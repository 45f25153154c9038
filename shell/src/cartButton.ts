/**
 * The static header's cart (there before the header fragment, and instead of it when it cannot
 * load): the cart icon is a link to the cart page (header spec section 2: "opened by clicking the
 * cart icon"), and where the cart flyout may open (the mini cart switched on, not the basket
 * page: the core's `cart_flyout_allowed`, which the server applied when it rendered the toggle)
 * the toggle beside it, as the header fragment has one, opens the mini cart as a dialog. The
 * fragment is fetched on the first sign of intent (pointer over, focus, touch) so the home page
 * loads without it; a fragment that is down sends the toggle to the cart page.
 */
import { onCartReloadAsked } from '@shop/ui';
import type { ShellConfig } from './config';
import type { MiniCartHandle } from './miniCartSlot';

export function enhanceCartButton(config: ShellConfig): void {
  const link = document.getElementById('shell-cart');
  const toggle = document.getElementById('shell-cart-preview');
  const slot = document.getElementById('shell-minicart');
  if (!(link instanceof HTMLAnchorElement) || !(toggle instanceof HTMLButtonElement) || !slot) return;
  toggle.hidden = false;

  // A cart reload asked before the mini cart is there (the tiles' add-to-cart asks one, or
  // another tab kept a new cart): its first load is that reload, forced (header spec section 7).
  let reloadAsked = false;
  const stopListening = onCartReloadAsked(config.cart, () => {
    reloadAsked = true;
  });

  let miniCart: Promise<MiniCartHandle | undefined> | undefined;
  const close = () => {
    void miniCart?.then((handle) => handle?.setOpen(false));
    toggle.setAttribute('aria-expanded', 'false');
    toggle.focus();
  };
  const load = () => {
    miniCart ??= import('./miniCartSlot')
      .then((slotModule) => {
        // Mounted: the mini cart listens to the reload events and the other tabs itself.
        stopListening();
        return slotModule.mountMiniCart(slot, config.site, config.basePath, close, reloadAsked);
      })
      .catch(() => {
        // The shell's own chunk did not load (the connection dropped): the click goes to the
        // cart page, and the next intent tries again.
        miniCart = undefined;
        return undefined;
      });
    return miniCart;
  };
  for (const intent of ['pointerenter', 'focus', 'touchstart'] as const) {
    for (const element of [link, toggle]) element.addEventListener(intent, () => void load(), { once: true, passive: true });
  }
  toggle.addEventListener('click', () => {
    // While the fragment is still on its way the toggle says so; when it comes (or fails) after
    // the shopper has moved on (pressed or focused something else, or the header fragment took
    // the static header's place), nothing opens or navigates out of the blue.
    toggle.setAttribute('aria-busy', 'true');
    let movedOn = false;
    const elsewhere = (event: Event) => {
      if (event.target !== toggle) movedOn = true;
    };
    document.addEventListener('pointerdown', elsewhere, true);
    document.addEventListener('focusin', elsewhere, true);
    void load().then((handle) => {
      toggle.removeAttribute('aria-busy');
      document.removeEventListener('pointerdown', elsewhere, true);
      document.removeEventListener('focusin', elsewhere, true);
      if (movedOn || !toggle.isConnected || toggle.closest('[hidden]')) return;
      if (!handle || handle.failed) {
        // As the cart link: to the cart page; offline, nowhere (that would only be the
        // browser's error page), and the next intent tries again.
        if (navigator.onLine !== false) link.click();
        return;
      }
      handle.setOpen(true);
      toggle.setAttribute('aria-expanded', 'true');
    });
  });
}
