/**
 * The footer slot: the footer fragment (`footer/Footer`) rendered over the server's static
 * footer (site links and the VAT note). The footer is below the fold, so the fragment loads
 * only when the slot comes near the viewport: the first screen of a page does not wait for
 * it or pay for it. The static footer stays until the fragment has rendered, and comes back
 * when the fragment cannot load, has no document, or stops after an error.
 */
import type { ShellConfig } from './config';
import { loadComponent } from './loadComponent';
import { renderOverStatic } from './overStatic';

/** How far below the viewport the footer starts to load: a short scroll ahead, so the first screen never pays for it. */
export const FOOTER_LOAD_MARGIN_PX = 200;

/** The remote's props (`footer/Footer`), as far as the shell sets them. */
export interface FooterProps {
  site: string;
  pageType: string;
  basePath: string;
  /** The page shows the newsletter sign-up form itself. */
  newsletterFormHidden: boolean;
  /** Each site's home, from the static footer's site links. */
  siteHomes: Record<string, string>;
  onReady(): void;
}

/** The homes of the sites the static footer links (`<a data-site="AT" href="/at/">`). */
export function siteHomes(staticFooter: Element): Record<string, string> {
  const homes: Record<string, string> = {};
  for (const link of staticFooter.querySelectorAll<HTMLAnchorElement>('a[data-site]')) {
    const site = link.dataset.site;
    const href = link.getAttribute('href');
    if (site && href) homes[site] = href;
  }
  return homes;
}

/**
 * Calls `load` once `slot` is within the margin of the viewport (at once without
 * IntersectionObserver). Watching starts when the page has loaded: before its images are laid
 * out, the page is shorter and the footer would look near to every observer.
 */
export function whenNearViewport(slot: Element, load: () => void, margin = FOOTER_LOAD_MARGIN_PX): void {
  if (typeof IntersectionObserver !== 'function') {
    load();
    return;
  }
  if (document.readyState !== 'complete') {
    window.addEventListener('load', () => whenNearViewport(slot, load, margin), { once: true });
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        load();
      }
    },
    { rootMargin: `0px 0px ${margin}px 0px` },
  );
  observer.observe(slot);
}

/** Mounts the footer fragment; `false` when it is unavailable (the static footer stays). */
export async function mountFooter(config: ShellConfig): Promise<boolean> {
  const slot = document.getElementById('shell-footer');
  const staticFooter = slot?.querySelector<HTMLElement>('[data-static-footer]');
  if (!slot || !staticFooter) return false;
  const Footer = await loadComponent<FooterProps>('footer/Footer');
  if (!Footer) return false;

  renderOverStatic(slot, staticFooter, 'footer', 'shell-footer-app', (onReady) => (
    <Footer
      site={config.site}
      pageType={config.pageType}
      basePath={config.basePath}
      newsletterFormHidden={config.pageType === 'newsletter'}
      siteHomes={siteHomes(staticFooter)}
      onReady={onReady}
    />
  ));
  return true;
}
