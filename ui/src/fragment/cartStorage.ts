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
