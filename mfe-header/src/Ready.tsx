/** Tells the host a fragment is on screen, before the browser paints it (its layout effect). */
import { useLayoutEffect, type ReactNode } from 'react';

export function Ready({ onReady, children }: { onReady?(): void; children: ReactNode }) {
  useLayoutEffect(() => onReady?.(), [onReady]);
  return children;
}
