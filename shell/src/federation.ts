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
/** How long a loaded fragment waits at most for its stylesheets (one that failed fires nothing more). */
export const STYLESHEET_WAIT_MS = 3_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let registered = false;
/** Each remote's base address (its manifest's folder): where its stylesheets come from. */
const remoteBases = new Map<string, string>();
/** Stylesheet links that have loaded or failed (a failed one keeps `sheet` null, as a pending one). */
const settledLinks = new WeakSet<EventTarget>();
const noteSettled = (event: Event) => {
  if (event.target instanceof HTMLLinkElement) settledLinks.add(event.target);
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
  document.addEventListener('load', noteSettled, true);
  document.addEventListener('error', noteSettled, true);
  for (const { name, manifest } of remotes) remoteBases.set(name, new URL('.', new URL(manifest, document.baseURI)).href);
  registerRemotes(remotes.map(({ name, manifest }) => ({ name, entry: manifest })));
}

/**
 * Resolves once the stylesheets the remote's runtime has put into the page have loaded or
 * failed, after `STYLESHEET_WAIT_MS` at the latest. Module Federation adds an expose's CSS as
 * `<link>`s, and webpack's CSS loading, finding them there, does not wait for them: a fragment
 * would render unstyled when its CSS comes late, and the page would shift when it comes.
 */
export function stylesheetsOf(remote: string): Promise<void> {
  const base = remoteBases.get(remote);
  if (!base) return Promise.resolve();
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.href.startsWith(base) && !link.sheet && !settledLinks.has(link),
  );
  if (pending.length === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = pending.map(
    (link) =>
      new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  const latest = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STYLESHEET_WAIT_MS);
  });
  return Promise.race([Promise.all(settled).then(() => undefined), latest]).finally(() => clearTimeout(timer));
}

/** Loads `remote/expose`; `undefined` when it fails or takes longer than the time limit. */
export async function loadFragment<T>(id: string, timeoutMs = FRAGMENT_TIMEOUT_MS): Promise<T | undefined> {
  // Never rejects: a failure is `undefined`, so a rejection of `within` is the time limit.
  const loaded = loadRemote<T>(id).then(
    async (module) => {
      if (module) await stylesheetsOf(id.split('/')[0]);
      return module ?? undefined;
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
