/**
 * The design system's gallery page (`/design-system`): React, the core and `@shop/ui` load
 * here, as the fragments load them (shared singletons). The site and theme shown can be chosen
 * on the page and are kept in the address (`?site=PL&theme=dark`) so a view can be linked.
 */
import { createRoot } from 'react-dom/client';
import { ready, type Site } from '@shop/core';
import { Gallery } from './Gallery';

export async function mountGallery(element: Element, pageSite: string, basePath: string): Promise<void> {
  const core = await ready();
  const site = core.siteFromCode(pageSite) as Site;
  createRoot(element).render(<Gallery core={core} pageSite={site} basePath={basePath} />);
}
