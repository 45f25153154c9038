/** A fragment's React component, for the shell's slots. */
import type { ComponentType } from 'react';
import { loadFragment } from './federation';

/**
 * Loads a fragment's React component (the default export of `remote/expose`); `undefined` when it
 * fails, times out or is no component: the slot keeps what the server rendered.
 */
export async function loadComponent<P>(id: string): Promise<ComponentType<P> | undefined> {
  const module = await loadFragment<{ default?: ComponentType<P> }>(id);
  return typeof module?.default === 'function' ? module.default : undefined;
}
