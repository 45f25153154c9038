/**
 * The top banner: headline (its short variant on narrow screens), subline, the call to action
 * the core chose (voucher code with copy button, or button), and the legal text behind its
 * disclosure button.
 */
import type { Promotion } from '@shop/core';
import { promotionTexts } from '@shop/texts';
import { useTranslate } from '@shop/ui';
import { CallToAction } from './CallToAction';
import { LegalHint } from './LegalHint';
import { Surface } from './Surface';
import { Headline, Subline } from './Texts';

export function TopBanner({ promotion }: { promotion: Promotion }) {
  const t = useTranslate(promotionTexts);
  return (
    <Surface promotion={promotion} variant="banner" label={t('promotion.banner.label')}>
      <div className="shd-promo-banner__main">
        <div className="shd-promo-banner__texts">
          <Headline promotion={promotion} as="p" short />
          <Subline promotion={promotion} />
        </div>
        <CallToAction promotion={promotion} />
      </div>
      <LegalHint promotion={promotion} />
    </Surface>
  );
}
