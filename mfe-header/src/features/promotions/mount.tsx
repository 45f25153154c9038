/**
 * The framework-agnostic entry (exposed as `header/Promotion`): a plain host page places a
 * category banner or a phase integration into an element of its own.
 *
 * ```js
 * const unmount = mountPromotion(element, { id: 'cat_kaffee', anyOfTags: ['coffee'] });
 * unmount.update({ id: 'cat_tee' });
 * unmount();
 * ```
 *
 * A host page that shows its own copy of the promotion until the fragment's is there passes
 * `onShown` (called before the browser paints the fragment's promotion; the shell's places do),
 * and `onFailed` (the renderer stopped after an error: the copy can come back).
 *
 * It renders `PromotionSlot` inside the design system's `UiProvider` with the core from
 * `ready()` and the site given, else the one of the page language (`<html lang>`). A failure
 * inside leaves the element empty; the host page goes on.
 */
import { use } from 'react';
import { ready, type Site } from '@shop/core';
import { prefetchTexts, promotionTexts } from '@shop/texts';
import { mountComponent, UiProvider, type Unmount as UnmountOf } from '@shop/ui';
import { PromotionSlot, type PromotionSlotProps } from './PromotionSlot';

export interface PromotionMountProps extends PromotionSlotProps {
  /** The site (its code, e.g. `"CH_FR"`); by default the one of the page language. */
  site?: Site;
  /** Told when the renderer has stopped after an error and the element is empty. */
  onFailed?: () => void;
}

export type Unmount = UnmountOf<PromotionMountProps>;

/** A promotion's texts: asked for as this module loads, beside the core, and in before it shows. */
const PROMOTION_TEXTS = prefetchTexts([promotionTexts]);

function PromotionWithCore({ site, onFailed: _onFailed, ...query }: PromotionMountProps) {
  const core = use(ready());
  const shownSite = typeof site === 'string' ? core.siteFromCode(site) : core.siteFromLanguage(document.documentElement.lang);
  return (
    <UiProvider core={core} site={shownSite} texts={PROMOTION_TEXTS}>
      <PromotionSlot {...query} />
    </UiProvider>
  );
}

export function mountPromotion(element: Element, props: PromotionMountProps): Unmount {
  // The latest `onFailed` is told (an `update()` may bring another).
  let onFailed = props.onFailed;
  const unmount = mountComponent(element, PromotionWithCore, props, 'promotion', () => onFailed?.());
  const update = unmount.update;
  unmount.update = (next) => {
    if ('onFailed' in next) onFailed = next.onFailed;
    update(next);
  };
  return unmount;
}

export default mountPromotion;
