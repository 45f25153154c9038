/**
 * The search box's suggestions for what the shopper typed (header spec sections 3, 5, 7).
 * Every rule is the core's: whether the text asks for suggestions, the call's URL, whether a
 * failed call is retried, and what an answer body means. This hook only sequences the calls:
 *
 * - one GET per text, `credentials: 'include'`; a new text aborts the call in flight
 *   (`AbortController`), and an answer that arrives for an older text is dropped;
 * - a status the core retries is asked again `searchSettings().retryDelayMs` later; a new text
 *   ends the retries;
 * - a network failure, an unreadable body, a status the core gives up on or a call that has
 *   not answered within `searchSettings().requestTimeoutMs` means "no suggestions", never an
 *   error (and never "loading" for ever).
 *
 * While a call is in flight the previous suggestions stay (no flicker between keystrokes); they
 * go as soon as the text asks for none.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Suggestions } from '@shop/core';
import { useUi, dropBody, timeLimited } from '@shop/ui';

/** `idle`: the text asks for no suggestions; `loading`: a call (or its retry) is pending; `done`: answered. */
export type SuggestionsStatus = 'idle' | 'loading' | 'done';

export interface SuggestionsState {
  status: SuggestionsStatus;
  suggestions: Suggestions;
}

const NO_SUGGESTIONS: Suggestions = { terms: [], products: [] };
const IDLE: SuggestionsState = { status: 'idle', suggestions: NO_SUGGESTIONS };

/** Whether `typed` has a term or product to show. */
export const hasSuggestions = (suggestions: Suggestions) =>
  suggestions.terms.length + suggestions.products.length > 0;

export function useSuggestions(typed: string): SuggestionsState {
  const { core, site } = useUi();
  const { retryDelayMs, requestTimeoutMs } = useMemo(() => core.searchSettings(), [core]);
  const [state, setState] = useState<SuggestionsState>(IDLE);

  useEffect(() => {
    if (!core.suggestionsWanted(typed)) {
      setState(IDLE);
      return undefined;
    }
    // One controller per text: aborted by the next text, it also marks this text's answers stale.
    const controller = new AbortController();
    const stale = () => controller.signal.aborted;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const url = core.suggestionsUrl(typed, site);
    const settle = (suggestions: Suggestions) => {
      if (!stale()) setState({ status: 'done', suggestions });
    };

    const ask = async (retriesMade: number): Promise<void> => {
      // This call (its answer and its body) ends with the text (the controller) or after the
      // time limit.
      const signal = timeLimited(controller.signal, requestTimeoutMs);
      let response: Response;
      try {
        response = await fetch(url, { credentials: 'include', signal });
      } catch {
        settle(NO_SUGGESTIONS);
        return;
      }
      if (stale()) return;
      if (core.retrySuggestions(response.status, retriesMade)) {
        dropBody(response);
        retryTimer = setTimeout(() => void ask(retriesMade + 1), retryDelayMs);
        return;
      }
      if (!response.ok) {
        dropBody(response);
        settle(NO_SUGGESTIONS);
        return;
      }
      let body: string;
      try {
        body = await response.text();
      } catch {
        settle(NO_SUGGESTIONS);
        return;
      }
      if (stale()) return;
      settle(core.parseSuggestions(body, typed, site));
    };

    setState((previous) => ({ status: 'loading', suggestions: previous.suggestions }));
    void ask(0);
    return () => {
      controller.abort();
      if (retryTimer !== undefined) clearTimeout(retryTimer);
    };
  }, [core, site, typed, retryDelayMs, requestTimeoutMs]);

  return state;
}
