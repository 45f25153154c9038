/**
 * The visitor's personal data for the header (login state, name, beans, loyalty-card
 * membership) from the personal-data service, read by the core. The service wants the CSRF
 * token of the page's `csrfCookie` in an `x-csrf-token` header (double submit). Until it answers,
 * and when it fails, the visitor counts as logged out (the core's default).
 */
import { useEffect, useState } from 'react';
import type { PersonalData } from '@shop/core';
import { useUi, answerBody, cookieValue } from '@shop/ui';

/** The personal-data service of the header (newsletter spec section 7). */
export const PERSONAL_DATA_PATH = '/service/customerfrontenddata/api/v1/psdata';

export function useVisitor(csrfCookie = 'csrf'): PersonalData {
  const { core } = useUi();
  const [visitor, setVisitor] = useState<PersonalData>(() => core.parsePersonalData(''));
  useEffect(() => {
    const controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = cookieValue(csrfCookie);
    if (token) headers['x-csrf-token'] = token;
    fetch(PERSONAL_DATA_PATH, { credentials: 'include', cache: 'no-store', headers, signal: controller.signal })
      .then(answerBody)
      .then((body) => {
        if (!controller.signal.aborted && body) setVisitor(core.parsePersonalData(body));
      })
      .catch(() => {
        // Offline, aborted or refused: the visitor stays logged out; the header needs no error.
      });
    return () => controller.abort();
  }, [core, csrfCookie]);
  return visitor;
}
