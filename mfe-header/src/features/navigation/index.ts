/** The header's main navigation: the bar, its category and theme-world flyouts, and its data. */
export { MainNavigation, type MainNavigationProps } from './MainNavigation';
export { pageScrollY } from './useScrollFreeze';
export {
  useNavigationData,
  type NavigationData,
  type NavigationDataOptions,
  type NavigationSeed,
} from './useNavigationData';
export { CategoryFlyout, type CategoryFlyoutProps } from './CategoryFlyout';
export { ThemeWorldFlyout, type ThemeWorldFlyoutProps } from './ThemeWorldFlyout';
export { TeaserPicture, type TeaserImageState, type TeaserPictureProps } from './TeaserPicture';
