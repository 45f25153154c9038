/**
 * The cart badge: the item count the cart announces (the core's item-count event, fired by the
 * mini cart and the add-to-cart buttons) as the core writes it ('+99' above 99, nothing at 0).
 * Starts from the count the page rendered with; `latestCount` (the host's own record) is read
 * again once the badge listens, so a count announced while the header was still loading is not
 * lost.
 */
import { useEffect, useState } from 'react';
import { onItemCount, useUi, wellFormedCount } from '@shop/ui';

export function useBadge(initialCount = 0, latestCount?: () => number): { count: number; text: string | undefined } {
  const { core, site } = useUi();
  const [count, setCount] = useState(initialCount);
  useEffect(() => {
    const stop = onItemCount(core.cartSettings(site).itemCountEvent, setCount);
    const latest = wellFormedCount(latestCount?.());
    if (latest !== undefined) setCount(latest);
    return stop;
  }, [core, site, latestCount]);
  return { count, text: core.badgeText(count) ?? undefined };
}
