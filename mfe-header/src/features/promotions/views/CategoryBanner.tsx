/**
 * The category banner content pages place: the responsive picture, headline, subline, text
 * links (bold ones bold), the call to action, and the legal text as small print. When the
 * promotion's main link (`ctaButtonLink`) is not shown as a button, the headline carries it.
 */
import type { Promotion } from '@shop/core';
import { CallToAction } from './CallToAction';
import { Picture } from './Picture';
import { Surface } from './Surface';
import { Headline, Links, SmallPrint, Subline } from './Texts';

export function CategoryBanner({ promotion }: { promotion: Promotion }) {
  const headlineLink = promotion.cta === 'CTA_BUTTON' ? undefined : promotion.ctaButtonLink;
  return (
    <Surface promotion={promotion} variant="category">
      {promotion.image && <Picture image={promotion.image} />}
      <div className="shd-promo-body">
        <Headline promotion={promotion} as="h2" href={headlineLink} />
        <Subline promotion={promotion} />
        <Links links={promotion.links} />
        <CallToAction promotion={promotion} />
        <SmallPrint promotion={promotion} />
      </div>
    </Surface>
  );
}
