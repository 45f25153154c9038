/**
 * A phase integration (a promotion placed between content): image, headline, subline, the call
 * to action (button or voucher code) and the legal text as small print.
 */
import type { Promotion } from '@shop/core';
import { CallToAction } from './CallToAction';
import { Picture } from './Picture';
import { Surface } from './Surface';
import { Headline, SmallPrint, Subline } from './Texts';

export function PhaseIntegration({ promotion }: { promotion: Promotion }) {
  return (
    <Surface promotion={promotion} variant="phase">
      {promotion.image && <Picture image={promotion.image} />}
      <div className="shd-promo-body">
        <Headline promotion={promotion} as="h2" />
        <Subline promotion={promotion} />
        <CallToAction promotion={promotion} />
        <SmallPrint promotion={promotion} />
      </div>
    </Surface>
  );
}
