/**
 * Remotes at run time: registered from the page's configuration, loaded with a time limit;
 * a remote that fails (manifest, entry, module) resolves to `undefined` so its slot stays
 * empty and the page goes on.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteConfig } from './config';

/** How long a fragment may take to arrive before its slot is given up. */
export const FRAGMENT_TIMEOUT_MS = 8_000;
/** Further tries of a failed manifest or entry fetch, and the pause between them. */
export const FETCH_RETRIES = 2;
export const FETCH_RETRY_PAUSE_MS = 300;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let registered = false;

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
  registerRemotes(remotes.map(({ name, manifest }) => ({ name, entry: manifest })));
}

/** Loads `remote/expose`; `undefined` when it fails or takes longer than the time limit. */
export async function loadFragment<T>(id: string, timeoutMs = FRAGMENT_TIMEOUT_MS): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`[shell] fragment ${id} timed out`);
      resolve(undefined);
    }, timeoutMs);
  });
  try {
    const loaded = loadRemote<T>(id).then(
      (module) => module ?? undefined,
      (error: unknown) => {
        console.warn(`[shell] fragment ${id} failed`, error);
        return undefined;
      },
    );
    return await Promise.race([loaded, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
