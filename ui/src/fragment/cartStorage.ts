/**
 * The cart kept in browser storage under the site's key (the core's `cartSettings(site).storageKey`),
 * written by the mini cart and by the shell's add-to-cart buttons alike; storage that is full,
 * blocked or absent is no error.
 */

export function readStoredCart(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storeCart(key: string, cart: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(cart));
  } catch {
    // Private mode or a full quota: the cart still shows, it is only not kept.
  }
}

/** Where a cart reload can be asked: the site's reload events and its storage key. */
export interface CartReloadSources {
  reloadEvents: readonly string[];
  storageKey: string;
}

/**
 * Calls `asked` whenever the page asks the cart to reload (one of the core's reload events,
 * header spec section 4) or another tab keeps a new cart under the site's key; for whoever
 * stands in for the mini cart until it is there (its first load is then a forced reload). Returns
 * the function that stops listening.
 */
export function onCartReloadAsked({ reloadEvents, storageKey }: CartReloadSources, asked: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === storageKey) asked();
  };
  for (const event of reloadEvents) document.addEventListener(event, asked);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    for (const event of reloadEvents) document.removeEventListener(event, asked);
    window.removeEventListener('storage', fromOtherTab);
  };
}
