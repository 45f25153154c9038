import type { Core, Site } from '@shop/core';

/**
 * The value of one of the page's cookies (percent-decoded; a value that does not decode is
 * taken as it is); `undefined` when the cookie is not set.
 */
export function cookieValue(name: string, cookies = document.cookie): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) {
      const value = pair.slice(at + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/**
 * The page's CSRF token repeated in the request header the core names (`visitorSettings()`,
 * double submit), for the calls that reveal or change a visitor's or a staff member's data:
 * `{ 'x-csrf-token': token }`, or nothing when the page has no such cookie. `csrfCookie`: the
 * cookie's name from the page's configuration, else the core's.
 */
export function csrfHeaders(core: Core, csrfCookie?: string): Record<string, string> {
  const settings = core.visitorSettings();
  const token = cookieValue(csrfCookie ?? settings.csrfCookie);
  return token ? { [settings.csrfHeader]: token } : {};
}

/**
 * The header a shop service call names the site in (the core's `SITE_HEADER`, read as
 * `cartSettings(site).siteHeader`): `{ site: 'AT' }` for the cart, the promotions, the theme
 * worlds, the footer and the newsletter service alike.
 */
export function siteHeaders(core: Core, site: Site): Record<string, string> {
  return { [core.cartSettings(site).siteHeader]: site };
}
