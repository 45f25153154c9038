/**
 * The page's cookies as the fragments read them, and the CSRF token's double submit: the token
 * of the page's cookie repeated in the core's header, or nothing without the cookie.
 */
import { ready, type Core } from '@shop/core';
import { cookieValue, csrfHeaders } from '@shop/ui';

let core: Core;
beforeAll(async () => {
  core = await ready();
});

const clearCookies = () => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
};
afterEach(clearCookies);

test('a cookie is read percent-decoded, and as it is when it does not decode', () => {
  expect(cookieValue('a', 'x=1; a=caf%C3%A9; b=2')).toBe('café');
  expect(cookieValue('a', 'a=100%')).toBe('100%');
  expect(cookieValue('c', 'a=1')).toBeUndefined();
});

test("the page's CSRF token goes into the core's header; without the cookie no header is sent", () => {
  expect(csrfHeaders(core)).toEqual({});
  document.cookie = 'csrf=0123456789abcdef0123456789abcdef; path=/';
  expect(csrfHeaders(core)).toEqual({ 'x-csrf-token': '0123456789abcdef0123456789abcdef' });
});

test("a page's own cookie name (from its configuration) is read instead of the core's", () => {
  document.cookie = 'csrf=default-token; path=/';
  document.cookie = 'shopCsrf=page-token; path=/';
  expect(csrfHeaders(core, 'shopCsrf')).toEqual({ 'x-csrf-token': 'page-token' });
  expect(csrfHeaders(core, 'missing')).toEqual({});
});
