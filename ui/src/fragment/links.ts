/**
 * A fragment's own links live under the site's path prefix on this server (`/at/account` on AT;
 * none on DE: the shell's `basePath`). Paths from the core and from content documents are
 * site-relative (`/account`); absolute URLs (other services, app stores) stay as they are.
 */
export function withBasePath(basePath: string | undefined, url: string): string {
  if (!basePath || !url.startsWith('/') || url.startsWith('//')) return url;
  return `${basePath.replace(/\/+$/, '')}${url}`;
}
