/** The cart service calls (header spec section 7), same origin as the page. */

/** A service answer as the core reads it: status 0 stands for a network failure. */
export interface ServiceAnswer {
  status: number;
  body: string;
}

/** How long a cart call may take before it counts as a network failure. */
export const CART_REQUEST_TIMEOUT_MS = 15_000;

async function call(url: string, init: RequestInit): Promise<ServiceAnswer> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      signal: AbortSignal.timeout(CART_REQUEST_TIMEOUT_MS),
      ...init,
    });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

/** GET the cart, with `forceReload=true` when asked to. */
export function fetchCart(servicePath: string, forceReload: boolean): Promise<ServiceAnswer> {
  const url = forceReload ? `${servicePath}?forceReload=true` : servicePath;
  return call(url, { headers: { Accept: 'application/json' } });
}

/** Sends one modification payload. */
export function changeCart(servicePath: string, payload: unknown): Promise<ServiceAnswer> {
  return call(servicePath, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
}
