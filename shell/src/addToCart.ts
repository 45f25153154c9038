/**
 * The products' add-to-cart buttons (the spec's external add-to-cart): POST the button's
 * payload, then 200 shows the confirmation, announces the item count and has the mini cart
 * reload, 304 shows nothing,
 * anything else shows the translated change error with its limit, visibly, in the tile, for the
 * change error's display time (header spec section 9: 7500 ms), as the mini cart shows its own.
 */
import type { ShellConfig } from './config';
import { loadCore, loadTexts } from './core';

/** POSTs the payload to the cart service for the page's site (each site is its own shop). */
async function post(config: ShellConfig, payload: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(config.cart.servicePath, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', [config.cart.siteHeader]: config.site },
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

/** The timers that clear the tiles' shown errors. */
const errorTimers = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/** Shows a tile's error, cleared after the display time (a new attempt clears it at once). */
function showError(error: Element, text: string, displayMs: number): void {
  clearTimeout(errorTimers.get(error));
  error.textContent = text;
  errorTimers.set(
    error,
    setTimeout(() => {
      if (error.textContent === text) error.textContent = '';
      errorTimers.delete(error);
    }, displayMs),
  );
}

async function addToCart(button: HTMLButtonElement, config: ShellConfig): Promise<void> {
  if (button.getAttribute('aria-disabled') === 'true') return;
  const tile = button.closest('.shell-card');
  const added = tile?.querySelector('.shell-card__added');
  const error = tile?.querySelector('.shell-card__error');
  button.setAttribute('aria-disabled', 'true');
  if (added) added.textContent = '';
  if (error) {
    clearTimeout(errorTimers.get(error));
    error.textContent = '';
  }
  try {
    const [answer, core] = await Promise.all([post(config, button.dataset.addToCart ?? ''), loadCore()]);
    const t = await loadTexts(core, config.site);
    const outcome = core.addToCartOutcome(answer.status, answer.body);
    if (outcome.kind === 'added') {
      try {
        window.localStorage.setItem(config.cart.storageKey, JSON.stringify(outcome.cart));
      } catch {
        // Storage unavailable: the mini cart loads the cart from the service.
      }
      if (added) added.textContent = t.shell('product.added', { title: button.dataset.title ?? '' });
      // Announced as the mini cart announces it: the header's badge and the static one follow.
      const itemCount = core.itemCount({ cart: outcome.cart, deleted: [] });
      document.dispatchEvent(new CustomEvent(config.cart.itemCountEvent, { detail: { itemCount } }));
      // A mini cart already on the page reloads with force.
      const [reload] = config.cart.reloadEvents;
      if (reload) document.dispatchEvent(new CustomEvent(reload));
    } else if (outcome.kind === 'failed') {
      if (error) showError(error, t.cart(outcome.message.key, { limit: outcome.message.limit ?? '' }), config.cart.changeErrorMs);
    }
  } finally {
    button.removeAttribute('aria-disabled');
  }
}

/** The buttons submit their tile's form (which works without scripts); with them, the cart
 * service is called in place instead. */
export function enhanceAddToCart(config: ShellConfig): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button[data-add-to-cart]');
    if (!(button instanceof HTMLButtonElement)) return;
    event.preventDefault();
    void addToCart(button, config);
  });
}
