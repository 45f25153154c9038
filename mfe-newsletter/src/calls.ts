/**
 * The sign-up's calls (newsletter spec section 7): the customer base data for the prefill and
 * the sign-up itself, with the core's paths, header names and 15 s time limit. A failure is a
 * value, never a thrown error: no prefill, or status 0 (the core maps it to a generic error).
 */
import type { Core, CustomerBaseData, Site, SignupRequest } from '@shop/core';
import { answerBody, cookieValue } from '@shop/ui';

/** A path relative to the page's origin (the core's paths are) as an absolute URL. */
export function onThisOrigin(path: string, origin = window.location.origin): string {
  return new URL(path, `${origin}/`).toString();
}

/**
 * The logged-in customer's base data, or `undefined` (not logged in, refused, malformed). The
 * login token goes in the core's header when the page can read its cookie; where the server
 * keeps that cookie `HttpOnly` (the reference server does), the browser sends it and the call
 * repeats the page's CSRF cookie in `x-csrf-token` instead (double submit).
 */
export async function customerBaseData(core: Core, csrfCookie = 'csrf'): Promise<CustomerBaseData | undefined> {
  const settings = core.signupSettings();
  const headers: Record<string, string> = {};
  const token = cookieValue(settings.loginTokenCookie);
  const csrf = cookieValue(csrfCookie);
  if (token) headers[settings.loginTokenHeader] = token;
  if (csrf) headers['x-csrf-token'] = csrf;
  if (!token && !csrf) return undefined;
  try {
    const response = await fetch(onThisOrigin(settings.customerBaseDataPath), { credentials: 'include', cache: 'no-store', headers });
    const body = await answerBody(response);
    return body === undefined ? undefined : core.parseCustomerBaseData(body);
  } catch {
    return undefined;
  }
}

/** Posts the sign-up; the answer's status and body (status 0: network failure or time-out). */
export async function postSignup(
  core: Core,
  site: Site,
  request: SignupRequest,
  singlePageApp: boolean,
): Promise<{ status: number; body: string }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), core.formLimits().signupTimeoutMs);
  try {
    const response = await fetch(onThisOrigin(core.signupSubscribersPath(singlePageApp)), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', site, 'original-address': window.location.href },
      body: JSON.stringify(request),
      signal: abort.signal,
    });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  } finally {
    clearTimeout(timer);
  }
}
