/**
 * The newsletter page's slot: the sign-up fragment (`newsletter/Newsletter`) rendered over the
 * server's static part, a loading notice and the server's own form (hidden while scripts run).
 * When the fragment cannot load or throws, the static part stays and shows the server's form
 * instead of the notice, so the shopper can still sign up; never an empty form that cannot be
 * sent. What the shopper had entered in the fragment goes into the server's form.
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
  // The page's own form is already in use (`keepLateSignupForm`): it stays.
  if (staticNotice.classList.contains('shell-newsletter--fallback')) return false;
  const Newsletter = await loadComponent<NewsletterProps>('newsletter/Newsletter');
  if (!Newsletter) {
    showServerForm();
    return false;
  }
  const entered = followEntries(slot, staticNotice);

  renderOverStatic(slot, staticNotice, 'newsletter', 'shell-newsletter-app', (onReady) => (
    <Newsletter
      site={config.site}
      basePath={config.basePath}
      csrfCookie={config.csrfCookie}
      origin="NEWSLETTER"
      onReady={onReady}
    />
  ), () => {
    // Nothing the shopper entered is lost: the server's form takes it over.
    entered.fillIn(staticNotice);
    showServerForm();
  });
  return true;
}

/**
 * Before the shell marks itself started: when its script came so late that the sign-up page's
 * own form already showed (shell.css shows it after 8 s without a running shell), that form is
 * kept (the fallback class), so what the shopper may be typing into it is not hidden away.
 */
export function keepLateSignupForm(): void {
  const form = document.querySelector('[data-static-newsletter] .shell-signup');
  if (form && getComputedStyle(form).visibility === 'visible') {
    form.closest('[data-static-newsletter]')?.classList.add('shell-newsletter--fallback');
  }
}

/**
 * What the shopper enters in the fragment's form (outside `staticPart`), by field name, so that
 * the server's form, whose fields have the same names, can take it over should the fragment
 * stop. Hidden traps for bots (`tabindex="-1"`) are left alone.
 */
function followEntries(slot: HTMLElement, staticPart: HTMLElement): { fillIn(part: HTMLElement): void } {
  const entries = new Map<string, { value: string; checked?: boolean }>();
  const record = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || !field.name || field.tabIndex < 0 || staticPart.contains(field)) return;
    if (field.type === 'radio') {
      if (field.checked) entries.set(field.name, { value: field.value });
    } else if (field.type === 'checkbox') {
      entries.set(field.name, { value: field.value, checked: field.checked });
    } else {
      entries.set(field.name, { value: field.value });
    }
  };
  slot.addEventListener('input', record, true);
  slot.addEventListener('change', record, true);
  return {
    fillIn(part) {
      for (const field of part.querySelectorAll<HTMLInputElement>('form input[name]')) {
        const entry = entries.get(field.name);
        if (!entry || field.tabIndex < 0) continue;
        if (field.type === 'radio') field.checked = field.value === entry.value;
        // The fragment's boxes carry no value of their own ("on"): the name says which box it is.
        else if (field.type === 'checkbox') field.checked = entry.checked === true;
        else field.value = entry.value;
      }
    },
  };
}
