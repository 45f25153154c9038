/**
 * The promotion renderer (newsletter spec sections 2 "Promotions", 3 "Promotion", 4, 7, 8;
 * header spec section 2 "Promotion benefits bar"). The header places the benefits bar
 * (`<PromotionSlot id={core.headerBenefitsId()} />`) and the top banner; content pages place
 * category banners and phase integrations, in React or through `mountPromotion`.
 */
export { HEADER_FLYOUT_OPEN_EVENT } from './events';
export { usePromotion, clearPromotionCache, type PromotionQuery } from './usePromotion';
export { PromotionView, type PromotionViewProps } from './PromotionView';
export { PromotionSlot, type PromotionSlotProps } from './PromotionSlot';
export { mountPromotion, type PromotionMountProps, type Unmount } from './mount';
