/**
 * The page sweep (`every-page.e2e.test.ts`) on the other sites and in other states:
 *
 * - on AT, CH, CH_FR, PL, CZ, HU, SK and TR with JavaScript, the pages that carry most of a
 *   site's own words (home, the cart with a line, the sign-up page, and on every other site an
 *   item's page or else the search results, whose tiles and words the home page shares):
 *   status, lang, title, one main heading, no page error or CSP violation, no violation for
 *   axe-core;
 * - a logged-in card member on DE and TR (home, account, the prefilled sign-up page): the same;
 * - by HTTP alone, every page of all nine sites: from what the sites' own services and
 *   catalogues name (every category, theme world, footer link, item), following every link on
 *   the shop's origin: each answers below 400, and each HTML page has its site's lang, a title,
 *   one `<h1>` and no heading level skipped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness';
import { DE, LOCALES, TABS, addFirstArticle, inParallel, shopperChecks, site, sweep, useSweptShop, type Visit } from './page-sweep';

const running = useSweptShop();

/** The other eight sites: their own words on the pages that carry the most of them. */
const OTHER_SITES = ['AT', 'CH', 'CH_FR', 'PL', 'CZ', 'HU', 'SK', 'TR'].map((code) => site(code));

test('AT, CH, CH_FR, PL, CZ, HU, SK and TR with JavaScript: the home page, the cart with a line, an item\'s page or search results, and the sign-up page have their lang, one main heading, no axe violation', async () => {
  const visits = OTHER_SITES.flatMap((other, index): Visit[] => [
    { path: `${other.prefix}/` },
    { path: `${other.prefix}/cart?step=shopping_cart`, before: (page) => addFirstArticle(page, other) },
    // An item's page on AT, CH_FR, CZ and SK; search results on CH, PL, HU and TR.
    { path: index % 2 === 0 ? `${other.prefix}/p/400001` : `${other.prefix}/search?query=barista` },
    { path: `${other.prefix}/subscribenewsletter`, ready: '.snl-root' },
  ]);
  const siteOf = new Map(OTHER_SITES.flatMap((other) => visits.filter((visit) => visit.path.startsWith(`${other.prefix}/`)).map((visit) => [visit, other] as const)));
  const findings = await sweep({ viewport: { width: 1280, height: 800 } }, visits, TABS, shopperChecks((visit) => siteOf.get(visit) ?? DE));
  expect(findings).toEqual([]);
});

test('a logged-in card member on DE and TR: the pages that greet them or fill in their data have their lang, one main heading, no axe violation', async () => {
  const TR = OTHER_SITES[OTHER_SITES.length - 1];
  const visits = [DE, TR].flatMap((member): Visit[] => [
    {
      path: `${member.prefix}/`,
      // Signed in through the shop's own form: the tab's later visits are the member's.
      before: async (page) => {
        await page.goto(`${running().url}/signin?loginRedirect=${encodeURIComponent(`${member.prefix}/`)}`);
        const form = page.locator('form[action="/signin"]');
        await form.getByRole('radio', { name: /^Maria Muster/ }).check();
        await Promise.all([page.waitForURL((url) => url.pathname === `${member.prefix}/`), form.locator('button[type="submit"]').click()]);
      },
    },
    { path: `${member.prefix}/account` },
    { path: `${member.prefix}/subscribenewsletter`, ready: '.snl-root' },
  ]);
  const siteOf = (visit: Visit) => (visit.path.startsWith(`${TR.prefix}/`) ? TR : DE);
  // One tab: the sign-in comes first and holds for the visits after it.
  const findings = await sweep({ viewport: { width: 1280, height: 800 } }, visits, 1, shopperChecks(siteOf, async (page, visit) =>
    visit.path.endsWith('/account') && !(await page.locator('main').innerText()).includes('Maria') ? ['the account page does not name the member'] : [],
  ));
  expect(findings).toEqual([]);
});

/** An attribute's value as the server escapes it (`server/src/html.rs`), unescaped. */
function unescapeHtml(value: string): string {
  const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
  return value.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => entities[entity]);
}

/** The site a page of the shop belongs to: its path prefix, or the search page's `site` parameter. */
function siteOfUrl(url: URL): string {
  const first = url.pathname.split('/')[1] ?? '';
  const bySearch = url.pathname.replace(/^\/[a-z-]+(?=\/search$)/, '') === '/search' ? url.searchParams.get('site') : null;
  if (bySearch && LOCALES[bySearch]) return bySearch;
  return Object.keys(LOCALES).find((code) => code !== 'DE' && LOCALES[code].prefix === `/${first}`) ?? 'DE';
}

