/**
 * What the footer needs to know about the browser it runs in, read once: the device family
 * (the core's `deviceFromUserAgent`), whether it is a smartphone (`isSmartphone`), whether the page runs inside
 * the shop's own app, and the app banner's closed flag.
 */
import type { Core, Device } from '@shop/core';
import { inShopApp } from '@shop/ui';

export interface Client {
  device: Device;
  smartphone: boolean;
  inApp: boolean;
}

export function readClient(core: Core, win: Window = window): Client {
  const userAgent = win.navigator.userAgent;
  return {
    device: core.deviceFromUserAgent(userAgent),
    smartphone: core.isSmartphone(userAgent),
    inApp: inShopApp(win),
  };
}

/** The app banner was closed before (a blocked storage counts as not closed). */
export function appBannerClosed(core: Core, storage: () => Storage = () => window.localStorage): boolean {
  try {
    return storage().getItem(core.footerSettings().appBannerClosedKey) !== null;
  } catch {
    return false;
  }
}

/** Stores the closed flag; a blocked storage only means the banner may come back next time. */
export function rememberAppBannerClosed(core: Core, storage: () => Storage = () => window.localStorage): void {
  try {
    storage().setItem(core.footerSettings().appBannerClosedKey, '1');
  } catch {
    // Private mode or storage switched off: the banner is closed for this page view only.
  }
}
