/** The shell configuration the page carries (rendered by the server; no rebuild to change). */
import type { CartSettings } from '@shop/core';

export interface RemoteConfig {
  name: string;
  manifest: string;
}

/**
 * The core's cart names for the page's site (`cartSettings`), rendered into the page by the
 * server: the core's own type, so a field the core adds or renames shows here at compile time.
 */
export type { CartSettings } from '@shop/core';

/** The consent manager's change event and the data-layer event pushed then (the core's `CONSENT_SETTINGS`). */
export interface ConsentSettings {
  changedEvent: string;
  dataLayerEvent: string;
}

export interface ShellConfig {
  site: string;
  pageType: string;
  remotes: RemoteConfig[];
  cart: CartSettings;
  /** The mini cart is switched on (the header's cart flyout opens). */
  miniCartEnabled: boolean;
  /** The cookie holding the CSRF token the personal-data service wants back in a header. */
  csrfCookie?: string;
  /** The site's path prefix on this server (`""` for DE, `/at`, ...). */
  basePath: string;
  /** The promotion id of the page's top banner, when it has one. */
  topBanner?: string;
  /** The request carried the staff auth cookie: the preview panel may show. */
  staffPreview?: boolean;
  /** The page is the basket (the core's `isBasketPage`, judged by the server). */
  basketPage?: boolean;
  /** The consent manager's events, when the page loads one. */
  consent?: ConsentSettings;
  /** The site's words for a cart change that could not be made, for a tile's add while offline. */
  offlineAddError?: string;
}

function isConsentSettings(value: unknown): value is ConsentSettings {
  const v = value as Partial<ConsentSettings> | null;
  return typeof v?.changedEvent === 'string' && v.changedEvent !== '' && typeof v.dataLayerEvent === 'string' && v.dataLayerEvent !== '';
}

/** A path prefix: empty, or `/` and letters, digits and dashes (never `//host`). */
function isBasePath(value: unknown): value is string {
  return typeof value === 'string' && /^(\/[a-z0-9-]+)?$/.test(value);
}

function isRemote(value: unknown): value is RemoteConfig {
  const v = value as Partial<RemoteConfig> | null;
  return typeof v?.name === 'string' && typeof v.manifest === 'string';
}

function isCartSettings(value: unknown): value is CartSettings {
  const v = value as Partial<CartSettings> | null;
  return (
    typeof v?.storageKey === 'string' &&
    typeof v.siteHeader === 'string' &&
    v.siteHeader !== '' &&
    typeof v.itemCountEvent === 'string' &&
    typeof v.servicePath === 'string' &&
    typeof v.changeErrorMs === 'number' &&
    Number.isFinite(v.changeErrorMs) &&
    v.changeErrorMs > 0 &&
    typeof v.requestTimeoutMs === 'number' &&
    Number.isFinite(v.requestTimeoutMs) &&
    v.requestTimeoutMs > 0 &&
    Array.isArray(v.reloadEvents) &&
    v.reloadEvents.length === 2 &&
    v.reloadEvents.every((name) => typeof name === 'string')
  );
}

/**
 * Reads `<script type="application/json" id="shell-config">`; `undefined` when it is missing
 * or malformed (the page then stays as the server rendered it: links still navigate).
 */
export function readShellConfig(doc: Document = document): ShellConfig | undefined {
  try {
    const parsed = JSON.parse(doc.getElementById('shell-config')?.textContent ?? '') as Partial<ShellConfig>;
    if (typeof parsed.site !== 'string' || typeof parsed.pageType !== 'string') return undefined;
    if (!isCartSettings(parsed.cart)) return undefined;
    return {
      site: parsed.site,
      pageType: parsed.pageType,
      remotes: Array.isArray(parsed.remotes) ? parsed.remotes.filter(isRemote) : [],
      cart: parsed.cart,
      miniCartEnabled: parsed.miniCartEnabled !== false,
      csrfCookie: typeof parsed.csrfCookie === 'string' && parsed.csrfCookie !== '' ? parsed.csrfCookie : undefined,
      basePath: isBasePath(parsed.basePath) ? parsed.basePath : '',
      topBanner: typeof parsed.topBanner === 'string' && parsed.topBanner !== '' ? parsed.topBanner : undefined,
      staffPreview: parsed.staffPreview === true,
      basketPage: parsed.basketPage === true,
      consent: isConsentSettings(parsed.consent) ? { changedEvent: parsed.consent.changedEvent, dataLayerEvent: parsed.consent.dataLayerEvent } : undefined,
      offlineAddError: typeof parsed.offlineAddError === 'string' && parsed.offlineAddError !== '' ? parsed.offlineAddError : undefined,
    };
  } catch {
    return undefined;
  }
}
