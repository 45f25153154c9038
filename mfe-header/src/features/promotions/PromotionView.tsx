/**
 * Renders a promotion by its kind (the core's view model; the view holds no rule):
 * BENEFITS the benefits bar, BANNER the top banner, CATEGORY the category banner,
 * PHASE_INTEGRATION the phase integration. Renders inside a `UiProvider`; classes are prefixed
 * `shd-promo-`.
 */
import type { Promotion } from '@shop/core';
import { BenefitsBar } from './views/BenefitsBar';
import { CategoryBanner } from './views/CategoryBanner';
import { PhaseIntegration } from './views/PhaseIntegration';
import { TopBanner } from './views/TopBanner';
import './promotions.css';

export interface PromotionViewProps {
  promotion: Promotion;
  /** The site's path prefix on the host (`/at`), for the links the core makes (not the content's). */
  basePath?: string;
}

export function PromotionView({ promotion, basePath }: PromotionViewProps) {
  switch (promotion.kind) {
    case 'BENEFITS':
      return <BenefitsBar promotion={promotion} basePath={basePath} />;
    case 'BANNER':
      return <TopBanner promotion={promotion} />;
    case 'CATEGORY':
      return <CategoryBanner promotion={promotion} />;
    case 'PHASE_INTEGRATION':
      return <PhaseIntegration promotion={promotion} />;
    default:
      return null;
  }
}
