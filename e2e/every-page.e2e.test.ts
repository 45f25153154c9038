/**
 * Every kind of HTML page the reference server renders (`server/src/pages/`), swept as a
 * shopper meets it, on DE: home, showcase (every item kind's
 * tile), the cart empty and with a line, checkout, search results, store finder results,
 * sign-in, account, the sign-up page and the page its double opt-in link leads to
 * (`newsletter.rs`), an article's and a partner product's page, the coffee category and a leaf
 * category, the theme-world overview and a theme world, a page of the header's, of the footer's
 * and of the sign-up page's links, the not-found page; on DE also the design system's gallery,
 * the terms page of the search term `agb`, the plain host page, the staff login (`preview.rs`)
 * and the sign-up page after an unknown link.
 *
 * With JavaScript at 1280x800, once the header, the footer and the page's own fragment are in:
 * the status, the site's `<html lang>`, a title, one main heading, no page error, console error
 * or CSP violation, no axe-core violation. Without JavaScript (and a few
 * pages made the same way: the search page without a term, a plain page, a gift card's and a
 * subscription's page): status, lang, title and main heading, and every link on the page that
 * stays on the shop answers below 400. At 320x640: no page scrolls sideways. The other eight
 * sites, a logged-in member and every page by HTTP: `every-site.e2e.test.ts`.
 */
import { DE, TABS, basics, confirmLink, inParallel, openWithScripts, shopperChecks, sweep, useSweptShop, visitsOf } from './page-sweep';

const shop = useSweptShop();

test('DE with JavaScript at 1280x800, every page: status, lang, title, one main heading, no page error or CSP violation, no axe violation', async () => {
  const findings = await sweep({ viewport: { width: 1280, height: 800 } }, visitsOf(await confirmLink(DE)), TABS, shopperChecks(() => DE));
  expect(findings).toEqual([]);
});

test('DE without JavaScript: every page has its status, lang, title and main heading, and every link on it that stays on the shop answers below 400', async () => {
  const origin = new URL(shop().url).origin;
  /** Each link on the shop's origin (without its fragment) and the first page it is on. */
  const links = new Map<string, string>();
  const visits = visitsOf('/subscribenewsletter/confirm?token=0123456789abcdef0123456789abcdef', 'variants');
  const findings = await sweep({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false }, visits, TABS, async (page, _watch, visit) => {
    const response = await page.goto(shop().url + visit.path);
    // In-page anchors (the skip link) are the page itself.
    const hrefs = await page.$$eval('a[href]:not([href^="#"])', (anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue; // mailto:, tel:, other hosts
      url.hash = '';
      if (!links.has(url.href)) links.set(url.href, visit.path);
    }
    return basics(page, visit, DE, response?.status() ?? 0);
  });
  // The static header's and footer's, the tiles', the categories' links and more (61 today).
  expect(links.size).toBeGreaterThan(40);
  const answers = await inParallel([...links], 6, async ([link, foundOn]) => {
    const answer = await fetch(link);
    await answer.arrayBuffer();
    return answer.status < 400 ? [] : [`${foundOn}: the link to ${link.slice(origin.length)} answers ${answer.status}`];
  });
  expect([...findings, ...answers.flat()]).toEqual([]);
});

test('DE at 320x640: no page scrolls sideways', async () => {
  const findings = await sweep({ viewport: { width: 320, height: 640 } }, visitsOf('/subscribenewsletter/confirm?token=0123456789abcdef0123456789abcdef'), TABS, async (page, _watch, visit) => {
    await openWithScripts(page, visit);
    const { scrollWidth, innerWidth, parts } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // What sticks out (inside the navigations' own scrollers is fine), to name in the finding.
      parts: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest('.shd-nav, .shell-header__nav'))
        .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`)
        .slice(0, 3),
    }));
    return scrollWidth <= innerWidth ? [] : [`${scrollWidth} px wide in a ${innerWidth} px window (${parts.join(', ')})`];
  });
  expect(findings).toEqual([]);
});
