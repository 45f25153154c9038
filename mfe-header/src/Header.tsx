/**
 * The header fragment (exposed as `header/Header`): the full header — benefits bar, logo, icon
 * bar with its flyouts (search, store finder, user menu, cart with the mini cart fragment), main
 * navigation, the page overlay — or, on checkout pages, the reduced header (the core decides:
 * `headerVariant`). Every rule is the core's; the features keep timers and view state.
 *
 * The host (the shell) hands over the page's facts: site, page type, whether the mini cart is
 * on, the site's path prefix, the item count it rendered, and a loader for the mini cart through
 * its Module Federation runtime. `onReady` fires once the header has rendered, so the host can
 * swap its static header for this one in the same frame (no layout shift).
 */
import { use, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ready, type Core, type Platform, type Site } from '@shop/core';
import { headerTexts, navigationTexts, prefetchTexts, promotionTexts, searchTexts } from '@shop/texts';
import { ThemeScope, UiProvider, useUi, usePlatform, useTranslate, pageSite, withBasePath, WithCore, timeLimited } from '@shop/ui';
import { IconBar, PageOverlay, useFlyouts, type MiniCartLoader } from './features/flyouts';
import { MainNavigation, pageScrollY } from './features/navigation';
import { PromotionSlot, type PromotionQuery } from './features/promotions';
import type { SearchBoxProps } from './features/search';
import { ReducedHeader } from './features/reduced';
import { Ready } from './Ready';
import { useVisitor } from './features/visitor/useVisitor';
import { useCloseWhenStickyEnds } from './shared/useCloseWhenStickyEnds';
import { useStuckHeader } from './shared/useStuckHeader';
import './header.css';

export interface HeaderProps {
  /** The site; by default the one of the page language (`<html lang>`). */
  site?: Site;
  /** The page type (`home`, `basket`, `checkout`, ...): the cart flyout and the variant follow it. */
  pageType?: string;
  /** The mini cart is switched on (default true). */
  miniCartEnabled?: boolean;
  /** The cookie holding the CSRF token the personal-data service wants back. */
  csrfCookie?: string;
  /** The site's path prefix on this server (`/at`; none on DE). */
  basePath?: string;
  /** The item count the page rendered with. */
  initialItemCount?: number;
  /** The host's latest item count (announced before the header listened). */
  latestItemCount?: () => number;
  /** The mini cart fragment (the host's Module Federation runtime); without it the cart is a link. */
  loadMiniCart?: MiniCartLoader;
  /** The current path, for the navigation's preselection (default: the page's). */
  currentPath?: string;
  /** A platform given by the page (CLASSIC, TABLET, MATCH); otherwise from the width. */
  platform?: Platform;
  /** The page asks for the sticky header whatever the platform. */
  stickyBehaviour?: boolean;
  /** A route for the navigation given by the page. */
  navigationRoute?: string;
  /** The page's hide option for the theme-world teasers' sublines (header spec section 5). */
  hideThemeWorldSublines?: boolean;
  /** The top banner promotion to show above the bar, if the page has one. */
  topBanner?: PromotionQuery;
  /** Search on the client (single-page hosts). */
  search?: Pick<SearchBoxProps, 'clientRouting' | 'onClientRoute' | 'onProductClick'>;
  /** Called once the header has rendered. */
  onReady?(): void;
}

export default function Header(props: HeaderProps) {
  return (
    <WithCore>
      <HeaderWithCore {...props} />
    </WithCore>
  );
}

/**
 * Every table the header reads (its promotions and search included): asked for as this module
 * loads, beside the core, and in before it shows.
 */
const HEADER_TEXTS = prefetchTexts([headerTexts, navigationTexts, searchTexts, promotionTexts]);

function HeaderWithCore(props: HeaderProps) {
  const core = use(ready());
  const site = pageSite(core, props.site);
  return (
    <UiProvider core={core} site={site} texts={HEADER_TEXTS}>
      <ThemeScope className="shd-root">
        {core.headerVariant(props.pageType ?? '') === 'REDUCED' ? (
          <Ready onReady={props.onReady}>
            <ReducedHeader basePath={props.basePath} />
          </Ready>
        ) : (
          <FullHeader core={core} {...props} />
        )}
      </ThemeScope>
    </UiProvider>
  );
}

/** The search service's cache key, asked once when the header loads (its answer is not used). */
function useSearchCacheKey(): void {
  const { core } = useUi();
  useEffect(() => {
    const controller = new AbortController();
    // The answer is read (and dropped): an unread body keeps the request open. One that does
    // not come within the load limit is given up, so it holds no connection for the visit.
    fetch(core.headerPaths().searchCacheKey, { credentials: 'include', signal: timeLimited(controller.signal) })
      .then((response) => response.text())
      .catch(() => undefined);
    return () => controller.abort();
  }, [core]);
}

