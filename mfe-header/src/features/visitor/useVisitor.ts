/**
 * The visitor's personal data for the header (login state, name, beans, loyalty-card
 * membership) from the personal-data service, read by the core. The service wants the CSRF
 * token of the page's `csrfCookie` in the core's CSRF header (double submit, `csrfHeaders`). Until it answers,
 * and when it fails or has not answered within `LOAD_TIMEOUT_MS`, the visitor counts as logged
 * out (the core's default).
 */
import { useEffect, useState } from 'react';
import type { PersonalData } from '@shop/core';
import { csrfHeaders, fetchBody, timeLimited, useShownAgain, useUi } from '@shop/ui';

export function useVisitor(csrfCookie?: string): PersonalData {
  const { core } = useUi();
  const [visitor, setVisitor] = useState<PersonalData>(() => core.parsePersonalData(''));
  // Asked again whenever the tab is shown again: a login or logout in another tab of the shop
  // shows here too (the name and Logout, or Login and Register) without a reload.
  const shown = useShownAgain();
  useEffect(() => {
    const controller = new AbortController();
    const headers = { Accept: 'application/json', ...csrfHeaders(core, csrfCookie) };
    // Offline, aborted or refused: the visitor stays as known; the header needs no error.
    void fetchBody(core.visitorSettings().personalDataPath, { credentials: 'include', cache: 'no-store', headers, signal: timeLimited(controller.signal) })
      .then((body) => {
        if (!controller.signal.aborted && body) setVisitor(core.parsePersonalData(body));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [core, csrfCookie, shown]);
  return visitor;
}
