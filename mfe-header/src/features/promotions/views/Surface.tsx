/**
 * The box every promotion renders in: the promotion's theme (DARK inside `ThemeScope
 * theme="dark"`, LIGHT inside the light scope, so the tokens apply in a host page too) and its
 * colours. The core has already checked the colours (hex codes only); they are applied through
 * React's `style` prop (CSSOM, allowed by the page's CSP) and also set the scope's text, link and
 * surface tokens, so the design system's links match them. On the editor's background the
 * buttons and the focus ring take the text colour in effect (the editor's, else the theme's,
 * which the editor chose the background against): a secondary button (the voucher's copy) in
 * it, a primary one (a call to action) filled with it and lettered in the background; the
 * theme's own primary colour could be anything against that background (navy on red: 2.7:1).
 * Without a colour the tokens of the theme apply.
 *
 * A click on any of its links is a promotion click (newsletter spec section 7), pushed to the
 * data layer as the core's `PROMOTION_CLICK` with the link's text as label; the benefits bar
 * tracks its benefits itself (`BENEFIT_CLICK`).
 */
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import type { Promotion } from '@shop/core';
import { ThemeScope, pushToDataLayer, useUi } from '@shop/ui';

export type SurfaceVariant = 'benefits' | 'banner' | 'category' | 'phase';

/** The promotion's colours as a style (empty when it has none). */
export function surfaceStyle(promotion: Promotion): CSSProperties {
  const style: Record<string, string> = {};
  if (promotion.backgroundColorCode) {
    style.backgroundColor = promotion.backgroundColorCode;
    style['--sui-color-surface'] = promotion.backgroundColorCode;
  }
  if (promotion.textColor) {
    style.color = promotion.textColor;
    style['--sui-color-text'] = promotion.textColor;
    style['--sui-color-link'] = promotion.textColor;
  }
  if (promotion.backgroundColorCode) {
    const text = promotion.textColor ?? 'var(--sui-color-text)';
    style['--sui-color-primary'] = text;
    style['--sui-color-on-primary'] = promotion.backgroundColorCode;
    style['--sui-color-focus'] = text;
  }
  return style as CSSProperties;
}

export function Surface({
  promotion,
  variant,
  label,
  children,
}: {
  promotion: Promotion;
  variant: SurfaceVariant;
  /** The region's accessible name; without one the box is no landmark. */
  label?: string;
  children: ReactNode;
}) {
  const { core } = useUi();
  const Tag = label ? 'section' : 'div';
  const trackLinkClick = (event: MouseEvent<HTMLElement>) => {
    if (variant === 'benefits') return;
    const link = (event.target as Element).closest?.('a[href]');
    if (link && event.currentTarget.contains(link)) {
      // The visible text only (not the new-tab note for screen readers).
      const visible = Array.from(link.childNodes)
        .filter((node) => !(node instanceof Element && node.classList.contains('sui-visually-hidden')))
        .map((node) => node.textContent ?? '')
        .join('');
      pushToDataLayer(core.trackingEvent('PROMOTION_CLICK', visible));
    }
  };
  return (
    <ThemeScope theme={promotion.theme === 'DARK' ? 'dark' : 'light'} className="shd-promo-scope">
      <Tag
        className={`shd-promo-surface shd-promo-surface--${variant}`}
        aria-label={label}
        data-promotion-kind={promotion.kind}
        style={surfaceStyle(promotion)}
        onClick={trackLinkClick}
      >
        {children}
      </Tag>
    </ThemeScope>
  );
}
