/**
 * The cart badge: the item count the cart announces (the core's item-count event, fired by the
 * mini cart and the add-to-cart buttons) as the core writes it ('+99' above 99, nothing at 0).
 * Starts from the count the page rendered with; `latestCount` (the host's own record) is read
 * again once the badge listens, so a count announced while the header was still loading is not
 * lost.
 */
import { useEffect, useState } from 'react';
import { useUi } from '@shop/ui';

export function useBadge(initialCount = 0, latestCount?: () => number): { count: number; text: string | undefined } {
  const { core, site } = useUi();
  const [count, setCount] = useState(initialCount);
  useEffect(() => {
    const eventName = core.cartSettings(site).itemCountEvent;
    const onCount = (event: Event) => {
      const itemCount = (event as CustomEvent<{ itemCount?: unknown }>).detail?.itemCount;
      if (typeof itemCount === 'number' && Number.isSafeInteger(itemCount) && itemCount >= 0) setCount(itemCount);
    };
    document.addEventListener(eventName, onCount);
    const latest = latestCount?.();
    if (typeof latest === 'number' && Number.isSafeInteger(latest) && latest >= 0) setCount(latest);
    return () => document.removeEventListener(eventName, onCount);
  }, [core, site, latestCount]);
  return { count, text: core.badgeText(count) ?? undefined };
}
