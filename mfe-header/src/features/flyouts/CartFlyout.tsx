/**
 * The cart flyout's content (header spec section 2 "Cart flyout (mini cart)"): the mini cart
 * fragment, loaded through the host (`loadMiniCart`) and shown as a `panel` (no dialog of its
 * own: the header's flyout owns focus, Escape and closing).
 *
 * - Loading starts once `prefetch` (the first hover or focus of the cart icon) or `open` is true,
 *   or when the page asks the cart to reload (the core's reload events, header spec section 4:
 *   the mini cart, once there, loads the cart afresh and announces its count, so the badge
 *   follows), and happens once; while the flyout is open before the component is there, a
 *   loading text.
 * - Once loaded the component stays mounted (with `open={false}` while the flyout is closed), so
 *   its cart stays loaded and its item-count announcements keep the badge right.
 * - A loader that rejects or gives nothing, or a mini cart that throws while rendering, calls
 *   `onUnavailable` (the header then treats the mini cart as switched off: the cart flyout does
 *   not open; the cart link still goes to the cart page).
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { headerTexts } from '@shop/texts';
import { FragmentBoundary, onCartReloadAsked, Spinner, useUi, useTranslate } from '@shop/ui';

/** The mini cart fragment's component as the host gives it (`minicart/MiniCart`). */
export type MiniCartComponent = ComponentType<{
  site?: string;
  /** The site's path prefix on the host: the cart page and the checkout are the site's own. */
  basePath?: string;
  open: boolean;
  onClose(): void;
  presentation?: 'dialog' | 'panel';
  /** A reload event came before the mini cart was there: its first load is forced. */
  reloadFirst?: boolean;
}>;

/** Loads the mini cart fragment; resolves to nothing when it is unavailable. */
export type MiniCartLoader = () => Promise<MiniCartComponent | undefined>;

export interface CartFlyoutProps {
  loadMiniCart?: MiniCartLoader;
  /** The site's path prefix on the host (`/at`), handed to the mini cart for its links. */
  basePath?: string;
  /** The cart flyout is open. */
  open: boolean;
  /** Start loading now (the first hover or focus of the cart icon). */
  prefetch?: boolean;
  /** The mini cart asks to close (unused by the panel today; passed on). */
  onClose(): void;
  /** The mini cart cannot be shown (loader failed or gave nothing, or it threw). */
  onUnavailable?(): void;
}

type Load = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; MiniCart: MiniCartComponent };

export function CartFlyout({ loadMiniCart, basePath, open, prefetch = false, onClose, onUnavailable }: CartFlyoutProps) {
  const { core, site } = useUi();
  const t = useTranslate(headerTexts);
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const started = useRef(false);
  const latest = useRef({ loadMiniCart, onUnavailable });
  latest.current = { loadMiniCart, onUnavailable };

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A reload asked before the mini cart is there: loading it is that reload, forced.
  const [reloadAsked, setReloadAsked] = useState(false);
  // Another tab keeping a new cart counts too: the mini cart comes, reads it and tells the badge.
  useEffect(() => onCartReloadAsked(core.cartSettings(site), () => setReloadAsked(true)), [core, site]);

  const wanted = prefetch || open || reloadAsked;
  // Counts the connection's returns after a load that failed offline: each one tries again.
  const [online, setOnline] = useState(0);
  useEffect(() => {
    const loader = latest.current.loadMiniCart;
    if (!wanted || started.current || !loader) return;
    started.current = true;
    const fail = () => {
      if (!mounted.current) return;
      if (navigator.onLine === false) {
        // Offline, the mini cart is not unavailable: the preview stays offered (a click does not
        // lead to the browser's error page) and loads once the connection is back.
        started.current = false;
        setLoad({ status: 'idle' });
        window.addEventListener('online', () => setOnline((count) => count + 1), { once: true });
        return;
      }
      setLoad({ status: 'failed' });
      latest.current.onUnavailable?.();
    };
    setLoad({ status: 'loading' });
    let pending: Promise<MiniCartComponent | undefined>;
    try {
      pending = Promise.resolve(loader());
    } catch {
      pending = Promise.resolve(undefined);
    }
    pending.then(
      (MiniCart) => {
        if (!mounted.current) return;
        // A component is a function (or a memo / forwardRef object); anything else is nothing.
        if (typeof MiniCart === 'function' || (typeof MiniCart === 'object' && MiniCart !== null)) {
          setLoad({ status: 'ready', MiniCart });
        } else {
          fail();
        }
      },
      () => fail(),
    );
  }, [wanted, online]);

  if (load.status === 'ready') {
    const { MiniCart } = load;
    // A throwing mini cart does not take the header with it.
    return (
      <FragmentBoundary source="header" name="mini cart" onError={() => latest.current.onUnavailable?.()}>
        <MiniCart site={site} basePath={basePath} open={open} onClose={onClose} presentation="panel" reloadFirst={reloadAsked} />
      </FragmentBoundary>
    );
  }
  if (open && load.status !== 'failed') {
    return (
      <p className="shd-cart-flyout__loading" role="status">
        <Spinner className="shd-cart-flyout__spinner" />
        {t('header.cart.loading')}
      </p>
    );
  }
  return null;
}
