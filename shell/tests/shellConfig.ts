/**
 * The page configuration the shell's tests start from: a site's page with the core's own cart
 * settings for that site (storage key, events, service path, times), as the server writes them.
 */
import { cartSettings, type Site } from '@shop/core';
import type { ShellConfig } from '../src/config';

export function shellConfig(site: Site, overrides: Partial<ShellConfig> = {}): ShellConfig {
  const prefix = site === 'DE' ? '' : `/${site.toLowerCase().replace('_', '-')}`;
  return {
    site,
    pageType: 'home',
    remotes: [],
    cart: { ...cartSettings(site), reloadEvents: [...cartSettings(site).reloadEvents] },
    miniCartEnabled: true,
    basePath: prefix,
    ...overrides,
  };
}
