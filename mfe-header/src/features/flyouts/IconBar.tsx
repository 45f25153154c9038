/**
 * The header's icon bar (header spec sections 2 "Header icon bar", "Search flyout and box",
 * "Store finder flyout", "User menu flyout", "Cart flyout"): four icons in this order — search,
 * store finder, user menu, cart — each with its flyout panel right after it in the DOM (so the
 * panel's content follows its button in the tab order).
 *
 * - Search, store finder and user menu are disclosure buttons (WAI-ARIA disclosure pattern, not a
 *   menu): `aria-expanded`, `aria-controls` naming the panel, a name from the texts.
 * - The cart is a link to the cart page with the badge (`useBadge`: hidden at 0, "+99" above 99;
 *   the link's name says the count, one item in the singular: "Panier, 1 article"). When the cart flyout may open here
 *   (`core.cartFlyoutAllowed`) and a mini cart loader is given, a small disclosure button
 *   ("show cart preview") follows it, so keyboard users can open the cart flyout (the
 *   disclosure-navigation pattern with top-level links). The mini cart is fetched on the first
 *   hover or focus of the cart icon.
 * - The search flyout holds the search box inline (wide, 350 px, on CLASSIC; narrow, 270 px, on
 *   TABLET); on MATCH the search opens as the overlay box (550 px, with its close button). Opened
 *   on purpose (click, keyboard, tap) focus moves into the search input; opened by the mouse
 *   resting on the icon, focus stays where it is (a hover never moves focus) until a click on
 *   the icon confirms it. The other panels
 *   keep focus on their button (the disclosure pattern); their content comes next in tab order.
 *
 * Controlled by `useFlyouts` (the caller holds it, so that the page overlay and the navigation
 * can share the state): `<IconBar flyouts={useFlyouts(context)} platform=… visitor=… />`.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Flyout, PersonalData, Platform } from '@shop/core';
import { headerTexts } from '@shop/texts';
import { IconButton, useUi, useTranslate, withBasePath } from '@shop/ui';
import { useBadge } from '../cart/useBadge';
import { SearchBox, type SearchBoxProps } from '../search';
import { SearchIcon } from '../search/SearchIcon';
import { CartFlyout, type MiniCartLoader } from './CartFlyout';
import { CartIcon, ChevronDownIcon, StoreIcon, UserIcon } from './icons';
import { assignLocation } from '../../shared/page';
import { StoreFinderFlyout } from './StoreFinderFlyout';
import { SCROLLING_FLYOUT_MIN_ROOM_PX, useSpaceBelow } from './useSpaceBelow';
import type { Flyouts } from './useFlyouts';
import { UserMenuFlyout } from './UserMenuFlyout';
import './flyouts.css';

export interface IconBarProps {
  /** The flyout state and its handlers (`useFlyouts`). */
  flyouts: Flyouts;
  /** CLASSIC, TABLET or MATCH (`usePlatform`): the search box's form. */
  platform: Platform;
  /** The visitor (`useVisitor`), for the user menu. */
  visitor: PersonalData;
  /** The item count the page rendered with (the badge's start). */
  initialItemCount?: number;
  /** The host's latest item count, read once the badge listens (see `useBadge`). */
  latestItemCount?: () => number;
  /** The mini cart fragment, for the cart flyout; without it the cart icon is a link only. */
  loadMiniCart?: MiniCartLoader;
  /** The site's path prefix on this server (`/at`; none on DE), for the header's own links. */
  basePath?: string;
  /** Full page loads (store finder search, searches); by default `window.location.assign`. */
  onNavigate?(url: string): void;
  /** More for the search box: client routing, product-click tracking. */
  search?: Pick<SearchBoxProps, 'clientRouting' | 'onClientRoute' | 'onProductClick'>;
}

