/**
 * The promotion a page places: fetches it (`usePromotion`) and renders it (`PromotionView`);
 * nothing while loading, on a failure or when there is none. Renders inside a `UiProvider`.
 */
import { usePromotion, type PromotionQuery } from './usePromotion';
import { PromotionView } from './PromotionView';

export type PromotionSlotProps = PromotionQuery & {
  /** The site's path prefix on the host (`/at`): the site's own pages for links the core makes. */
  basePath?: string;
};

export function PromotionSlot({ basePath, ...query }: PromotionSlotProps) {
  const promotion = usePromotion(query);
  return promotion ? <PromotionView promotion={promotion} basePath={basePath} /> : null;
}
