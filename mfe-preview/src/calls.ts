/**
 * The panel's calls (newsletter spec section 7): the auth check, its renewal, the logout, the
 * tests active at a date-time and the preview token. Each failure is a value, never a thrown
 * error: no check, no tests, a status that is not `SUCCESS`, a logout that did not end the login.
 */
import type { AbTest, CheckAuth, Core, PreviewRequest } from '@shop/core';
import { csrfHeaders, fetchBody, timeLimited } from '@shop/ui';

/**
 * One of the panel's calls, with the staff cookies, never cached, ended after the core's limit.
 * `headers`: the page's CSRF token, for the calls that change the staff session.
 */
function requestInit(core: Core, headers?: HeadersInit): RequestInit {
  return { credentials: 'include', cache: 'no-store', headers, signal: timeLimited(undefined, core.previewSettings().requestTimeoutMs) };
}

/** A call's answer body; `undefined` when it fails or has not answered within the core's limit. */
function get(core: Core, url: string, headers?: HeadersInit): Promise<string | undefined> {
  return fetchBody(url, requestInit(core, headers));
}

export async function checkAuth(core: Core): Promise<CheckAuth | undefined> {
  const body = await get(core, core.previewSettings().checkAuthPath);
  return body === undefined ? undefined : core.parseCheckAuth(body);
}

/** Renews the staff login; the answer is not used. */
export async function renewAuth(core: Core): Promise<void> {
  await get(core, core.previewSettings().renewAuthPath);
}

/**
 * Ends the staff login; it repeats the page's CSRF cookie in `x-csrf-token`, as the token call.
 * Whether the service ended it (a 2xx answer).
 */
export async function logOut(core: Core, csrfCookie?: string): Promise<boolean> {
  return (await get(core, core.previewSettings().logoutPath, csrfHeaders(core, csrfCookie))) !== undefined;
}

/** The tests active at `dateTime` (`YYYY-MM-DDTHH:MM`); `undefined` when the call fails. */
export async function testsAt(core: Core, dateTime: string): Promise<AbTest[] | undefined> {
  const body = await get(core, core.abTestsAtPath(dateTime));
  return body === undefined ? undefined : core.parseAbTests(body);
}

/**
 * Asks for the preview token; whether the settings were applied: a 2xx answer (spec section 7:
 * other statuses are errors, whatever their body says) whose status the core accepts
 * (`previewApplied`). The call answers `{status}` like the auth check, so the check's lenient
 * reader reads it. It changes the staff session's settings, so it repeats the page's CSRF cookie
 * in `x-csrf-token` (double submit): a link from another site cannot change them.
 */
export async function applyPreview(core: Core, previewRequest: PreviewRequest, csrfCookie?: string): Promise<boolean> {
  const body = await get(core, core.previewTokenPath(previewRequest), csrfHeaders(core, csrfCookie));
  return body !== undefined && core.previewApplied(core.parseCheckAuth(body)?.status ?? '');
}
