/**
 * The page overlay (header spec section 4 "Flyouts": "While a header flyout or the navigation
 * flyout is open the page is overlaid and marked flyout-open"). The header decides when with the
 * core, `core.pageOverlayShown(flyouts.overlayFlyout, navigationOpen)` (the icon flyouts' one
 * second hover delay is in `useFlyouts`), and hands the answer here:
 *
 * - `usePageOverlay(open)`: `document.body` carries the class `flyout-open` while `open`;
 * - `<PageOverlay open onClose />`: that, plus the `shd-overlay` element over the page (a click on
 *   it closes). Render it inside the header's `ThemeScope` (its colour is a token), after the
 *   header, with the header stacked above it (`z-index`), so that the mouse on a flyout is not on
 *   the overlay.
 */
import { useEffect } from 'react';

/** The class the page's body carries while the page is overlaid. */
export const FLYOUT_OPEN_CLASS = 'flyout-open';

/** The overlay element's class. */
export const PAGE_OVERLAY_CLASS = 'shd-overlay';

/**
 * Whether a press or click is on the page overlay: the overlay closes on its click, so the
 * flyouts' and the navigation's press-outside rules leave presses on it alone (closing at the
 * press would take the overlay away, and a finger's tap would land on what lies beneath).
 */
export const onPageOverlay = (target: EventTarget | null): boolean =>
  target instanceof Element && target.classList.contains(PAGE_OVERLAY_CLASS);

export function usePageOverlay(open: boolean): boolean {
  useEffect(() => {
    if (!open) return undefined;
    document.body.classList.add(FLYOUT_OPEN_CLASS);
    return () => document.body.classList.remove(FLYOUT_OPEN_CLASS);
  }, [open]);
  return open;
}

export interface PageOverlayProps {
  /** `core.pageOverlayShown(flyouts.overlayFlyout, navigationOpen)`. */
  open: boolean;
  /** A click on the overlay: close the flyout (and the navigation). */
  onClose(): void;
}

export function PageOverlay({ open, onClose }: PageOverlayProps) {
  usePageOverlay(open);
  if (!open) return null;
  // Decorative for assistive technology: Escape and the buttons close for keyboard users.
  // It closes on the click, not on the press: a finger's tap picks its click target when it
  // lifts, so an overlay gone at the press would hand the tap to the link or button beneath it
  // (the flyouts' press-outside rule leaves presses on the overlay to this).
  return <div className={PAGE_OVERLAY_CLASS} aria-hidden="true" onClick={onClose} />;
}
