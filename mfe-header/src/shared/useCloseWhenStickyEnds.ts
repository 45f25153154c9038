import { useEffect, useRef } from 'react';

/**
 * Closes a flyout when sticky mode ends while it is open: the window widened to the classic
 * layout (the platform follows the width, header spec section 4), so the header is no longer
 * fixed and the page, thawed, is back at its scroll position. A flyout left open would go out of
 * sight with the header, leaving only the page overlay over the whole window.
 */
export function useCloseWhenStickyEnds(sticky: boolean, open: boolean, close: () => void): void {
  const wasSticky = useRef(sticky);
  useEffect(() => {
    if (wasSticky.current && !sticky && open) close();
    wasSticky.current = sticky;
  }, [sticky, open, close]);
}
