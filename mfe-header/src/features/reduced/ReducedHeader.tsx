/**
 * The reduced header of the checkout (header spec section 2 "Reduced header";
 * `core.headerVariant(pageType) === 'REDUCED'`): only the logo (a link to the site root), a back
 * button and a secure-purchase hint with a lock icon. No icons, navigation or promotion banner.
 *
 * Back (spec section 2 "Routes"): the native app's back action first, then the mobile app's,
 * then the browser history; each attempt is guarded, so a throwing app bridge falls through to
 * the next.
 */
import type { ReactNode } from 'react';
import { headerTexts } from '@shop/texts';
import { APP_BRIDGES, useUi, useTranslate, withBasePath, type AppBridgeName, type WithAppBridges } from '@shop/ui';
import './reduced.css';

/** The back action: native app, then mobile app, then history. Returns which one ran. */
export function goBack(win: Window = window): AppBridgeName | 'history' | 'none' {
  for (const bridge of APP_BRIDGES) {
    try {
      const app = (win as WithAppBridges)[bridge];
      const back = app?.back;
      if (typeof back === 'function') {
        back.call(app);
        return bridge;
      }
    } catch {
      // The bridge failed: try the next way back.
    }
  }
  try {
    win.history.back();
    return 'history';
  } catch {
    return 'none';
  }
}

export interface ReducedHeaderProps {
  /** The site's path prefix (`/at`; none on DE): the logo links to its root. */
  basePath?: string;
  /** The logo (an `<img alt>` or a word mark); the word mark "SHOP" by default. "to the home page" follows it, hidden. */
  logo?: ReactNode;
  /** The back action; `goBack` by default. */
  onBack?(): void;
}

const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      fillRule="evenodd"
      fill="currentColor"
      d="M12 2a5 5 0 0 1 5 5v3h2v12H5V10h2V7a5 5 0 0 1 5-5zm5 10H7v8h10zm-5 2a1.5 1.5 0 0 1 1 2.6V18h-2v-1.4a1.5 1.5 0 0 1 1-2.6zm0-10a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3z"
    />
  </svg>
);

const BackIcon = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path fillRule="evenodd" fill="currentColor" d="m10.6 5 1.4 1.4L7.4 11H20v2H7.4l4.6 4.6-1.4 1.4-7-7z" />
  </svg>
);

export function ReducedHeader({ basePath = '', logo, onBack = () => void goBack() }: ReducedHeaderProps) {
  const { core } = useUi();
  const t = useTranslate(headerTexts);
  const home = withBasePath(basePath, core.headerPaths().home);
  return (
    <div className="shd-reduced">
      <button type="button" className="shd-reduced__back" onClick={() => onBack()}>
        <BackIcon />
        <span className="shd-reduced__back-label">{t('header.reduced.back')}</span>
      </button>
      <a className="shd-reduced__logo" href={home}>
        {logo ?? 'SHOP'}
        <span className="sui-visually-hidden"> {t('header.reduced.home')}</span>
      </a>
      <p className="shd-reduced__secure">
        <LockIcon />
        <span>{t('header.reduced.secure')}</span>
      </p>
    </div>
  );
}
