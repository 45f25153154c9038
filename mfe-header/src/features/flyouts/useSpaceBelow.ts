/**
 * The room a flyout has below its top edge, within what the window shows (above an on-screen
 * keyboard): the visible area's bottom minus the flyout's top and a small gap to the window's edge, and for its content (`box: 'content'`, the
 * default) also minus the flyout's own padding and border. Measured when the flyout opens and
 * again on resize and scroll (a stuck header moves the flyout) while it is open.
 *
 * - The cart flyout hands the content's room to the mini cart as `--smc-flyout-max-height`, so
 *   the mini cart's list scrolls inside the window instead of running below its edge, whatever
 *   rows stand above the bar (top banner, stuck header, phone).
 * - The store finder, the user menu and the navigation's panel take the whole box's room
 *   (`box: 'border'`) as their own `max-height` (their boxes are `border-box`) and scroll.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { onVisibleAreaChange, visibleBottom } from '../../shared/visibleArea';

/** The gap left between the flyout and the window's bottom edge. */
export const FLYOUT_WINDOW_GAP_PX = 16;

/** The least room given, however little the window has: a flyout opened near the window's
 * bottom stays usable (the page scrolls to the rest) instead of shrinking to nothing. */
export const FLYOUT_MIN_ROOM_PX = 200;

/** The least room of a flyout whose own content scrolls (the navigation's panel, the store
 * finder, the user menu): on a phone held sideways the header leaves little room, and the rest
 * must be reached inside the flyout (the navigation freezes the page; a fixed header takes its
 * flyouts along when the page scrolls). */
export const SCROLLING_FLYOUT_MIN_ROOM_PX = 96;

/**
 * `minRoomPx`: the least room given ([`FLYOUT_MIN_ROOM_PX`] by default); a flyout over a page
 * that cannot scroll (the navigation freezes it) passes less, as the rest could not be reached.
 */
export function useSpaceBelow(
  panel: RefObject<HTMLElement | null>,
  open: boolean,
  minRoomPx: number = FLYOUT_MIN_ROOM_PX,
  box: 'content' | 'border' = 'content',
): number | undefined {
  const [space, setSpace] = useState<number>();

  useLayoutEffect(() => {
    if (!open) return undefined;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = panel.current;
      if (!element) return;
      const style = getComputedStyle(element);
      const chrome =
        box === 'border'
          ? 0
          : ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
              (sum, side) => sum + (parseFloat(style[side as 'paddingTop']) || 0),
              0,
            );
      const room = visibleBottom() - element.getBoundingClientRect().top - chrome - FLYOUT_WINDOW_GAP_PX;
      setSpace(Math.max(minRoomPx, Math.floor(room)));
    };
    const later = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    measure();
    const stop = onVisibleAreaChange(later, true);
    return () => {
      stop();
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [panel, open, minRoomPx, box]);

  return space;
}
