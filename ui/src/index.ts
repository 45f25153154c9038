/**
 * `@shop/ui`: the design system. Every element renders inside a `UiProvider` (core, site and
 * texts) and, for its tokens, a `ThemeScope`. Class names are prefixed `sui-`.
 */
export { UiProvider, useUi, ThemeScope, type Ui } from './provider/UiProvider';
export { THEMES, DARK_THEMES, ASPECT_RATIOS, aspectRatioClass, isTheme, type Theme, type AspectRatio } from './tokens/tokens';
export * from './elements';
export * from './fields';
export { FragmentBoundary, mountComponent, type Unmount } from './mount/mountComponent';
export { firstTabStop, tabStops } from './focus/tabStops';
// What every fragment needs from its page: texts in the site's locale, the platform, site links.
export { useTranslate } from './fragment/useTranslate';
export { usePlatform } from './fragment/usePlatform';
export { useShownAgain } from './fragment/useShownAgain';
export { withBasePath } from './fragment/links';
export { answerBody, dropBody, fetchBody } from './fragment/answerBody';
export { cookieValue, csrfHeaders, siteHeaders } from './fragment/cookies';
export { APP_BRIDGES, inShopApp, type AppBridge, type AppBridgeName, type WithAppBridges } from './fragment/appBridges';
export { pushToDataLayer } from './fragment/dataLayer';
export { pageSite } from './fragment/pageSite';
export { readStoredCart, storeCart, onCartReloadAsked, type CartReloadSources } from './fragment/cartStorage';
export { onItemCount, wellFormedCount } from './fragment/itemCount';
export { fetchCart, changeCart, addToCart, type ServiceAnswer } from './fragment/cartService';
export { WithCore } from './fragment/WithCore';
export { LOAD_TIMEOUT_MS, within, timeLimited } from './fragment/loadTimeout';
