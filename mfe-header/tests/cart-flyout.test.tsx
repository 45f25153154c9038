/**
 * The cart flyout: the mini cart is fetched once, on the first hover or focus of the cart icon;
 * it shows as a panel in the flyout (a loading text until it is there) and stays mounted after
 * closing; a loader that fails or gives nothing, or a mini cart that throws, leaves the cart a
 * plain link. One test runs the real mini cart fragment with a faked cart service.
 */
import { act, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import MiniCart from '../../mfe-minicart/src/MiniCart';
import type { MiniCartComponent } from '../src/features/flyouts';
import {
  advance,
  cartLink,
  cartToggle,
  flush,
  hover,
  leaveToPage,
  pressKey,
  queryCartToggle,
  renderBar,
  resetEnvironment,
  shownPanel,
  storeButton,
  TEXT,
} from './flyouts-helpers';

afterEach(resetEnvironment);

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A stand-in mini cart: shows what it was given, counts its mounts. */
function fakeMiniCart() {
  const mounts = jest.fn();
  const renders: { open: boolean; presentation?: string; site?: string; basePath?: string; reloadFirst?: boolean }[] = [];
  const Component: MiniCartComponent = ({ open, presentation, site, basePath, reloadFirst }) => {
    renders.push({ open, presentation, site, basePath, reloadFirst });
    useEffect(() => mounts(), []);
    return open ? <section aria-label="Mini cart">Kaffee, 16,99 €</section> : null;
  };
  return { Component, mounts, renders };
}

const miniCartShown = () => screen.queryByRole('region', { name: 'Mini cart' });
const loadingShown = () => screen.queryByText(TEXT.loading);

describe('loading the mini cart', () => {
  beforeEach(() => jest.useFakeTimers());

  it('loads when another tab keeps a new cart for the site, so the badge follows without a hover', async () => {
    const fake = fakeMiniCart();
    const loader = jest.fn(() => Promise.resolve(fake.Component));
    await renderBar({ loadMiniCart: loader, site: 'AT', basePath: '/at' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart.DE', newValue: '{}' }));
    await flush();
    expect(loader).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart.AT', newValue: '{}' }));
    });
    await flush();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(fake.renders.at(-1)).toMatchObject({ open: false, reloadFirst: true });
  });

  it("loads on the page's reload events even before a hover, so the cart is read afresh and the badge follows", async () => {
    const fake = fakeMiniCart();
    const loader = jest.fn(() => Promise.resolve(fake.Component));
    await renderBar({ loadMiniCart: loader, site: 'AT', basePath: '/at' });
    expect(loader).not.toHaveBeenCalled();
    document.dispatchEvent(new CustomEvent('cartOtherEvent'));
    await flush();
    expect(loader).not.toHaveBeenCalled();

    act(() => {
      document.dispatchEvent(new CustomEvent('cartTriggerUpdate'));
    });
    await flush();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(fake.mounts).toHaveBeenCalledTimes(1);
    // Mounted closed, with the site and its prefix for the cart page and checkout links, its
    // first load the asked reload (forced).
    expect(fake.renders.at(-1)).toEqual({ open: false, presentation: 'panel', site: 'AT', basePath: '/at', reloadFirst: true });
    expect(miniCartShown()).toBeNull();

    act(() => {
      document.dispatchEvent(new CustomEvent('tpModalBeforeClosing'));
    });
    await flush();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('starts on the first hover of the cart icon, once; the loading text shows until it is there', async () => {
    const load = deferred<MiniCartComponent | undefined>();
    const loader = jest.fn(() => load.promise);
    const fake = fakeMiniCart();
    await renderBar({ loadMiniCart: loader });
    expect(loader).not.toHaveBeenCalled();

    hover(cartLink());
    expect(loader).toHaveBeenCalledTimes(1);
    await advance(200);
    expect(loadingShown()).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.loading);

    await act(async () => load.resolve(fake.Component));
    await flush();
    expect(loadingShown()).not.toBeInTheDocument();
    expect(miniCartShown()).toBeVisible();
    expect(shownPanel(cartToggle())).toContainElement(miniCartShown());
    expect(fake.renders.at(-1)).toEqual({ open: true, presentation: 'panel', site: 'DE', basePath: '', reloadFirst: false });

    // Leaving and coming back loads nothing more.
    leaveToPage(cartLink());
    await flush();
    hover(cartLink());
    await advance(200);
    expect(miniCartShown()).toBeVisible();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('starts when keyboard focus reaches the cart link', async () => {
    const fake = fakeMiniCart();
    const loader = jest.fn(() => Promise.resolve(fake.Component));
    await renderBar({ loadMiniCart: loader });
    act(() => cartLink().focus());
    expect(loader).toHaveBeenCalledTimes(1);
    await flush();
    // Loaded and mounted ahead, closed: the cart loads before the shopper asks for it.
    expect(fake.mounts).toHaveBeenCalledTimes(1);
    expect(fake.renders.at(-1)).toMatchObject({ open: false, presentation: 'panel' });
    expect(miniCartShown()).not.toBeInTheDocument();

    pressKey(cartToggle(), 'Enter');
    expect(miniCartShown()).toBeVisible();
  });

  it('keeps the mini cart mounted after the flyout closes (its cart stays loaded)', async () => {
    const fake = fakeMiniCart();
    await renderBar({ loadMiniCart: () => Promise.resolve(fake.Component) });
    pressKey(cartToggle(), 'Enter');
    await flush();
    expect(miniCartShown()).toBeVisible();
    pressKey(cartToggle(), 'Enter');
    expect(miniCartShown()).not.toBeInTheDocument();
    pressKey(storeButton(), 'Enter');
    pressKey(cartToggle(), 'Enter');
    expect(miniCartShown()).toBeVisible();
    expect(fake.mounts).toHaveBeenCalledTimes(1);
  });

  it('is never asked for on the basket page or with the mini cart off', async () => {
    const loader = jest.fn(() => Promise.resolve(fakeMiniCart().Component));
    await renderBar({ pageIsBasket: true, loadMiniCart: loader });
    hover(cartLink());
    act(() => cartLink().focus());
    // The cart page asks the service's cart when it loads (the shell), which asks a mini cart
    // on the page to reload: there is none to load for it.
    act(() => {
      document.dispatchEvent(new CustomEvent('cartTriggerUpdate'));
    });
    await advance(1000);
    expect(loader).not.toHaveBeenCalled();
    expect(loadingShown()).not.toBeInTheDocument();
  });
});

describe('when the mini cart is unavailable', () => {
  beforeEach(() => jest.useFakeTimers());

  it.each([
    ['the loader fails', () => Promise.reject(new Error('remote down'))],
    ['the loader gives nothing', () => Promise.resolve(undefined)],
  ])('%s: the cart flyout does not open, the cart link still goes to the cart page', async (_case, loader) => {
    const { open } = await renderBar({ loadMiniCart: loader });
    hover(cartLink());
    await flush();
    await advance(1000);
    expect(open()).toBe('NONE');
    expect(loadingShown()).not.toBeInTheDocument();
    expect(queryCartToggle()).not.toBeInTheDocument();
    expect(cartLink()).toHaveAttribute('href', '/cart?step=shopping_cart');
  });

  it('a failure while the flyout the shopper asked for shows the loading text: to the cart page instead', async () => {
    const load = deferred<MiniCartComponent | undefined>();
    const { open, onNavigate } = await renderBar({ loadMiniCart: () => load.promise });
    act(() => cartToggle().focus());
    pressKey(cartToggle(), 'Enter');
    expect(loadingShown()).toBeVisible();
    expect(open()).toBe('CART');
    await act(async () => load.reject(new Error('timeout')));
    await flush();
    expect(loadingShown()).not.toBeInTheDocument();
    expect(open()).toBe('NONE');
    expect(queryCartToggle()).not.toBeInTheDocument();
    expect(onNavigate).toHaveBeenCalledWith('/cart?step=shopping_cart');
  });

  it('a failure after a mere hover goes nowhere; a focus on the toggle moves to the cart link', async () => {
    const load = deferred<MiniCartComponent | undefined>();
    const { onNavigate } = await renderBar({ loadMiniCart: () => load.promise });
    hover(cartLink());
    await advance(1000);
    act(() => cartToggle().focus());
    await act(async () => load.reject(new Error('remote down')));
    await flush();
    expect(queryCartToggle()).not.toBeInTheDocument();
    expect(onNavigate).not.toHaveBeenCalled();
    expect(cartLink()).toHaveFocus();
  });

  it('offline, a failed load is no unavailable mini cart: the toggle stays, a click goes nowhere, and it loads once the connection is back', async () => {
    const { Component, renders } = fakeMiniCart();
    const loads: Deferred<MiniCartComponent | undefined>[] = [];
    const { open, onNavigate } = await renderBar({
      loadMiniCart: () => {
        loads.push(deferred<MiniCartComponent | undefined>());
        return loads[loads.length - 1].promise;
      },
    });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    try {
      act(() => cartToggle().focus());
      pressKey(cartToggle(), 'Enter');
      await act(async () => loads[0].reject(new TypeError('Failed to fetch')));
      await flush();
      // Not the browser's error page, and the preview is still offered.
      expect(onNavigate).not.toHaveBeenCalled();
      expect(queryCartToggle()).toBeInTheDocument();
      expect(open()).toBe('CART');
      expect(loadingShown()).toBeVisible();
      expect(loads).toHaveLength(1);
      // Back online: loaded again, and the flyout the shopper opened shows the mini cart.
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(loads).toHaveLength(2);
      await act(async () => loads[1].resolve(Component));
      await flush();
      expect(renders.at(-1)).toMatchObject({ open: true });
      expect(loadingShown()).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    }
  });

  it('a mini cart that throws leaves the rest of the header working', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const Broken: MiniCartComponent = () => {
        throw new Error('broken');
      };
      await renderBar({ loadMiniCart: () => Promise.resolve(Broken) });
      pressKey(cartToggle(), 'Enter');
      await flush();
      expect(queryCartToggle()).not.toBeInTheDocument();
      expect(cartLink()).toBeInTheDocument();
      pressKey(storeButton(), 'Enter');
      expect(screen.getByRole('heading', { name: TEXT.storeHeadline })).toBeVisible();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe('with the real mini cart fragment', () => {
  it('shows the shopper’s cart inside the flyout, as a panel (no dialog)', async () => {
    (globalThis as { fetch: unknown }).fetch = jest.fn(() =>
      Promise.resolve({
        status: 200,
        ok: true,
        text: () =>
          Promise.resolve(
            JSON.stringify({
              numberOfArticles: 0,
              totalSum: 0,
              articles: [],
              priceSummary: { cartFinalSum: 0, shippingCosts: 0, paymentOnDeliveryCosts: 0 },
            }),
          ),
      }),
    );
    await renderBar({ loadMiniCart: () => Promise.resolve(MiniCart) });
    pressKey(cartToggle(), 'Enter');
    await flush(8);
    const panel = shownPanel(cartToggle())!;
    expect(within(panel).getByText('Dein Warenkorb ist leer')).toBeVisible();
    expect(panel.querySelector('dialog')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
