/**
 * The header's icon bar and its flyouts (header spec sections 2, 4, 6, 9). The core decides every
 * rule (`nextFlyout`, `cartFlyoutAllowed`, `pageOverlayShown`, `userMenu`, `storeFinderUrl`, ...);
 * these keep timers and view state and render. See README.md in this folder.
 */
export { useFlyouts, type Flyouts, type FlyoutsOptions, type OpenedBy, type IconItemHandlers, type FlyoutAreaProps } from './useFlyouts';
export { usePageOverlay, PageOverlay, FLYOUT_OPEN_CLASS, type PageOverlayProps } from './usePageOverlay';
export { IconBar, type IconBarProps } from './IconBar';
export { StoreFinderFlyout, type StoreFinderFlyoutProps } from './StoreFinderFlyout';
export { UserMenuFlyout, type UserMenuFlyoutProps } from './UserMenuFlyout';
export { CartFlyout, type CartFlyoutProps, type MiniCartComponent, type MiniCartLoader } from './CartFlyout';