/** The pages each site's own services and catalogue name, as absolute URLs. */
async function namedPages(code: string): Promise<string[]> {
  const { prefix } = LOCALES[code];
  const paths = new Set<string>([`${prefix}/`, `${prefix}/subscribenewsletter`, `${prefix}/showcase`, `${prefix}/checkout`, `${prefix}/search?query=barista`, `${prefix}/service/storefinder/`]);
  const json = async (path: string, headers: Record<string, string> = {}) => (await fetch(running().url + path, { headers })).text();
  // The category tree and the theme worlds name their pages with the site's prefix.
  for (const body of [await json(`/jsonflyoutnavigation?site=${code}`), await json(`/service/themeworld-frontend/api/themeworlds/navigation?site=${code}`)]) {
    for (const [, href] of body.matchAll(/"(?:href|url)":"(\/[^"]*)"/g)) paths.add(href);
  }
  // The footer document names its pages inside the site (the fragment puts the prefix in front).
  const footer = JSON.parse(await json('/service/promotion/api/promotion/SHOP_FOOTER', { site: code })) as { contentJSON: string };
  for (const [, href] of footer.contentJSON.matchAll(/"url":"(\/[^"]*)"/g)) if (!href.startsWith('/img/')) paths.add(prefix + href);
  // Every link of the site's catalogue has its page.
  const catalogue = readFileSync(path.join(ROOT, 'server/catalogue', `${code}.json`), 'utf8');
  for (const [, href] of catalogue.matchAll(/"(?:productUrl|formUrl)":\s*"(\/[^"]*)"/g)) paths.add(href);
  return [...paths].map((page) => new URL(page, running().url).href);
}

test('by HTTP, every page of the nine sites and every link on them: below 400, the site\'s lang, a title, one <h1>, no heading level skipped', async () => {
  const origin = new URL(running().url).origin;
  const seen = new Set<string>();
  let queue: string[] = [];
  const add = (href: string) => {
    const url = new URL(href);
    url.hash = '';
    if (url.origin === origin && !seen.has(url.href)) {
      seen.add(url.href);
      queue.push(url.href);
    }
  };
  for (const code of Object.keys(LOCALES)) (await namedPages(code)).forEach(add);
  const findings: string[] = [];
  let pages = 0;
  while (queue.length > 0 && seen.size < 5000) {
    const round = queue;
    queue = [];
    await inParallel(round, 8, async (link) => {
      const answer = await fetch(link);
      const body = await answer.text();
      const where = link.slice(origin.length);
      if (answer.status >= 400) {
        findings.push(`${where}: answers ${answer.status}`);
        return;
      }
      // Pictures and the like the pages link to: their status is all.
      if (!(answer.headers.get('content-type') ?? '').startsWith('text/html')) return;
      pages++;
      const url = new URL(answer.url);
      const lang = /<html lang="([^"]*)"/.exec(body)?.[1];
      const expected = url.pathname === '/staff' ? 'en' : LOCALES[siteOfUrl(url)].lang;
      if (lang !== expected) findings.push(`${where}: <html lang="${lang}">, expected "${expected}"`);
      if (!/<title>[^<]*\S[^<]*<\/title>/.test(body)) findings.push(`${where}: no title`);
      // The outline a screen reader lists: one main heading, and a heading at most one level
      // below the one before.
      const levels = [...body.matchAll(/<h([1-6])[\s>]/g)].map(([, level]) => Number(level));
      const headings = levels.filter((level) => level === 1).length;
      if (headings !== 1) findings.push(`${where}: ${headings} <h1>`);
      const gap = levels.findIndex((level, index) => index > 0 && level > levels[index - 1] + 1);
      if (gap > 0) findings.push(`${where}: <h${levels[gap]}> follows <h${levels[gap - 1]}>`);
      for (const [, href] of body.matchAll(/<a [^>]*href="([^"]*)"/g)) add(new URL(unescapeHtml(href), url).href);
    });
  }
  expect(seen.size).toBeLessThan(5000);
  // Nine sites of categories, theme worlds, items, header and footer pages (1158 today).
  expect(pages).toBeGreaterThan(9 * 100);
  expect(findings.sort()).toEqual([]);
});
