/**
 * The sign-up form's two calls through the newsletter client (newsletter spec section 7): the
 * customer base data for the prefill and the sign-up itself. A failure is a value, never a
 * thrown error: no prefill, or the outcome the core maps the answer to.
 */
import type { Core, CustomerBaseData, Site, SignupOutcome, SignupRequest } from '@shop/core';
import { cookieValue, csrfHeaders } from '@shop/ui';
import { newsletterClient, ResponseError } from './client';

/**
 * The logged-in customer's base data, or `undefined` (not logged in, refused, malformed). The
 * login token goes in the core's header when the page can read its cookie; where the server
 * keeps that cookie `HttpOnly` (the reference server does), the browser sends it and the call
 * repeats the page's CSRF cookie in `x-csrf-token` instead (double submit).
 */
export async function customerBaseData(core: Core, csrfCookie?: string): Promise<CustomerBaseData | undefined> {
  const settings = core.signupSettings();
  const headers: Record<string, string> = csrfHeaders(core, csrfCookie);
  const token = cookieValue(settings.loginTokenCookie);
  if (token) headers[settings.loginTokenHeader] = token;
  if (Object.keys(headers).length === 0) return undefined;
  try {
    return await newsletterClient(core, true).getCustomerBaseData(headers);
  } catch {
    return undefined;
  }
}

/**
 * Sends the sign-up from this page and maps the answer with the core (`mapSignupResponse`):
 * an error answer's status and body (read within the time limit), status 0 for a failed request
 * or the time limit.
 */
export async function signUp(core: Core, site: Site, request: SignupRequest, singlePageApp: boolean): Promise<SignupOutcome> {
  try {
    await newsletterClient(core, singlePageApp).createSubscriber(request, { site, originalAddress: window.location.href });
    return core.mapSignupResponse(200, '');
  } catch (error) {
    if (!(error instanceof ResponseError)) return core.mapSignupResponse(0, '');
    return core.mapSignupResponse(error.response.status, error.body);
  }
}
