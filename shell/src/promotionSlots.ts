/**
 * The page's promotion places (`<div data-promotion-slot="<id>">`, rendered by the server on
 * content pages: a category banner, a phase integration) filled by the header fragment's
 * promotion renderer (`header/Promotion`). Without the fragment, or without a promotion, a place
 * stays empty.
 */
import { loadFragment } from './federation';

type MountPromotion = (element: Element, props: { id: string }) => unknown;

export async function fillPromotionSlots(): Promise<void> {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-promotion-slot]')];
  if (slots.length === 0) return;
  const module = await loadFragment<{ mountPromotion?: MountPromotion }>('header/Promotion');
  const mountPromotion = module?.mountPromotion;
  if (typeof mountPromotion !== 'function') return;
  for (const slot of slots) {
    const id = slot.dataset.promotionSlot;
    if (id) mountPromotion(slot, { id });
  }
}
