/**
 * The header's promotion benefits bar (header spec section 2 "Promotion benefits bar": shown in
 * the full header, it links to the newsletter sign-up; slots 0 to 3 are free shipping,
 * newsletter registration, cross-channel and service).
 *
 * Every benefit links to its own safe link or, without one (none given, or an unsafe one the
 * core dropped), to the newsletter sign-up. A click pushes
 * `{ event: 'ga_event', category: 'promotion', action: 'benefit click', label }` to
 * `window.dataLayer` when the page has one (an array), `label` being `core.benefitSlotName(slot)`.
 *
 * The benefits stand in one row of the strip's fixed height: where they do not fit side by side
 * (a phone) the row scrolls sideways, and a focused benefit is brought wholly into it.
 */
import type { Benefit, Promotion } from '@shop/core';
import { promotionTexts } from '@shop/texts';
import { TextLink, useUi, useTranslate, pushToDataLayer, withBasePath } from '@shop/ui';
import { Surface } from './Surface';

export function BenefitsBar({ promotion, basePath }: { promotion: Promotion; basePath?: string }) {
  const { core } = useUi();
  const t = useTranslate(promotionTexts);
  // The site's newsletter sign-up page: where every benefit without a link of its own leads.
  const newsletterSignup = withBasePath(basePath, core.headerPaths().newsletterSignup);

  const track = (benefit: Benefit) => {
    const label = core.benefitSlotName(benefit.slot);
    if (label !== undefined) pushToDataLayer(core.trackingEvent('BENEFIT_CLICK', label));
  };

  return (
    <Surface promotion={promotion} variant="benefits" label={t('promotion.benefits.label')}>
      {promotion.benefits.length > 0 ? (
        <ul className="shd-promo-benefits shd-scroll-row">
          {promotion.benefits.map((benefit) => (
            <li
              key={benefit.slot}
              className="shd-promo-benefits__item"
              // In a row narrower than the benefits (a phone), the focused one is scrolled wholly
              // into the row: the browser leaves a partly shown link where it is.
              onFocus={(event) => event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
            >
              <TextLink
                href={benefit.url ?? newsletterSignup}
                className={benefit.boldLink ? 'shd-promo-benefits__link shd-promo-link--bold' : 'shd-promo-benefits__link'}
                onClick={() => track(benefit)}
              >
                {benefit.text}
              </TextLink>
            </li>
          ))}
        </ul>
      ) : (
        promotion.headline && (
          <p className="shd-promo-benefits__single">
            <TextLink href={promotion.ctaButtonLink ?? newsletterSignup} className="shd-promo-benefits__link">
              {promotion.headline}
            </TextLink>
          </p>
        )
      )}
    </Surface>
  );
}
