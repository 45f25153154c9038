/**
 * What the search box's polite live region says: the suggestions' state once it has held still,
 * not every step of it. A screen reader then hears "4 Vorschläge" once after the shopper paused
 * typing, instead of "loading … 1 Vorschlag … loading … 3 Vorschläge" for every keystroke:
 *
 * - a text is shown only after it has stayed the same for `ANNOUNCE_SETTLED_AFTER_MS`; an answer
 *   that comes sooner replaces the pending text, so a quick answer is never preceded by
 *   "loading", while a slow one (the service retrying) is;
 * - a new answer with the same text as the one shown is announced again (a new `serial`, for
 *   `@shop/ui`'s `Announcement`: live regions only speak when their content changes);
 * - an empty text (the box asks for no suggestions) clears the region at once and silently.
 */
import { useEffect, useState } from 'react';

/** How long the state must hold still before it is announced (ms). */
export const ANNOUNCE_SETTLED_AFTER_MS = 1000;

/** What the region says now, and which announcement that is. */
export interface SettledAnnouncement {
  text: string;
  serial: number;
}

/**
 * `text`: what the region should say now; `answer`: a value that changes with every answer (a
 * new answer with an unchanged text is announced again).
 */
export function useSettledAnnouncement(text: string, answer: unknown): SettledAnnouncement {
  const [shown, setShown] = useState<SettledAnnouncement>({ text: '', serial: 0 });

  useEffect(() => {
    if (text === '') {
      setShown((previous) => ({ text: '', serial: previous.serial }));
      return undefined;
    }
    const timer = setTimeout(() => {
      setShown((previous) => ({ text, serial: previous.serial + 1 }));
    }, ANNOUNCE_SETTLED_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, answer]);

  return shown;
}
