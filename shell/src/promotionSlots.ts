/**
 * The page's promotion places (`<div data-promotion-slot="<id>">`, rendered by the server on
 * content pages: a category banner, a phase integration) filled by the header fragment's
 * promotion renderer (`header/Promotion`).
 *
 * The server renders the promotion it knows into the place (`[data-static-promotion]`), so the
 * page has the promotion's room from its first paint. The fragment then renders beside it,
 * hidden, and takes its place once it shows a promotion (`onShown`, before the browser paints);
 * while it has none (loading, no answer, a failure, or the fragment not loaded) the server's copy
 * stays, and it comes back when the renderer stops after an error. Without a copy the fragment
 * renders into the place itself; without the fragment, or without a promotion, such a place
 * stays empty.
 */
import { loadFragment } from './federation';
import { staticSwap } from './overStatic';

type MountPromotion = (element: Element, props: { id: string; onShown?: () => void; onFailed?: () => void }) => unknown;

export async function fillPromotionSlots(): Promise<void> {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-promotion-slot]')];
  if (slots.length === 0) return;
  const module = await loadFragment<{ mountPromotion?: MountPromotion }>('header/Promotion');
  const mountPromotion = module?.mountPromotion;
  if (typeof mountPromotion !== 'function') return;
  for (const slot of slots) {
    const id = slot.dataset.promotionSlot;
    if (!id) continue;
    const staticPart = slot.querySelector<HTMLElement>(':scope > [data-static-promotion]');
    if (!staticPart) {
      mountPromotion(slot, { id });
      continue;
    }
    const container = document.createElement('div');
    slot.append(container);
    const { takeOver, showStatic } = staticSwap(slot, staticPart, container);
    mountPromotion(container, { id, onShown: takeOver, onFailed: () => showStatic(true) });
  }
}
