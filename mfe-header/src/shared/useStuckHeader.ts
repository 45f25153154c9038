/**
 * Sticky mode (header spec section 9: the header stays at the window's top when the platform is
 * not CLASSIC or the page asks for it). Once the page has scrolled the header's bar to the
 * window's top, the header is fixed there with the rows above the bar (benefits, top banner)
 * out of view, and its frame keeps the header's height, so the page below does not move.
 *
 * While it is fixed, focused elements scroll into view below it (the page's scroll padding).
 *
 * `position: sticky` cannot do it: an element sticks only within its parent, and the header's
 * parents (the host's slot) are exactly as tall as the header. Measured on every scroll and
 * resize, at most once a frame.
 */
import { useEffect, useState, type RefObject } from 'react';

export interface StuckHeader {
  stuck: boolean;
  /** The header's height, kept by its frame while it is fixed. */
  height: number;
  /** How far the fixed header sits above the window's top: the rows above its bar. */
  lift: number;
}

const NOT_STUCK: StuckHeader = { stuck: false, height: 0, lift: 0 };

export function useStuckHeader(
  enabled: boolean,
  frame: RefObject<HTMLElement | null>,
  header: RefObject<HTMLElement | null>,
  bar: RefObject<HTMLElement | null>,
): StuckHeader {
  const [state, setState] = useState<StuckHeader>(NOT_STUCK);
  useEffect(() => {
    if (!enabled) {
      setState(NOT_STUCK);
      return undefined;
    }
    let frameRequest = 0;
    const measure = () => {
      frameRequest = 0;
      if (!frame.current || !header.current || !bar.current) return;
      const lift = bar.current.offsetTop;
      const next: StuckHeader = {
        stuck: frame.current.getBoundingClientRect().top + lift < 0,
        height: header.current.offsetHeight,
        lift,
      };
      setState((current) =>
        current.stuck === next.stuck && current.height === next.height && current.lift === next.lift ? current : next,
      );
    };
    const onChange = () => {
      if (!frameRequest) frameRequest = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(frameRequest);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [enabled, frame, header, bar]);
  const shown = enabled ? state : NOT_STUCK;
  useScrollPadding(shown.stuck ? shown.height - shown.lift : 0);
  return shown;
}

/**
 * The custom property on the page's root that says, while the header is fixed, how much of the
 * window's top it covers (unset otherwise). A host page's own offsets can take it off: the shop's
 * pages keep a link's target 8rem from the window's top, the header's part included, rather than
 * adding the scroll padding to the target's margin.
 */
const STUCK_HEIGHT_PROPERTY = '--shd-stuck-height';

/**
 * While the header is fixed, the page's scroll padding is the part of it in view: an element
 * reached with the keyboard (or a link's target) scrolls into view below the header, not under
 * it; `STUCK_HEIGHT_PROPERTY` says the same. The page's own values come back afterwards. Through
 * the CSSOM only (no inline style).
 */
function useScrollPadding(px: number): void {
  useEffect(() => {
    if (px <= 0) return undefined;
    const { style } = document.documentElement;
    const set = [
      ['scroll-padding-top', `${px}px`],
      [STUCK_HEIGHT_PROPERTY, `${px}px`],
    ].map(([property, value]) => {
      const before = style.getPropertyValue(property);
      style.setProperty(property, value);
      return [property, before] as const;
    });
    return () => {
      for (const [property, before] of set) {
        if (before) style.setProperty(property, before);
        else style.removeProperty(property);
      }
    };
  }, [px]);
}
