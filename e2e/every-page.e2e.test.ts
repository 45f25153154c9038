/**
 * Every kind of HTML page the reference server renders (`server/src/pages.rs`), swept as a
 * shopper with JavaScript meets it, on DE, TR and CH_FR: home, showcase (every item kind's
 * tile), the cart empty and with a line, checkout, search results, store finder results,
 * sign-in, account, the sign-up page and the page its double opt-in link leads to
 * (`newsletter.rs`), an article's and a partner product's page, the coffee category and a leaf
 * category, the theme-world overview and a theme world, a page of the header's, of the footer's
 * and of the sign-up page's links, the not-found page; on DE also the design system's gallery,
 * the terms page of the search term `agb`, the plain host page, the staff login (`preview.rs`)
 * and the sign-up page after an unknown link.
 *
 * At 1280x800, once the header, the footer and the page's own fragment are in: the status, the
 * site's `<html lang>`, a title, one main heading, no page error, console error or CSP
 * violation, nothing serious or critical for axe-core. The other six sites, other states and
 * the pages without scripts: `every-site.e2e.test.ts`.
 */
import { SITES, TABS, confirmLink, shopperChecks, sweep, useSweptShop, visitsOf } from './page-sweep';

useSweptShop();

describe.each(SITES)('$code with JavaScript at 1280x800', (site) => {
  test('every page: status, lang, title, one main heading, no page error or CSP violation, nothing serious for axe', async () => {
    const findings = await sweep({ viewport: { width: 1280, height: 800 } }, visitsOf(site, await confirmLink(site)), TABS, shopperChecks(() => site));
    expect(findings).toEqual([]);
  });
});
