/**
 * The press feedback of a button: a ripple that appears where the pointer went down and stays at
 * least `core.timings().rippleMinMs` (spec section 9: 250 ms), however short the press.
 *
 * Semantics (tested in ui/tests/elements/button.test.tsx): a ripple is added on a primary-button
 * pointer down and removed at the later of (a) `rippleMinMs` after that pointer down and (b) the
 * end of the press (pointer up, cancel or leave). Its CSS animation lasts `rippleMinMs` too, so a
 * quick click shows the whole animation and nothing is cut short. No clock is read: one timer per
 * ripple marks the minimum as elapsed. Timers are cleared on unmount.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

export interface Ripple {
  id: number;
  /** Centre of the ripple in px from the element's top left corner (the pointer position). */
  x: number;
  y: number;
  /** Diameter in px: large enough to reach the farthest corner. */
  size: number;
}

interface Tracked {
  timer: ReturnType<typeof setTimeout> | undefined;
  minimumElapsed: boolean;
  released: boolean;
}

export interface Ripples {
  ripples: Ripple[];
  /** Spread on the pressable element. */
  handlers: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: () => void;
    onPointerCancel: () => void;
    onPointerLeave: () => void;
  };
}

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

export function useRipples(minimumMs: number, enabled: boolean): Ripples {
  const [ripples, setRipples] = useState<Ripple[]>([]);
  const tracked = useRef(new Map<number, Tracked>());
  const nextId = useRef(0);

  const remove = useCallback((id: number) => {
    const entry = tracked.current.get(id);
    if (entry?.timer !== undefined) clearTimeout(entry.timer);
    tracked.current.delete(id);
    setRipples((current) => current.filter((r) => r.id !== id));
  }, []);

  useEffect(() => {
    const map = tracked.current;
    return () => {
      for (const entry of map.values()) if (entry.timer !== undefined) clearTimeout(entry.timer);
      map.clear();
    };
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      // Only the primary button (a touch or pen contact is 0 too); nothing while inactive.
      if (!enabled || finite(event.button) !== 0) return;
      const rect = event.currentTarget.getBoundingClientRect();
      const x = finite(event.clientX) - finite(rect.left);
      const y = finite(event.clientY) - finite(rect.top);
      const width = finite(rect.width);
      const height = finite(rect.height);
      const reach = Math.hypot(Math.max(x, width - x), Math.max(y, height - y));
      const id = nextId.current;
      nextId.current += 1;
      const entry: Tracked = { timer: undefined, minimumElapsed: false, released: false };
      entry.timer = setTimeout(() => {
        entry.timer = undefined;
        entry.minimumElapsed = true;
        if (entry.released) remove(id);
      }, Math.max(0, minimumMs));
      tracked.current.set(id, entry);
      setRipples((current) => [...current, { id, x, y, size: 2 * reach }]);
    },
    [enabled, minimumMs, remove],
  );

  const release = useCallback(() => {
    for (const [id, entry] of tracked.current) {
      if (entry.released) continue;
      entry.released = true;
      if (entry.minimumElapsed) remove(id);
    }
  }, [remove]);

  return {
    ripples,
    handlers: { onPointerDown, onPointerUp: release, onPointerCancel: release, onPointerLeave: release },
  };
}
