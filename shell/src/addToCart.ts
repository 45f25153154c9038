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
 * - An add whose answer was lost (no answer, a gateway's, an unreadable one: the core's
 *   `changeOutcomeUnknown`) shows the change error and asks the service for the cart, so the
 *   badge and a mini cart on the page say whether the article went in.
 * - The core and the texts are loaded before anything is sent. When they cannot be (the
 *   connection dropped, the core failed to load or did not come within `LOAD_TIMEOUT_MS`), the tile's form is submitted as it is without
 *   scripts (ADR 0016): the server adds the article and answers with the page that says so. An
 *   add is never sent without a way to tell its outcome. Offline, the form is not submitted (it
 *   could only end on the browser's error page): the tile shows the page's change-error words.
 */
import type { Cart, Core, MiniCartState } from '@shop/core';
import { addToCart as postAdd, fetchCart, storeCart, within } from '@shop/ui';
import type { ShellConfig } from './config';
import { loadCore, loadTexts } from './core';
import type { ShellTranslators } from './shellTexts';

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
async function rules(config: ShellConfig): Promise<{ core: Core; t: Pick<ShellTranslators, 'shell' | 'cart'> } | undefined> {
  try {
    // A core that does not come in time counts as one that failed: the form goes as it is.
    const core = await within(loadCore());
    return { core, t: await loadTexts(core, config.site, ['shell', 'cart']) };
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
    // Offline, the form would only reach the browser's own error page, and the shop would be
    // gone from the tab: the tile says in the page's words that the cart could not be changed.
    if (!navigator.onLine && error && config.offlineAddError) {
      showError(error, config.offlineAddError, config.cart.changeErrorMs);
      return;
    }
    button.form?.requestSubmit(button);
    return;
  }
  const { core, t } = loaded;
  try {
    const started = core.beginLoad(adds);
    adds = started.state;
    const answer = await postAdd(config.cart, config.site, button.dataset.addToCart ?? '');
    const outcome = core.addToCartOutcome(answer.status, answer.body);
    if (outcome.kind === 'added') {
      if (added) added.textContent = t.shell('product.added', { title: button.dataset.title ?? '' });
      settle(core, config, outcome.cart, started.request);
    } else if (outcome.kind === 'failed') {
      if (error) showError(error, t.cart(outcome.message.key, { limit: outcome.message.limit ?? '' }), config.cart.changeErrorMs);
      // The answer was lost (or a gateway's, or unreadable): the article may be in the cart. The
      // cart is asked for, so the badge and the mini cart say what the service holds.
      if (core.changeOutcomeUnknown(answer.status)) void check(core, config);
    }
  } finally {
    button.removeAttribute('aria-disabled');
  }
}

/**
 * Takes a cart the service answered for request `request`: the newest answer's cart is kept and
 * its count announced (as the mini cart announces it: the header's badge and the static one
 * follow), and a mini cart already on the page reloads with force.
 */
function settle(core: Core, config: ShellConfig, cart: Cart, request: number): void {
  adds = core.loadSucceeded(adds, cart, request);
  if (adds.shownRequest === request) {
    storeCart(config.cart.storageKey, cart);
    document.dispatchEvent(new CustomEvent(config.cart.itemCountEvent, { detail: { itemCount: core.itemCount(adds) } }));
  }
  const [reload] = config.cart.reloadEvents;
  if (reload) document.dispatchEvent(new CustomEvent(reload));
}

/** Asks the service for its cart after an add whose outcome is unknown; a failure changes nothing. */
async function check(core: Core, config: ShellConfig): Promise<void> {
  const started = core.beginLoad(adds);
  adds = started.state;
  const answer = await fetchCart(config.cart, config.site, true);
  const result = core.parseCartAnswer(answer.status, answer.body);
  if (result.kind === 'cart') settle(core, config, result.answer.cart, started.request);
}

/**
 * The cart as the service holds it, asked on the cart page when it loads and on every page when
 * its tab is shown again. Changes made elsewhere then reach the badge, the browser's kept cart
 * and a mini cart on the page: the cart page's own forms (which work without scripts and leave
 * the kept cart as it was) and another tab's changes while this tab was hidden. Keeping the
 * answer tells the shop's other tabs too (their `storage` event). A failed ask changes nothing.
 * Returns the function that stops following.
 */
export function followServiceCart(config: ShellConfig): () => void {
  // The core loads on this need only (the server says which page is the basket).
  const ask = () => {
    loadCore()
      .then((core) => check(core, config))
      .catch(() => undefined);
  };
  const onShown = () => {
    if (document.visibilityState === 'visible') ask();
  };
  document.addEventListener('visibilitychange', onShown);
  if (config.basketPage) ask();
  return () => document.removeEventListener('visibilitychange', onShown);
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
