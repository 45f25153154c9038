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
