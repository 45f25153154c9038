/**
 * Sticky mode's scroll freeze (header spec section 4 "Navigation": in sticky mode, opening saves
 * the scroll position and freezes the body; closing restores it). While `active`, the body is
 * `position: fixed` at `top: -scrollY` (the page keeps its place on screen and cannot scroll
 * under the flyout); when it ends, the body's own inline values come back and the window
 * scrolls to the saved position at once (`behavior: 'instant'`, so a page's smooth scrolling
 * does not animate it). The body is changed through the CSSOM only (the pages' CSP allows no
 * inline style).
 */
import { useEffect } from 'react';

const FROZEN = ['position', 'top', 'left', 'right', 'width'] as const;

export function useScrollFreeze(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const { style } = document.body;
    const x = window.scrollX;
    const y = window.scrollY;
    const before = FROZEN.map((property) => style.getPropertyValue(property));
    style.setProperty('position', 'fixed');
    style.setProperty('top', `${-y}px`);
    style.setProperty('left', '0px');
    style.setProperty('right', '0px');
    style.setProperty('width', '100%');
    let frozen = true;
    const thaw = () => {
      if (!frozen) return;
      frozen = false;
      FROZEN.forEach((property, i) => {
        if (before[i]) style.setProperty(property, before[i]);
        else style.removeProperty(property);
      });
      window.scrollTo({ left: x, top: y, behavior: 'instant' });
    };
    // Leaving the page (a link in the flyout followed): the browser keeps the window's scroll
    // position for the way back, which the freeze holds at 0. Thawed first, the back button
    // returns the shopper to where they were.
    window.addEventListener('pagehide', thaw);
    return () => {
      window.removeEventListener('pagehide', thaw);
      thaw();
    };
  }, [active]);
}

/**
 * How far the page is scrolled, also while `useScrollFreeze` holds it (the window then reports
 * 0: the body is fixed, moved up by the offset it was frozen at).
 */
export function pageScrollY(): number {
  const { style } = document.body;
  if (style.getPropertyValue('position') !== 'fixed') return window.scrollY;
  const frozenAt = -Number.parseFloat(style.getPropertyValue('top'));
  return Number.isFinite(frozenAt) ? frozenAt : window.scrollY;
}
