/**
 * A fragment's gate for the core: renders its children once `ready()` has settled, nothing
 * before, and again the moment it settles. Inside, `use(ready())` returns the core at once (or
 * throws a failed load to the fragment's error boundary).
 *
 * Not a Suspense boundary: React reveals content that replaces a Suspense fallback no sooner
 * than 300 ms after the fallback showed, so the first fragment of every page (the header) came
 * that much after its core (ADR 0018).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ready, readySettled } from '@shop/core';

export function WithCore({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(readySettled);
  useEffect(() => {
    if (settled) return undefined;
    let mounted = true;
    const show = () => {
      if (mounted) setSettled(true);
    };
    ready().then(show, show);
    return () => {
      mounted = false;
    };
  }, [settled]);
  return settled ? children : null;
}
