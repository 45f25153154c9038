/**
 * The cart service calls (header spec section 7), same origin as the page, for the mini cart and
 * the product tiles' add-to-cart alike. Every call names the site whose cart it is for in the
 * core's site header (each site is its own shop, ADR 0017).
 */
import type { CartSettings } from '@shop/core';
import { timeLimited } from './loadTimeout';

/** What the calls need of the core's `cartSettings(site)`. */
type CartService = Pick<CartSettings, 'servicePath' | 'siteHeader' | 'requestTimeoutMs'>;

/** A service answer as the core reads it: status 0 stands for a network failure. */
export interface ServiceAnswer {
  status: number;
  body: string;
}

/** A call that has not answered after the core's `requestTimeoutMs` counts as a network failure. */
async function call(settings: CartService, url: string, init: RequestInit): Promise<ServiceAnswer> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      signal: timeLimited(undefined, settings.requestTimeoutMs),
      ...init,
    });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

/** GET the site's cart, with `forceReload=true` when asked to. */
export function fetchCart(settings: CartService, site: string, forceReload: boolean): Promise<ServiceAnswer> {
  const url = forceReload ? `${settings.servicePath}?forceReload=true` : settings.servicePath;
  return call(settings, url, { headers: { Accept: 'application/json', [settings.siteHeader]: site } });
}

/** Sends a JSON payload (as text) to the site's cart. */
function send(settings: CartService, site: string, method: 'PUT' | 'POST', json: string): Promise<ServiceAnswer> {
  return call(settings, settings.servicePath, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', [settings.siteHeader]: site },
    body: json,
  });
}

/** Sends one modification payload for the site's cart. */
export function changeCart(settings: CartService, site: string, payload: unknown): Promise<ServiceAnswer> {
  return send(settings, site, 'PUT', JSON.stringify(payload));
}

/** A product tile's add: its payload as the page wrote it (JSON text), POSTed for the site's cart. */
export function addToCart(settings: CartService, site: string, payload: string): Promise<ServiceAnswer> {
  return send(settings, site, 'POST', payload);
}
