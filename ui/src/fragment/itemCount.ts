/**
 * The cart's item-count event (the core's `cartSettings().itemCountEvent`, fired by the mini
 * cart and the add-to-cart buttons with `detail.itemCount`), read the same way by every badge:
 * only a whole number of at least 0 counts; a malformed event changes nothing.
 */

/** A count as a badge takes it: a safe whole number of at least 0, else `undefined`. */
export function wellFormedCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** Follows the item-count event; `counted` gets each well-formed count. Returns the function that stops following. */
export function onItemCount(eventName: string, counted: (count: number) => void): () => void {
  const follow = (event: Event) => {
    const count = wellFormedCount((event as CustomEvent<{ itemCount?: unknown } | null>).detail?.itemCount);
    if (count !== undefined) counted(count);
  };
  document.addEventListener(eventName, follow);
  return () => document.removeEventListener(eventName, follow);
}
