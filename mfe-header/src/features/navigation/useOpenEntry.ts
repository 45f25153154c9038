/**
 * Which navigation entry's flyout is open, and how it gets there (header spec section 4
 * "Navigation"). Entries are named by a stable key (`themeWorlds`, `category-<index>`).
 *
 * - Hover intent: `hover(key)` makes the entry the candidate; `openDelayMs` (the core's 300 ms)
 *   later it becomes the open entry. A new `hover` restarts the wait for its own entry, the
 *   open flyout staying until then; hovering an entry without a flyout (`hover(null)`) closes
 *   after the same wait.
 * - `open(key)` opens at once (keyboard, touch, a click), `close()` closes; both drop a pending
 *   candidate. `openedByHover()` tells a flyout the mouse's resting opened from one opened on
 *   purpose (a mouse click on the former confirms it rather than closing it).
 * - Content rendering: an entry's flyout content is rendered from its first opening on and then
 *   stays rendered (`rendered`), hidden while another or none is open. `prepare(key)` renders it
 *   ahead of that, as a transition that gives way to the shopper's input: the first opening then
 *   only shows it (a first tap at 6x CPU: 326-393 ms with the render, 160-216 ms without).
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface OpenEntry {
  /** The open entry's key, `null` when every flyout is closed. */
  openKey: string | null;
  /** Keys whose flyout content has been rendered (it stays once rendered). */
  rendered: ReadonlySet<string>;
  hover(key: string | null): void;
  open(key: string): void;
  close(): void;
  /** Drops a pending candidate without changing what is open. */
  cancelHover(): void;
  /** Renders the entry's flyout content (hidden) ahead of its first opening. */
  prepare(key: string): void;
  /** Whether the open entry was opened by the mouse resting on it (not by `open`). */
  openedByHover(): boolean;
}

export function useOpenEntry(openDelayMs: number): OpenEntry {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [rendered, setRendered] = useState<ReadonlySet<string>>(() => new Set());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelHover = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const markRendered = useCallback((key: string) => {
    setRendered((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  }, []);

  const byHover = useRef(false);
  const show = useCallback(
    (key: string | null, hovered: boolean) => {
      byHover.current = hovered && key !== null;
      setOpenKey(key);
      if (key !== null) markRendered(key);
    },
    [markRendered],
  );
  const openedByHover = useCallback(() => byHover.current, []);

  const prepare = useCallback((key: string) => startTransition(() => markRendered(key)), [markRendered]);

  const open = useCallback(
    (key: string) => {
      cancelHover();
      show(key, false);
    },
    [cancelHover, show],
  );

  const close = useCallback(() => {
    cancelHover();
    show(null, false);
  }, [cancelHover, show]);

  const hover = useCallback(
    (key: string | null) => {
      cancelHover();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        show(key, true);
      }, openDelayMs);
    },
    [cancelHover, show, openDelayMs],
  );

  useEffect(() => cancelHover, [cancelHover]);

  return { openKey, rendered, hover, open, close, cancelHover, prepare, openedByHover };
}
