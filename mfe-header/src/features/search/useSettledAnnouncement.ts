/**
 * What the search box's polite live region says: the suggestions' state once it has held still,
 * not every step of it. A screen reader then hears "4 Vorschläge" once after the shopper paused
 * typing, instead of "loading … 1 Vorschlag … loading … 3 Vorschläge" for every keystroke:
 *
 * - a text is shown only after it has stayed the same for `ANNOUNCE_SETTLED_AFTER_MS`; an answer
 *   that comes sooner replaces the pending text, so a quick answer is never preceded by
 *   "loading", while a slow one (the service retrying) is;
 * - a new answer with the same text as the one shown is announced again (a no-break space is
 *   added or taken away: live regions only speak when their text changes);
 * - an empty text (the box asks for no suggestions) clears the region at once and silently.
 */
import { useEffect, useState } from 'react';

/** How long the state must hold still before it is announced (ms). */
export const ANNOUNCE_SETTLED_AFTER_MS = 1000;

const NO_BREAK_SPACE = '\u00a0';

/**
 * `text`: what the region should say now; `answer`: a value that changes with every answer (a
 * new answer with an unchanged text is announced again).
 */
export function useSettledAnnouncement(text: string, answer: unknown): string {
  const [shown, setShown] = useState('');

  useEffect(() => {
    if (text === '') {
      setShown('');
      return undefined;
    }
    const timer = setTimeout(() => {
      setShown((previous) => (previous === text ? text + NO_BREAK_SPACE : text));
    }, ANNOUNCE_SETTLED_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, answer]);

  return shown;
}
