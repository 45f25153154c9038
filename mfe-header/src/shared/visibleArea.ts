/**
 * The part of the page the window shows, for panels that size themselves to the room below
 * them (the search suggestions, the flyouts). An on-screen keyboard (iOS Safari, Chrome on
 * Android) shortens the visual viewport without resizing the window: measured against the
 * window's height, a panel's lower part lay behind the keyboard, out of reach. A page zoomed
 * in by pinching (scale other than 1) keeps the window's height: the shopper pans there.
 */

/** The visible area's bottom edge, in the coordinates of `getBoundingClientRect`. */
export function visibleBottom(win: Window = window): number {
  const viewport = win.visualViewport;
  if (viewport && Math.abs(viewport.scale - 1) < 0.01) return viewport.offsetTop + viewport.height;
  return win.innerHeight;
}

/**
 * Calls `changed` whenever the visible area may have changed (the window's resize, the visual
 * viewport's resize and scroll, and `scroll` of the page when `withPageScroll`); returns the
 * function that stops listening.
 */
export function onVisibleAreaChange(changed: () => void, withPageScroll = false, win: Window = window): () => void {
  const viewport = win.visualViewport;
  win.addEventListener('resize', changed);
  if (withPageScroll) win.addEventListener('scroll', changed, { passive: true });
  viewport?.addEventListener('resize', changed);
  viewport?.addEventListener('scroll', changed);
  return () => {
    win.removeEventListener('resize', changed);
    if (withPageScroll) win.removeEventListener('scroll', changed);
    viewport?.removeEventListener('resize', changed);
    viewport?.removeEventListener('scroll', changed);
  };
}
