/**
 * Remotes at run time: registered from the page's configuration, loaded with a time limit;
 * a remote that fails (manifest, entry, module) resolves to `undefined` so its slot stays
 * empty and the page goes on.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { LOAD_TIMEOUT_MS, within } from '@shop/ui';
import type { RemoteConfig } from './config';

/** How long a fragment may take to arrive before its slot is given up (the design system's). */
export const FRAGMENT_TIMEOUT_MS = LOAD_TIMEOUT_MS;
/** Further tries of a failed manifest fetch, and the pause between them (a failed entry is not tried again). */
export const FETCH_RETRIES = 2;
export const FETCH_RETRY_PAUSE_MS = 300;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let registered = false;
/** Each remote's base address (its manifest's folder): where its stylesheets come from. */
const remoteBases = new Map<string, string>();
/** Stylesheet links that have loaded, and those that failed (both fire nothing more). */
const loadedLinks = new WeakSet<EventTarget>();
const failedLinks = new WeakSet<EventTarget>();
const noteLoaded = (event: Event) => {
  if (event.target instanceof HTMLLinkElement) loadedLinks.add(event.target);
};
const noteFailed = (event: Event) => {
  if (event.target instanceof HTMLLinkElement) failedLinks.add(event.target);
};

export function registerFragments(remotes: RemoteConfig[]): void {
  if (registered) return;
  registered = true;
  registerPlugins([
    {
      name: 'shell-retry-and-fallback',
      // Manifest fetches: a network error or a 5xx is tried again before giving up.
      async fetch(url: string, init: RequestInit) {
        let last: unknown;
        for (let attempt = 0; attempt <= FETCH_RETRIES; attempt++) {
          try {
            const response = await fetch(url, init);
            if (response.status < 500) return response;
            last = new Error(`${url}: HTTP ${response.status}`);
          } catch (error) {
            last = error;
          }
          if (attempt < FETCH_RETRIES) await pause(FETCH_RETRY_PAUSE_MS * (attempt + 1));
        }
        throw last;
      },
      // Whatever fails to load becomes "no module": the slot stays empty.
      errorLoadRemote({ id, error }: { id: string; error: unknown }) {
        console.warn(`[shell] fragment ${id} unavailable`, error);
        return undefined;
      },
    },
  ]);
  // `load` and `error` do not bubble: caught on their way down, before any fragment asks.
  document.addEventListener('load', noteLoaded, true);
  document.addEventListener('error', noteFailed, true);
  for (const { name, manifest } of remotes) remoteBases.set(name, new URL('.', new URL(manifest, document.baseURI)).href);
  registerRemotes(remotes.map(({ name, manifest }) => ({ name, entry: manifest })));
}

/**
 * Whether the stylesheets the remote's runtime has put into the page have all loaded: `true`
 * once they have, `false` when one has failed. Module Federation adds an expose's CSS as
 * `<link>`s, and webpack's CSS loading, finding them there, does not wait for them: a fragment
 * handed over before its CSS would render unstyled, and the page would shift when the CSS comes
 * (ADR 0018). One that never comes is waited for up to the fragment's own time limit.
 */
export function stylesheetsOf(remote: string): Promise<boolean> {
  const base = remoteBases.get(remote);
  if (!base) return Promise.resolve(true);
  const own = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => link.href.startsWith(base));
  if (own.some((link) => failedLinks.has(link))) return Promise.resolve(false);
  const pending = own.filter((link) => !link.sheet && !loadedLinks.has(link));
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<boolean>((resolve) => {
          link.addEventListener('load', () => resolve(true), { once: true });
          link.addEventListener('error', () => resolve(false), { once: true });
        }),
    ),
  ).then((loaded) => loaded.every(Boolean));
}

/**
 * Loads `remote/expose` with its stylesheets; `undefined` when either fails or they take longer
 * than the time limit: the slot keeps its static part, as for a fragment that did not come
 * (a fragment without its styles would replace a working static part with an unstyled one).
 */
export async function loadFragment<T>(id: string, timeoutMs = FRAGMENT_TIMEOUT_MS): Promise<T | undefined> {
  // Never rejects: a failure is `undefined`, so a rejection of `within` is the time limit.
  const loaded = loadRemote<T>(id).then(
    async (module) => {
      if (!module) return undefined;
      if (await stylesheetsOf(id.split('/')[0])) return module;
      console.warn(`[shell] fragment ${id}: its stylesheet did not load`);
      return undefined;
    },
    (error: unknown) => {
      console.warn(`[shell] fragment ${id} failed`, error);
      return undefined;
    },
  );
  return within(loaded, timeoutMs).catch(() => {
    console.warn(`[shell] fragment ${id} timed out`);
    return undefined;
  });
}