export function IconBar({
  flyouts,
  platform,
  visitor,
  initialItemCount = 0,
  latestItemCount,
  loadMiniCart,
  basePath = '',
  onNavigate = assignLocation,
  search,
}: IconBarProps) {
  const { core } = useUi();
  const t = useTranslate(headerTexts);
  const badge = useBadge(initialItemCount, latestItemCount);
  const [prefetchCart, setPrefetchCart] = useState(false);
  const { open } = flyouts;
  // A search box the hover opened and a click then confirmed takes the focus, keeping what was
  // typed into it meanwhile (a box opened on purpose takes it as it mounts: `autoFocus`).
  const searchConfirmed = open === 'SEARCH' && flyouts.openedBy === 'activate';
  const { panelId } = flyouts;
  useEffect(() => {
    if (!searchConfirmed) return;
    const input = document.getElementById(panelId('SEARCH'))?.querySelector('input');
    if (input && document.activeElement !== input) input.focus();
  }, [searchConfirmed, panelId]);
  const cartPreview = flyouts.cartAllowed && loadMiniCart !== undefined;
  // The cart page: the core's (the mini cart's "To the cart" goes there too).
  const cartUrl = withBasePath(basePath, core.headerPaths().cart);

  // The mini cart's list scrolls within the room the window has below the cart flyout; the store
  // finder and the user menu scroll within theirs (a phone held sideways has less room than the
  // user menu's links, and the page beneath would scroll instead).
  const cartPanel = useRef<HTMLDivElement>(null);
  const cartSpace = useSpaceBelow(cartPanel, open === 'CART');
  const storePanel = useRef<HTMLDivElement>(null);
  const storeSpace = useSpaceBelow(storePanel, open === 'STORE_FINDER', SCROLLING_FLYOUT_MIN_ROOM_PX, 'border');
  const userPanel = useRef<HTMLDivElement>(null);
  const userSpace = useSpaceBelow(userPanel, open === 'USER_MENU', SCROLLING_FLYOUT_MIN_ROOM_PX, 'border');
  const room: Partial<Record<Flyout, { ref: typeof cartPanel; style?: CSSProperties }>> = {
    CART: {
      ref: cartPanel,
      style: cartSpace === undefined ? undefined : ({ '--smc-flyout-max-height': `${cartSpace}px` } as CSSProperties),
    },
    STORE_FINDER: { ref: storePanel, style: storeSpace === undefined ? undefined : { maxHeight: `${storeSpace}px` } },
    USER_MENU: { ref: userPanel, style: userSpace === undefined ? undefined : { maxHeight: `${userSpace}px` } },
  };

  // The mini cart cannot be shown: the toggle goes. A shopper who asked for it (a click or a key
  // on the toggle) goes to the cart page instead, as the cart link and the static header's toggle
  // do; a focus on the toggle or in its flyout moves to the cart link rather than drop to <body>.
  const miniCartUnavailable = () => {
    const asked = open === 'CART' && flyouts.openedBy === 'activate';
    const active = document.activeElement;
    const focusGoes =
      !!active && (active.id === flyouts.buttonId('CART') || !!document.getElementById(flyouts.panelId('CART'))?.contains(active));
    flyouts.setMiniCartAvailable(false);
    if (asked) onNavigate(cartUrl);
    else if (focusGoes) cartLinkRef.current?.focus();
  };
  const cartLinkRef = useRef<HTMLAnchorElement>(null);

  const panel = (flyout: Flyout, children: ReactNode, className = '') => (
    <div
      id={flyouts.panelId(flyout)}
      ref={room[flyout]?.ref}
      className={`shd-flyout shd-flyout--${flyout.toLowerCase().replace('_', '-')}${className}`}
      style={room[flyout]?.style}
      hidden={open !== flyout}
    >
      {children}
    </div>
  );

  const disclosure = (flyout: Flyout, label: string, icon: ReactNode) => (
    <IconButton
      id={flyouts.buttonId(flyout)}
      className="shd-icon-bar__button"
      label={label}
      icon={icon}
      aria-expanded={open === flyout}
      aria-controls={flyouts.panelId(flyout)}
      onClick={flyouts.onButtonClick(flyout)}
    />
  );

  const overlaySearch = platform === 'MATCH';
  const closeWithFocus = () => flyouts.close({ returnFocus: true });

  return (
    <div className="shd-icon-bar" {...flyouts.areaProps}>
      <ul className="shd-icon-bar__list">
        <li className="shd-icon-bar__item" {...flyouts.itemHandlers('SEARCH')}>
          {disclosure('SEARCH', t('header.search.open'), <SearchIcon />)}
          {panel(
            'SEARCH',
            open === 'SEARCH' && (
              <SearchBox
                variant={overlaySearch ? 'overlay' : 'inline'}
                flyoutWidth={overlaySearch ? undefined : platform === 'CLASSIC' ? 'wide' : 'narrow'}
                autoFocus={flyouts.openedBy !== 'hoverIntent'}
                onNavigate={onNavigate}
                onClose={closeWithFocus}
                {...search}
              />
            ),
            overlaySearch ? ' shd-flyout--overlay' : '',
          )}
        </li>
        <li className="shd-icon-bar__item" {...flyouts.itemHandlers('STORE_FINDER')}>
          {disclosure('STORE_FINDER', t('header.storeFinder.open'), <StoreIcon />)}
          {panel('STORE_FINDER', open === 'STORE_FINDER' && <StoreFinderFlyout basePath={basePath} onNavigate={onNavigate} />)}
        </li>
        <li className="shd-icon-bar__item" {...flyouts.itemHandlers('USER_MENU')}>
          {disclosure('USER_MENU', t('header.userMenu.open'), <UserIcon />)}
          {panel('USER_MENU', open === 'USER_MENU' && <UserMenuFlyout visitor={visitor} basePath={basePath} />)}
        </li>
        <li
          className="shd-icon-bar__item shd-icon-bar__item--cart"
          {...flyouts.itemHandlers('CART', () => {
            if (cartPreview) setPrefetchCart(true);
          })}
          onFocus={() => {
            if (cartPreview) setPrefetchCart(true);
          }}
        >
          <a ref={cartLinkRef} className="shd-icon-bar__cart" href={cartUrl} onClick={flyouts.onLinkClick('CART')}>
            <CartIcon />
            <span className="sui-visually-hidden">
              {t(core.cartLinkTextKey(badge.count), { count: badge.count })}
            </span>
            {badge.text !== undefined && (
              <span className="shd-icon-bar__badge" aria-hidden="true">
                {badge.text}
              </span>
            )}
          </a>
          {cartPreview && (
            <IconButton
              id={flyouts.buttonId('CART')}
              className="shd-icon-bar__cart-toggle"
              label={t('header.cart.preview')}
              icon={<ChevronDownIcon />}
              aria-expanded={open === 'CART'}
              aria-controls={flyouts.panelId('CART')}
              onClick={flyouts.onButtonClick('CART')}
            />
          )}
          {/* Where the cart flyout never opens (the basket page), no mini cart is loaded for
              it, also not for a reload the page asks (the shell asks the service's cart there). */}
          {cartPreview &&
            panel(
              'CART',
              <CartFlyout
                loadMiniCart={loadMiniCart}
                basePath={basePath}
                open={open === 'CART'}
                prefetch={prefetchCart}
                onClose={closeWithFocus}
                onUnavailable={miniCartUnavailable}
              />,
            )}
        </li>
      </ul>
    </div>
  );
}
