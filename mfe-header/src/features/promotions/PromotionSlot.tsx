/**
 * The promotion a page places: fetches it (`usePromotion`) and renders it (`PromotionView`);
 * nothing while loading, on a failure or when there is none. Renders inside a `UiProvider`.
 */
import { useLayoutEffect } from 'react';
import { usePromotion, type PromotionQuery } from './usePromotion';
import { PromotionView } from './PromotionView';

export type PromotionSlotProps = PromotionQuery & {
  /** The site's path prefix on the host (`/at`): the site's own pages for links the core makes. */
  basePath?: string;
  /**
   * Called once a promotion is on the page, before the browser paints it (after each render
   * that shows one): a page that shows its own copy of the promotion until then (the shell's
   * server-rendered one) swaps it for this one without a shift.
   */
  onShown?: () => void;
  /**
   * Called whether a promotion is on the page once that is known (before the browser paints):
   * `false` after a failure or an answer without one. The header's rows kept for a promotion
   * close up then, instead of standing empty.
   */
  onSettled?: (shown: boolean) => void;
};

function Shown({ onShown }: { onShown: () => void }) {
  useLayoutEffect(() => {
    onShown();
  });
  return null;
}

export function PromotionSlot({ basePath, onShown, onSettled, ...query }: PromotionSlotProps) {
  const promotion = usePromotion(query);
  const settled = promotion === undefined ? undefined : promotion !== null;
  useLayoutEffect(() => {
    if (settled !== undefined && typeof onSettled === 'function') onSettled(settled);
  }, [settled, onSettled]);
  if (!promotion) return null;
  return (
    <>
      <PromotionView promotion={promotion} basePath={basePath} />
      {typeof onShown === 'function' && <Shown onShown={onShown} />}
    </>
  );
}
