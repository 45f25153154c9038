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
 * It renders `PromotionSlot` inside the design system's `UiProvider` with the core from
 * `ready()` and the site given, else the one of the page language (`<html lang>`). A failure
 * inside leaves the element empty; the host page goes on.
 */
import { Component, Suspense, use, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ready, type Site } from '@shop/core';
import { UiProvider } from '@shop/ui';
import { PromotionSlot, type PromotionSlotProps } from './PromotionSlot';

export interface PromotionMountProps extends PromotionSlotProps {
  /** The site (its code, e.g. `"CH_FR"`); by default the one of the page language. */
  site?: Site;
}

export interface Unmount {
  (): void;
  /** Renders again with these props changed. */
  update(props: Partial<PromotionMountProps>): void;
}

/** A failure inside the fragment leaves its element empty. */
class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('[promotion] stopped after an error', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function PromotionWithCore({ site, ...query }: PromotionMountProps) {
  const core = use(ready());
  const shownSite = typeof site === 'string' ? core.siteFromCode(site) : core.siteFromLanguage(document.documentElement.lang);
  return (
    <UiProvider core={core} site={shownSite}>
      <PromotionSlot {...query} />
    </UiProvider>
  );
}

export function mountPromotion(element: Element, props: PromotionMountProps): Unmount {
  const root = createRoot(element);
  let current = props;
  const render = () =>
    root.render(
      <Contained>
        <Suspense fallback={null}>
          <PromotionWithCore {...current} />
        </Suspense>
      </Contained>,
    );
  render();
  const unmount = (() => root.unmount()) as Unmount;
  unmount.update = (next) => {
    current = { ...current, ...next };
    render();
  };
  return unmount;
}

export default mountPromotion;
