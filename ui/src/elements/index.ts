/**
 * The design system's elements: buttons, banners, panels, links, ratings, the spinner and a live
 * region's announcement. Each lives in its
 * own folder with its stylesheet (classes prefixed `sui-`).
 */
export { Button, type ButtonProps, type ButtonVariant } from './button/Button';
export { IconButton, type IconButtonProps } from './icon-button/IconButton';
export {
  NotificationBanner,
  type NotificationBannerProps,
  type NotificationKind,
} from './notification-banner/NotificationBanner';
export { ExpansionPanel, type ExpansionPanelProps, type HeadingLevel } from './expansion-panel/ExpansionPanel';
export { TextSlider, type TextSliderProps } from './text-slider/TextSlider';
export { TextLink, type TextLinkProps } from './text-link/TextLink';
export { Rating, type RatingProps } from './rating/Rating';
export { Spinner, type SpinnerProps } from './spinner/Spinner';
export { ModalDialog, type ModalDialogProps } from './dialog/ModalDialog';
export { Announcement, type AnnouncementProps } from './announcement/Announcement';
/** The close icon (decorative, `currentColor`), for fragments' own close buttons. */
export { CloseIcon } from './icons/icons';
