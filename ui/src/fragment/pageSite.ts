import type { Core, Site } from '@shop/core';

/** The site a fragment shows: the host's when it is one of the nine, else the page language's (unknown: DE). */
export function pageSite(core: Core, site: Site | undefined): Site {
  return site && core.allSites().includes(site) ? site : core.siteFromLanguage(document.documentElement.lang);
}
