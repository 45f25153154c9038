/**
 * A notification (newsletter spec section 3, "Design-system pieces": info, success, error,
 * warning; a closable banner can be dismissed).
 *
 * - An error is `role="alert"` (assertive), the others `role="status"` (polite).
 * - The kind does not rest on colour alone: an icon shows it and a visually hidden prefix
 *   ("Fehler: ") says it.
 * - `closable` adds a close `IconButton` ("Hinweis schließen"). Uncontrolled (no `open` prop) the
 *   banner hides itself and calls `onClose`; controlled (`open` given) it only calls `onClose`
 *   and the owner sets `open`. A closed banner renders nothing. Focus is not moved on close: the
 *   owner knows where it should go.
 */
import { useState, type ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import { IconButton } from '../icon-button/IconButton';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons/icons';
import './notification-banner.css';

export type NotificationKind = 'info' | 'success' | 'error' | 'warning';

export interface NotificationBannerProps {
  kind?: NotificationKind;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows the close button. */
  closable?: boolean;
  /** Controlled: whether the banner shows. Leave out for a banner that closes itself. */
  open?: boolean;
  /** Called when the close button is pressed (in both modes). */
  onClose?: () => void;
  /**
   * Whether the banner is its own live region (`alert` for errors, else `status`); `false` when
   * its owner keeps a live region that is always in the document and renders the banner in it.
   */
  announce?: boolean;
  id?: string;
  className?: string;
}

const KINDS: readonly NotificationKind[] = ['info', 'success', 'error', 'warning'];

const ICONS: Record<NotificationKind, () => ReactNode> = {
  info: InfoIcon,
  success: SuccessIcon,
  error: ErrorIcon,
  warning: WarningIcon,
};

export function NotificationBanner({
  kind: requested = 'info',
  title,
  children,
  closable = false,
  open,
  onClose,
  announce = true,
  id,
  className,
}: NotificationBannerProps) {
  const { t } = useUi();
  const [closedHere, setClosedHere] = useState(false);
  const controlled = open !== undefined;
  const shown = controlled ? open : !closedHere;
  if (!shown) return null;

  const kind: NotificationKind = KINDS.includes(requested) ? requested : 'info';
  const Icon = ICONS[kind];
  const classes = ['sui-banner', `sui-banner--${kind}`];
  if (className) classes.push(className);

  const close = () => {
    if (!controlled) setClosedHere(true);
    onClose?.();
  };

  return (
    <div id={id} className={classes.join(' ')} role={announce ? (kind === 'error' ? 'alert' : 'status') : undefined}>
      <span className="sui-banner__icon" aria-hidden="true">
        <Icon />
      </span>
      <div className="sui-banner__content">
        <span className="sui-visually-hidden">{t(`ui.banner.${kind}`)}: </span>
        {title !== undefined && title !== null && title !== '' && <p className="sui-banner__title">{title}</p>}
        {children !== undefined && children !== null && <div className="sui-banner__text">{children}</div>}
      </div>
      {closable && (
        <IconButton className="sui-banner__close" label={t('ui.banner.close')} icon={<CloseIcon />} onClick={close} />
      )}
    </div>
  );
}
