/**
 * The footer's calls (newsletter spec section 7), each failing quietly as section 8 asks: a
 * failed footer fetch is "no footer", a failed newsletter-status call leaves the status unknown
 * (the block shows), the A/B assignment's answer is never read.
 */
import { useEffect, useState } from 'react';
import type { Core, NewsletterStatus, Site } from '@shop/core';
import { fetchBody, siteHeaders, timeLimited, useShownAgain } from '@shop/ui';

/** The `SHOP_FOOTER` body: `undefined` while loading, `null` when there is no footer. */
export function useFooterDocument(core: Core, site: Site): string | null | undefined {
  const [body, setBody] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const abort = new AbortController();
    setBody(undefined);
    void fetchBody(core.footerSettings().documentPath, { credentials: 'include', headers: siteHeaders(core, site), signal: timeLimited(abort.signal) }).then(
      (text) => {
        // A failed call is no footer, and so is a body over the core's limit (dropped here, not
        // handed to the core).
        if (!abort.signal.aborted) setBody(text && text.length <= core.footerSettings().maxDocumentBytes ? text : null);
      },
    );
    return () => abort.abort();
  }, [core, site]);
  return body;
}

let newsletterStatusCall: Promise<NewsletterStatus | undefined> | undefined;

/**
 * The visitor's newsletter status from `/json/psdata`, asked once per page and shared as one
 * promise by every caller (spec section 7). A failure is an unknown status.
 */
export function newsletterStatus(core: Core): Promise<NewsletterStatus | undefined> {
  newsletterStatusCall ??= fetchBody(core.footerSettings().newsletterStatusPath, { credentials: 'include', cache: 'no-store', signal: timeLimited() })
    .then((body) => (body === undefined ? undefined : core.parseNewsletterStatus(body)))
    // A status that cannot be read is an unknown one, never a page's unhandled rejection.
    .catch(() => undefined);
  return newsletterStatusCall;
}

/** Forgets the shared newsletter-status call (tests; a host after the visitor signed up). */
export function forgetNewsletterStatus(): void {
  newsletterStatusCall = undefined;
}

/**
 * The newsletter status once known: `{ known: false }` until the call settles. Asked again when
 * the tab is shown again (a sign-up, or a login, in another tab of the shop), the status known
 * so far staying until the new answer.
 */
export function useNewsletterStatus(core: Core): { known: boolean; status?: NewsletterStatus } {
  const [state, setState] = useState<{ known: boolean; status?: NewsletterStatus }>({ known: false });
  const shown = useShownAgain();
  useEffect(() => {
    // Shown again: the page's one call is stale, asked anew.
    if (shown > 0) forgetNewsletterStatus();
    let current = true;
    newsletterStatus(core).then((status) => {
      if (current) setState({ known: true, status });
    });
    return () => {
      current = false;
    };
  }, [core, shown]);
  return state;
}

/** Fires the A/B test assignment call once when the footer loads; its answer is not used. */
export function useAbTestAssignment(core: Core): void {
  useEffect(() => {
    // The body is read and dropped: an unread body keeps the request open. A call that does
    // not answer is given up after LOAD_TIMEOUT_MS, as every other fragment call.
    fetch(core.footerSettings().abTestAssignmentPath, { credentials: 'include', signal: timeLimited() })
      .then((response) => response.text())
      .catch(() => undefined);
  }, [core]);
}
