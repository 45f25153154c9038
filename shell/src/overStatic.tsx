/**
 * How a fragment takes over a slot the server rendered statically (header, footer, sign-up):
 * the fragment renders hidden beside the static part and the two swap when it calls
 * `onReady` (in its layout effect: before the browser paints, no shift); when it throws, the
 * static part comes back (and `onStaticBack` is told).
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { FragmentBoundary } from './fragmentBoundary';

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
  container.hidden = true;
  slot.append(container);
  const showStatic = (shown: boolean) => {
    staticPart.hidden = !shown;
    container.hidden = shown;
  };
  createRoot(container).render(
    <FragmentBoundary
      name={name}
      onError={() => {
        showStatic(true);
        onStaticBack?.();
      }}
    >
      {render(() => showStatic(false))}
    </FragmentBoundary>,
  );
}
