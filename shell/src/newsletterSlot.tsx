/**
 * The newsletter page's slot: the sign-up fragment (`newsletter/Newsletter`) rendered over the
 * server's static part, a loading notice and the server's own form (hidden while scripts run).
 * When the fragment cannot load or throws, the static part stays and shows the server's form
 * instead of the notice, so the shopper can still sign up; never an empty form that cannot be
 * sent.
 */
import type { ShellConfig } from './config';
import { loadComponent } from './loadComponent';
import { renderOverStatic } from './overStatic';

/** The remote's props (`newsletter/Newsletter`), as far as the shell sets them. */
export interface NewsletterProps {
  site: string;
  basePath: string;
  csrfCookie?: string;
  origin: 'NEWSLETTER';
  onReady(): void;
}

/** Mounts the sign-up into `#shell-newsletter`; `false` when the page has none or it is unavailable. */
export async function mountNewsletter(config: ShellConfig): Promise<boolean> {
  const slot = document.getElementById('shell-newsletter');
  const staticNotice = slot?.querySelector<HTMLElement>('[data-static-newsletter]');
  if (!slot || !staticNotice) return false;
  const showServerForm = () => staticNotice.classList.add('shell-newsletter--fallback');
  const Newsletter = await loadComponent<NewsletterProps>('newsletter/Newsletter');
  if (!Newsletter) {
    showServerForm();
    return false;
  }

  renderOverStatic(slot, staticNotice, 'newsletter', 'shell-newsletter-app', (onReady) => (
    <Newsletter
      site={config.site}
      basePath={config.basePath}
      csrfCookie={config.csrfCookie}
      origin="NEWSLETTER"
      onReady={onReady}
    />
  ), showServerForm);
  return true;
}
