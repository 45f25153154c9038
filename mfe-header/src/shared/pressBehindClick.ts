/**
 * The press behind a click. A click tells neither the pointer that made it nor, for a finger,
 * whether it was a tap: the `pointerdown` before it does. `note` keeps the last press and what it
 * was on; `take` reads it for the click on the same thing, once (a keyboard's click, which has
 * no press behind it, then finds none). Used by the icon bar (keyed by flyout) and the main
 * navigation (keyed by entry).
 */
import { useMemo, useRef } from 'react';

export interface PressBehindClick<K> {
  /** A press on `key` with this pointer type; `undefined` forgets the last press. */
  note(key: K | undefined, pointerType?: string): void;
  /** The pointer type of the last press if it was on `key`; forgets it either way. */
  take(key: K): string | undefined;
}

export function usePressBehindClick<K>(): PressBehindClick<K> {
  const press = useRef<{ key: K; pointerType: string } | undefined>(undefined);
  return useMemo(
    () => ({
      note(key, pointerType) {
        press.current = key === undefined || pointerType === undefined ? undefined : { key, pointerType };
      },
      take(key) {
        const last = press.current;
        press.current = undefined;
        return last?.key === key ? last.pointerType : undefined;
      },
    }),
    [],
  );
}

/**
 * The second click of a mouse's double click: it keeps what the first one did. (A finger's
 * quick second tap, which counts as a double click too, acts as a tap.)
 */
export function repeatsMouseClick(event: { detail: number }, pointerType: string | undefined): boolean {
  return event.detail >= 2 && pointerType === 'mouse';
}
