/**
 * The products' add-to-cart buttons (the spec's external add-to-cart): POST the button's
 * payload, then 200 shows the confirmation, announces the item count and has the mini cart
 * reload, 304 shows nothing,
 * anything else shows the translated change error with its limit, visibly, in the tile, for the
 * change error's display time (header spec section 9: 7500 ms), as the mini cart shows its own.
 *
 * - A call that has not answered after the cart's request timeout counts as failed (the tile
 *   shows the change error; the button does not wait for ever).
 * - Answers may arrive in another order than the adds were sent: each add is numbered by the
 *   core (`beginLoad`) and only the newest answer's cart is stored and its count announced
 *   (`loadSucceeded` keeps an older answer from replacing it), so the badge never goes back.
 * - The core and the texts are loaded before anything is sent. When they cannot be (the
 *   connection dropped, the core failed to load or did not come within `LOAD_TIMEOUT_MS`), the tile's form is submitted as it is without
 *   scripts (ADR 0016): the server adds the article and answers with the page that says so, or
 *   the browser says it is offline; an add is never sent without a way to tell its outcome.
 */
import type { Core, MiniCartState } from '@shop/core';
import { storeCart, within } from '@shop/ui';
import type { ShellConfig } from './config';
import { loadCore, loadTexts } from './core';
import type { ShellTranslators } from './shellTexts';

/** POSTs the payload to the cart service for the page's site (each site is its own shop). */
async function post(config: ShellConfig, payload: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(config.cart.servicePath, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', [config.cart.siteHeader]: config.site },
      body: payload,
      signal: AbortSignal.timeout(config.cart.requestTimeoutMs),
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

/** The adds' numbering and the newest answered cart (the core's ordering of cart answers). */
let adds: MiniCartState = { deleted: [] };

/** The core and the texts, or `undefined` when they cannot be loaded. */
async function rules(config: ShellConfig): Promise<{ core: Core; t: ShellTranslators } | undefined> {
  try {
    // A core that does not come in time counts as one that failed: the form goes as it is.
    const core = await within(loadCore());
    return { core, t: await loadTexts(core, config.site) };
  } catch {
    return undefined;
  }
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
  const loaded = await rules(config);
  if (!loaded) {
    button.removeAttribute('aria-disabled');
    button.form?.requestSubmit(button);
    return;
  }
  const { core, t } = loaded;
  try {
    const started = core.beginLoad(adds);
    adds = started.state;
    const answer = await post(config, button.dataset.addToCart ?? '');
    const outcome = core.addToCartOutcome(answer.status, answer.body);
    if (outcome.kind === 'added') {
      adds = core.loadSucceeded(adds, outcome.cart, started.request);
      if (added) added.textContent = t.shell('product.added', { title: button.dataset.title ?? '' });
      if (adds.shownRequest === started.request) {
        storeCart(config.cart.storageKey, outcome.cart);
        // Announced as the mini cart announces it: the header's badge and the static one follow.
        document.dispatchEvent(new CustomEvent(config.cart.itemCountEvent, { detail: { itemCount: core.itemCount(adds) } }));
      }
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
