/**
 * The app-install banner (spec section 2 "App-install banner", section 4 "App banner"): the
 * rating (5 stars, "(89k)"), a link to the device's app store and a close control. Whether it
 * shows is the core's `appBanner`; closing stores the closed flag and hides it. The store link
 * is the document's app reference for the device (Android, else the Apple one).
 */
import type { Device, IconGroup } from '@shop/core';
import { footerTexts } from '@shop/texts';
import { CloseIcon, Rating, useTranslate, useUi } from '@shop/ui';
import { TargetLink } from './TargetLink';

export function AppBanner({ device, appReferences, onClose }: { device: Device; appReferences?: IconGroup; onClose(): void }) {
  const { core } = useUi();
  const t = useTranslate(footerTexts);
  const settings = core.footerSettings();
  const store = appReferences?.icons.find((link) => link.icon === (device === 'ANDROID' ? 'android' : 'appleinc'));
  return (
    <section className="sft-app-banner" aria-label={t('footer.appBanner.label')}>
      <div className="sft-app-banner__text">
        <p className="sft-app-banner__title">{t('footer.appBanner.title')}</p>
        <p>{t('footer.appBanner.text')}</p>
        <Rating value={settings.appRatingStars} count={settings.appRatingCountText} />
      </div>
      {store && (
        <TargetLink target={store.target} className="sft-app-banner__install">
          {t('footer.appBanner.install')}
        </TargetLink>
      )}
      <button type="button" className="sft-app-banner__close" aria-label={t('footer.appBanner.close')} onClick={onClose}>
        <CloseIcon />
      </button>
    </section>
  );
}
