/**
 * The promotion a page places: fetches it (`usePromotion`) and renders it (`PromotionView`);
 * nothing while loading, on a failure or when there is none. Renders inside a `UiProvider`.
 */
import { usePromotion, type PromotionQuery } from './usePromotion';
import { PromotionView } from './PromotionView';

export type PromotionSlotProps = PromotionQuery;

export function PromotionSlot(props: PromotionSlotProps) {
  const promotion = usePromotion(props);
  return promotion ? <PromotionView promotion={promotion} /> : null;
}
