/**
 * A fragment's gate for the core: renders its children once `ready()` has settled, nothing
 * before, and again the moment it settles. Inside, `use(ready())` returns the core at once (or
 * throws a failed load to the fragment's error boundary).
 *
 * A core that has not come after `LOAD_TIMEOUT_MS` counts as failed (thrown to the boundary).
 *
 * Not a Suspense boundary: React reveals content that replaces a Suspense fallback no sooner
 * than 300 ms after the fallback showed, so the first fragment of every page (the header) came
 * that much after its core (ADR 0018).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ready, readySettled } from '@shop/core';
import { LOAD_TIMEOUT_MS } from './loadTimeout';

export function WithCore({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(readySettled);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (settled) return undefined;
    let mounted = true;
    const show = () => {
      if (mounted) setSettled(true);
    };
    ready().then(show, show);
    // A core that does not come in time is a core that failed: the fragment's error boundary
    // gives the slot back to the page's own fallback (`LOAD_TIMEOUT_MS`).
    const timer = setTimeout(() => {
      if (mounted) setLate(true);
    }, LOAD_TIMEOUT_MS);
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, [settled]);
  if (!settled && late) throw new Error(`the shop's core did not load within ${LOAD_TIMEOUT_MS} ms`);
  return settled ? children : null;
}
