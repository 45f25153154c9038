/**
 * How a fragment takes over a slot the server rendered statically (header, footer, sign-up):
 * the fragment renders hidden beside the static part and the two swap when it calls
 * `onReady` (in its layout effect: before the browser paints, no shift); when it throws, the
 * static part comes back (and `onStaticBack` is told).
 *
 * The swap never takes the keyboard focus with it. While the focus is in the slot outside the
 * fragment (a link of the static part, or the static header's mini cart dialog beside it), the
 * static part stays and the fragment waits, hidden, until the focus has gone elsewhere; hiding
 * the focused element would drop the focus to `<body>` (the footer loads as a keyboard user
 * tabs into the static footer; a late header arrives while the static one is in use). Waiting
 * is chosen over moving the focus into the fragment: the fragment's controls are not the
 * static ones (the icon bar's links are flyout buttons there, the site links a switcher), so
 * a "matching" control would often be a guess, or the fragment's root, which sends the user
 * back to the slot's start and makes a screen reader announce a move the user did not make.
 * Waiting moves nothing: the user keeps their place and the fragment shows as soon as they
 * move on. The two are never both shown.
 *
 * A fragment that comes in shorter than the static part (the sign-up's form before it expands
 * on focus) does not pull the page below it up by itself: the slot keeps the static part's
 * height until the user's first press or key anywhere on the page, whose answer may then move
 * things (a layout shift the user caused, not one that happened to them).
 */
import { FragmentBoundary } from '@shop/ui';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export interface StaticSwap {
  /** The fragment is ready: it takes the static part's place (or waits for the focus to leave). */
  takeOver(): void;
  /** Shows the static part again (`true`) or the fragment (`false`). */
  showStatic(shown: boolean): void;
}

/**
 * The swap between a slot's static part and the container a fragment renders into (hidden until
 * it takes over), for fragments mounted in any way (`renderOverStatic` for React components;
 * the promotion places with the fragment's own `mountPromotion`).
 */
export function staticSwap(slot: HTMLElement, staticPart: HTMLElement, container: HTMLElement): StaticSwap {
  container.hidden = true;
  let stopWaiting: (() => void) | undefined;
  let releaseHeight: (() => void) | undefined;
  const showStatic = (shown: boolean) => {
    stopWaiting?.();
    releaseHeight?.();
    const staticHeight = shown ? 0 : slot.getBoundingClientRect().height;
    staticPart.hidden = !shown;
    container.hidden = shown;
    if (!shown) releaseHeight = holdHeight(slot, staticHeight);
  };
  /** The focus is in the slot but not in the fragment: the static side is in use. */
  const focusBesideFragment = () => {
    const active = document.activeElement;
    return !!active && slot.contains(active) && !container.contains(active);
  };
  const takeOver = () => {
    if (stopWaiting) return;
    if (!focusBesideFragment()) {
      showStatic(false);
      return;
    }
    // Checked once the move is done (`focusout` comes before the next element has the focus;
    // a window that loses the focus keeps its focused element, so the swap waits on).
    let check: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = () => {
      clearTimeout(check);
      check = setTimeout(() => {
        if (!focusBesideFragment()) showStatic(false);
      }, 0);
    };
    slot.addEventListener('focusout', onFocusOut);
    stopWaiting = () => {
      clearTimeout(check);
      slot.removeEventListener('focusout', onFocusOut);
      stopWaiting = undefined;
    };
  };
  return { takeOver, showStatic };
}

/** What counts as the user's input for a layout shift: a press, a key. */
const USER_INPUTS = ['pointerdown', 'keydown'] as const;

/**
 * Keeps `slot` at least `height` px high until the user's first input (see above); returns what
 * releases it at once. Nothing is held when the slot is as high already.
 */
function holdHeight(slot: HTMLElement, height: number): (() => void) | undefined {
  if (slot.getBoundingClientRect().height >= height) return undefined;
  slot.style.minHeight = `${height}px`;
  const release = () => {
    slot.style.minHeight = '';
    for (const type of USER_INPUTS) document.removeEventListener(type, release, true);
  };
  for (const type of USER_INPUTS) document.addEventListener(type, release, true);
  return release;
}

export function renderOverStatic(
  slot: HTMLElement,
  staticPart: HTMLElement,
  name: string,
  className: string,
  render: (onReady: () => void) => ReactNode,
  onStaticBack?: () => void,
): void {
  const container = document.createElement('div');
  container.className = className;
  slot.append(container);
  const { takeOver, showStatic } = staticSwap(slot, staticPart, container);
  let failed = false;
  createRoot(container).render(
    <FragmentBoundary
      source="shell"
      name={`${name} fragment`}
      onError={() => {
        failed = true;
        showStatic(true);
        onStaticBack?.();
      }}
    >
      {render(() => {
        if (!failed) takeOver();
      })}
    </FragmentBoundary>,
  );
}
