/**
 * The header slot: the header fragment (`header/Header`) rendered over the server's static
 * header. The static header (logo, cart link, the navigation's fallback links) stays until the
 * fragment has rendered, and comes back when the fragment cannot load or stops after an error,
 * so the page always has a working header. The fragment gets the mini cart through the shell's
 * Module Federation runtime (`loadMiniCart`), for its cart flyout.
 */
import type { ComponentType } from 'react';
import type { ShellConfig } from './config';
import { loadComponent } from './loadComponent';
import { renderOverStatic } from './overStatic';

/** The remote's props (`header/Header`), as far as the shell sets them. */
export interface HeaderProps {
  site: string;
  pageType: string;
  miniCartEnabled: boolean;
  csrfCookie?: string;
  /** The site's path prefix on this server (`/at`), for the header's own links. */
  basePath: string;
  /** The page's top banner promotion (its row is reserved in the static header). */
  topBanner?: { id: string };
  initialItemCount: number;
  latestItemCount(): number;
  loadMiniCart(): Promise<ComponentType<MiniCartProps> | undefined>;
  /** The fragment has rendered: the static header gives way in the same frame. */
  onReady(): void;
}

interface MiniCartProps {
  site?: string;
  open: boolean;
  onClose(): void;
  presentation?: 'dialog' | 'panel';
}

/** The item count of the static badge: rendered by the server, kept by `followItemCount`. */
function renderedItemCount(slot: Element): number {
  const count = Number(slot.querySelector<HTMLElement>('[data-item-count]')?.dataset.itemCount);
  return Number.isSafeInteger(count) && count >= 0 ? count : 0;
}

/** Mounts the header fragment; `false` when it is unavailable (the static header stays). */
export async function mountHeader(config: ShellConfig): Promise<boolean> {
  const slot = document.getElementById('shell-header');
  const staticHeader = slot?.querySelector<HTMLElement>('[data-static-header]');
  if (!slot || !staticHeader) return false;
  const Header = await loadComponent<HeaderProps>('header/Header');
  if (!Header) return false;

  renderOverStatic(slot, staticHeader, 'header', 'shell-header-app', (onReady) => (
    <Header
      site={config.site}
      pageType={config.pageType}
      miniCartEnabled={config.miniCartEnabled}
      csrfCookie={config.csrfCookie}
      basePath={config.basePath}
      topBanner={config.topBanner ? { id: config.topBanner } : undefined}
      initialItemCount={renderedItemCount(slot)}
      latestItemCount={() => renderedItemCount(slot)}
      loadMiniCart={() => loadComponent<MiniCartProps>('minicart/MiniCart')}
      onReady={onReady}
    />
  ));
  return true;
}