/** Sticky mode's shadow: whether the page is scrolled, debounced by the core's 50 ms. */
function useScrolled(enabled: boolean): boolean {
  const { core } = useUi();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    const debounceMs = core.timings().stickyScrollDebounceMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      // While the navigation holds the page still, it is as far down as it was.
      timer = setTimeout(() => setScrolled(pageScrollY() > 0), debounceMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [core, enabled]);
  return enabled && scrolled;
}

function FullHeader({ core, ...props }: HeaderProps & { core: Core }) {
  const t = useTranslate(headerTexts);
  const platform = usePlatform(props.platform);
  const visitor = useVisitor(props.csrfCookie);
  const [navigationOpen, setNavigationOpen] = useState(false);
  const flyouts = useFlyouts({
    pageIsBasket: core.isBasketPage(props.pageType ?? ''),
    miniCartEnabled: props.miniCartEnabled !== false,
    pageOverlaid: navigationOpen,
  });
  // One flyout at a time (header spec section 2): the navigation's opening closes an icon
  // flyout, as an icon flyout's opening closes the navigation's (`HEADER_FLYOUT_OPEN_EVENT`).
  const closeIconFlyout = flyouts.close;
  const navigationOpenChange = useCallback(
    (open: boolean) => {
      setNavigationOpen(open);
      if (open) closeIconFlyout();
    },
    [closeIconFlyout],
  );
  const sticky = core.stickyHeader(platform, props.stickyBehaviour ?? false);
  useCloseWhenStickyEnds(sticky, flyouts.open !== 'NONE', closeIconFlyout);
  const scrolled = useScrolled(sticky);
  useSearchCacheKey();
  useLayoutEffect(() => props.onReady?.(), [props.onReady]);

  const frame = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const stuck = useStuckHeader(sticky, frame, header, bar);
  // The rows above the bar are lifted out of the window while the header is fixed; while the
  // keyboard focus is in them (Shift+Tab from the bar), the fixed header comes down whole, so
  // the focused benefit or banner control is in view.
  const [rowsFocused, setRowsFocused] = useState(false);
  // The rows kept for the benefits and the top banner close up once it is known there is none
  // (the promotion service failed, or has none): an empty band over the logo looks broken.
  const [benefitsShown, setBenefitsShown] = useState(true);
  const [bannerShown, setBannerShown] = useState(true);
  const liftedRow = {
    onFocus: () => setRowsFocused(true),
    onBlur: () => setRowsFocused(false),
  };

  const classes = ['shd-header'];
  if (stuck.stuck) classes.push('shd-header--stuck');
  if (scrolled) classes.push('shd-header--scrolled');
  return (
    <>
      <div ref={frame} className="shd-header-frame" style={stuck.stuck ? { height: stuck.height } : undefined}>
        <div ref={header} className={classes.join(' ')} data-platform={platform} style={stuck.stuck ? { top: rowsFocused ? 0 : -stuck.lift } : undefined}>
          <div className={benefitsShown ? 'shd-header__benefits' : 'shd-header__benefits shd-header__row--empty'} {...liftedRow}>
            <PromotionSlot id={core.headerBenefitsId()} basePath={props.basePath} onSettled={setBenefitsShown} />
          </div>
          {props.topBanner && (
            <div className={bannerShown ? 'shd-header__top-banner' : 'shd-header__top-banner shd-header__row--empty'} {...liftedRow}>
              <PromotionSlot {...props.topBanner} onSettled={setBannerShown} />
            </div>
          )}
          <div ref={bar} className="shd-header__bar">
            <a className="shd-logo" href={withBasePath(props.basePath, core.headerPaths().home)}>
              SHOP<span className="sui-visually-hidden"> – {t('header.reduced.home')}</span>
            </a>
            <IconBar
              flyouts={flyouts}
              platform={platform}
              visitor={visitor}
              initialItemCount={props.initialItemCount}
              latestItemCount={props.latestItemCount}
              loadMiniCart={props.miniCartEnabled === false ? undefined : props.loadMiniCart}
              basePath={props.basePath}
              search={props.search}
            />
          </div>
          <MainNavigation
            platform={platform}
            currentPath={props.currentPath ?? window.location.pathname}
            stickyBehaviour={props.stickyBehaviour}
            route={props.navigationRoute}
            hideSublines={props.hideThemeWorldSublines}
            basePath={props.basePath}
            onOpenChange={navigationOpenChange}
            focusHeldElsewhere={flyouts.holdsFocus}
          />
        </div>
      </div>
      <PageOverlay open={core.pageOverlayShown(flyouts.overlayFlyout, navigationOpen)} onClose={() => flyouts.close()} />
    </>
  );
}
