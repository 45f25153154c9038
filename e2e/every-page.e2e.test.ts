/**
 * Every HTML page the reference server serves, swept as a shopper meets it.
 *
 * In the browser, a page of every kind the server renders (`server/src/pages.rs`), on DE, TR and
 * CH_FR: home, showcase (every item kind's tile), the cart empty and with a line, checkout,
 * search results, store finder results, sign-in, account, the sign-up page and the page its
 * double opt-in link leads to (`newsletter.rs`), an article's and a partner product's page, the
 * coffee category and a leaf category, the theme-world overview and a theme world, a page of
 * the header's, of the footer's and of the sign-up page's links, the not-found page; on DE also
 * the design system's gallery, the terms page of the search term `agb`, the plain host page, the
 * staff login (`preview.rs`) and the sign-up page after an unknown link:
 *
 * - with JavaScript at 1280x800, once the header, the footer and the page's own fragment are in:
 *   the status, the site's `<html lang>`, a title, one main heading, no page error, console
 *   error or CSP violation, nothing serious or critical for axe-core;
 * - on AT, CH, PL, CZ, HU and SK with JavaScript, the pages that carry most of a site's own words
 *   (home, the cart with a line, an item, search results, the sign-up page): the same checks;
 * - a logged-in card member on DE and TR (home, account, the prefilled sign-up page): the same;
 * - without JavaScript (DE, and a few pages made the same way: the search page without a term,
 *   a plain page, a gift card's and a subscription's page): status, lang, title and main
 *   heading, and every link on the page that stays on the shop answers below 400;
 * - at 320x640 (DE, with JavaScript): no page scrolls sideways.
 *
 * By HTTP alone, every page of all nine sites: from what the sites' own services and
 * catalogues name (every category, theme world, footer link, item), following every link on the
 * shop's origin: each answers below 400, and each HTML page has its site's lang, a title and one
 * `<h1>`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { ROOT, scrollToPageEnd, seriousAccessibilityViolations, useShopInBrowser, watchPage, type PageWatch, type Shop } from './harness';

let browser: Browser;
let shop: Shop;
useShopInBrowser((running) => ({ browser, shop } = running));

/** The nine sites: path prefix and locale (`core/src/site.rs`, `server/src/pages.rs` `site_prefix`). */
const LOCALES: Record<string, { prefix: string; lang: string }> = {
  DE: { prefix: '', lang: 'de-DE' },
  AT: { prefix: '/at', lang: 'de-AT' },
  CH: { prefix: '/ch', lang: 'de-CH' },
  CH_FR: { prefix: '/ch-fr', lang: 'fr-CH' },
  PL: { prefix: '/pl', lang: 'pl-PL' },
  CZ: { prefix: '/cz', lang: 'cs-CZ' },
  HU: { prefix: '/hu', lang: 'hu-HU' },
  SK: { prefix: '/sk', lang: 'sk-SK' },
  TR: { prefix: '/tr', lang: 'tr-TR' },
};

/** A site as the browser sweep visits it: the local names of its pages. */
interface SiteCase {
  code: string;
  prefix: string;
  lang: string;
  /** The coffee category (with the category banner) and a leaf category under it. */
  categories: string[];
  /** The theme-world overview and one theme world. */
  themeWorlds: string[];
  /** A page of the header's (help, stores, ...), of the footer's and of the sign-up page's links. */
  contentPages: string[];
  /** A store-finder term that finds stores. */
  storeTerm: string;
}

const site = (code: string, rest: Omit<SiteCase, 'code' | 'prefix' | 'lang'>): SiteCase => ({ code, ...LOCALES[code], ...rest });

const SITES: SiteCase[] = [
  site('DE', {
    categories: ['/kaffee', '/kaffee/espresso/ganze-bohnen'],
    themeWorlds: ['/themenwelten', '/themenwelten/herbstliche-kaffeemomente'],
    contentPages: ['/service-hilfe', '/impressum', '/c/subscribenewsletter-allgemeine-gutscheinbedingungen'],
    storeTerm: 'Hamburg',
  }),
  site('TR', {
    categories: ['/kahve', '/kahve/espresso/cekirdek'],
    themeWorlds: ['/tema-dunyalari', '/tema-dunyalari/sonbahar-kahve-keyfi'],
    contentPages: ['/magazalar', '/mesafeli-satis-sozlesmesi', '/c/kvkk-aydinlatma-metni'],
    storeTerm: 'İstanbul',
  }),
  site('CH_FR', {
    categories: ['/cafe', '/cafe/espresso/en-grains'],
    themeWorlds: ['/univers', '/univers/moments-cafe-d-automne'],
    contentPages: ['/aide-service', '/mentions-legales', '/c/subscribenewsletter-conditions-du-bon'],
    storeTerm: 'Genève',
  }),
];

const DE = SITES[0];

/** Tabs side by side in a pass: the machine has two cores, and a page with its fragments and axe keeps one busy. */
const TABS = 3;

/** One page of the browser sweep. */
interface Visit {
  /** Path and query on the shop's origin (with the site's prefix). */
  path: string;
  /** The answer's status (after redirects): 200 unless said. */
  status?: number;
  /** `<html lang>`: the site's unless said. */
  lang?: string;
  /** The page is the shop's page frame with header and footer; not so the plain host page and the staff login. */
  framed?: boolean;
  /** What shows once the page's own fragment is in (with JavaScript). */
  ready?: string;
  /** Done before the page is opened, in its tab. */
  before?: (page: Page) => Promise<void>;
}

/** An address that signs up on a site, for its confirmation link. */
const signupAddress = (site: SiteCase) => `sweep.${site.code.toLowerCase()}@example.com`;

/** The double opt-in link the sign-up of `site` e-mails (the server's test outbox), as path and query. */
async function confirmLink(site: SiteCase): Promise<string> {
  const email = signupAddress(site);
  const signup = await fetch(`${shop.url}/service/newsletter/api/internal/newsletter-subscribers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', site: site.code },
    body: JSON.stringify({ email, firstName: 'Eva', lastName: 'Sweep', consents: [], origin: 'NEWSLETTER', originAddition: 'every-page' }),
  });
  expect(signup.status).toBe(201);
  const mail = await fetch(`${shop.url}/service/test/outbox?site=${site.code}&email=${encodeURIComponent(email)}`);
  const link = new URL(((await mail.json()) as { confirmLink: string }).confirmLink, shop.url);
  return link.pathname + link.search;
}

/** Puts the site's first article into the cart from its tile on the home page, as a shopper does. */
async function addFirstArticle(page: Page, site: SiteCase): Promise<void> {
  await page.goto(`${shop.url}${site.prefix}/`);
  const tile = page.locator('.shell-card').first();
  await tile.getByRole('button').click();
  await tile.locator('.shell-card__added').filter({ hasText: /\S/ }).waitFor();
}

/** Which of a site's pages a pass visits: the ones of every kind, or those and their variants. */
type Variants = 'kinds' | 'variants';

/**
 * The browser sweep's pages on a site; `confirm` is the site's double opt-in link. DE has its
 * own: the design system's gallery (the other sites serve it as DE's but for the address), the
 * terms page of the search term `agb`, the plain host page, the staff login, and the sign-up
 * page after an unknown link; with `variants`, also pages made as one of the list is but for
 * their words or item (the search page without a term, a plain page, more items' pages).
 */
function visitsOf(site: SiteCase, confirm: string, variants: Variants = 'kinds'): Visit[] {
  const on = (path: string): Visit => ({ path: site.prefix + path });
  const signup = '.snl-root';
  const visits: Visit[] = [
    on('/'),
    on('/showcase'),
    on('/cart?step=shopping_cart'),
    { ...on('/cart?step=shopping_cart'), before: (page) => addFirstArticle(page, site) },
    on('/checkout'),
    on('/search?query=barista'),
    on(`/service/storefinder/search?searchTerm=${encodeURIComponent(site.storeTerm)}`),
    on('/signin'),
    on('/account'),
    { ...on('/subscribenewsletter'), ready: signup },
    // The e-mail's double opt-in link, back on the sign-up page that says so.
    { path: confirm, ready: signup },
    // The catalogue's items (`server/catalogue/{SITE}.json`, the same ids on every site): an
    // article and a partner product (every kind's tile is on the showcase).
    on('/p/400001'),
    on('/partner/mobile-basic'),
    ...site.categories.map(on),
    ...site.themeWorlds.map(on),
    ...site.contentPages.map(on),
    { ...on('/no-such-page'), status: 404 },
  ];
  if (site.code !== 'DE') return visits;
  // The gallery first: the heaviest page, not the last one a pass waits for.
  visits.unshift({ ...on('/design-system'), ready: '[data-gallery-theme]' });
  visits.push(
    on('/agb-s400007325.html'),
    { path: '/embed', framed: false, ready: '#embed-open:not([hidden])' },
    // The local staff login stands in for the company's own tool, which is in English.
    { path: '/staff', framed: false, lang: 'en' },
    { ...on('/subscribenewsletter/confirm?token=0123456789abcdef0123456789abcdef'), ready: signup },
  );
  if (variants === 'variants') {
    visits.push(
      on('/search'),
      on('/register'),
      // A gift card's and a subscription article's product page.
      on('/p/400201'),
      on('/p/400301'),
    );
  }
  return visits;
}

/** Opens a page as a shopper with JavaScript sees it: header, footer (scrolled to) and the page's own fragment in. */
async function openWithScripts(page: Page, visit: Visit): Promise<number> {
  const response = await page.goto(shop.url + visit.path);
  if (visit.framed !== false) {
    await page.locator('.shd-root, .shd-reduced').first().waitFor();
    await scrollToPageEnd(page);
    await page.locator('.sft-footer').waitFor();
  }
  if (visit.ready) await page.locator(visit.ready).first().waitFor();
  return response?.status() ?? 0;
}

/** What a shopper meets first on any page: its status, language, title and one main heading. */
async function basics(page: Page, visit: Visit, site: SiteCase, status: number): Promise<string[]> {
  const problems: string[] = [];
  const expected = visit.status ?? 200;
  if (status !== expected) problems.push(`HTTP ${status}, expected ${expected}`);
  const lang = await page.getAttribute('html', 'lang');
  if (lang !== (visit.lang ?? site.lang)) problems.push(`<html lang="${lang}">, expected "${visit.lang ?? site.lang}"`);
  if (!(await page.title()).trim()) problems.push('empty <title>');
  // The headings a shopper (and a screen reader) meets: a hidden one does not count.
  const headings = await page.getByRole('heading', { level: 1 }).allTextContents();
  if (headings.length !== 1) problems.push(`${headings.length} main headings: ${JSON.stringify(headings)}`);
  return problems;
}

/** The watch's faults since `from` (the counts of its console and page errors before the visit). */
async function faultsSince(watch: PageWatch, from: { console: number; page: number }, status: number): Promise<string[]> {
  const consoleErrors = watch.consoleErrors
    .slice(from.console)
    // The not-found page's own 404, which Chromium logs for the document: the page says it.
    .filter((text) => !(status === 404 && text === 'Failed to load resource: the server responded with a status of 404 (Not Found)'));
  return [
    ...consoleErrors.map((text) => `console error: ${text}`),
    ...watch.pageErrors.slice(from.page).map((text) => `page error: ${text}`),
    ...(await watch.cspViolations()).map((text) => `CSP violation: ${text}`),
  ];
}

/**
 * Visits every page in `tabs` tabs side by side, each tab a context of its own (`options`: its
 * viewport, scripts) that keeps its cookies from visit to visit; `check` gives a page's problems.
 * The findings as `path: problem`, in the visits' order.
 */
async function sweep(
  options: BrowserContextOptions,
  visits: Visit[],
  tabs: number,
  check: (page: Page, watch: PageWatch, visit: Visit) => Promise<string[]>,
): Promise<string[]> {
  const problems = new Map<Visit, string[]>();
  const queue = [...visits];
  await Promise.all(
    Array.from({ length: tabs }, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const watch = await watchPage(page);
      for (let visit = queue.shift(); visit; visit = queue.shift()) {
        await visit.before?.(page);
        problems.set(visit, await check(page, watch, visit));
      }
      await context.close();
    }),
  );
  return visits.flatMap((visit) => (problems.get(visit) ?? ['not visited']).map((problem) => `${visit.path}: ${problem}`));
}

describe.each(SITES)('$code with JavaScript at 1280x800', (site) => {
  test('every page: status, lang, title, one main heading, no page error or CSP violation, nothing serious for axe', async () => {
    const findings = await sweep({ viewport: { width: 1280, height: 800 } }, visitsOf(site, await confirmLink(site)), TABS, async (page, watch, visit) => {
      const from = { console: watch.consoleErrors.length, page: watch.pageErrors.length };
      const status = await openWithScripts(page, visit);
      return [
        ...(await basics(page, visit, site, status)),
        ...(await seriousAccessibilityViolations(page)).map((violation) => `axe ${violation}`),
        ...(await faultsSince(watch, from, status)),
      ];
    });
    expect(findings).toEqual([]);
  });
});

/** The other six sites: their own words on the pages that carry the most of them. */
const OTHER_SITES = ['AT', 'CH', 'PL', 'CZ', 'HU', 'SK'].map((code) => site(code, { categories: [], themeWorlds: [], contentPages: [], storeTerm: '' }));

test('AT, CH, PL, CZ, HU and SK with JavaScript: the home page, the cart with a line, an item\'s page, search results and the sign-up page have their lang, one main heading, nothing serious for axe', async () => {
  const visits = OTHER_SITES.flatMap((other): Visit[] => [
    { path: `${other.prefix}/` },
    { path: `${other.prefix}/cart?step=shopping_cart`, before: (page) => addFirstArticle(page, other) },
    { path: `${other.prefix}/p/400001` },
    { path: `${other.prefix}/search?query=barista` },
    { path: `${other.prefix}/subscribenewsletter`, ready: '.snl-root' },
  ]);
  const siteOf = new Map(OTHER_SITES.flatMap((other) => visits.filter((visit) => visit.path.startsWith(`${other.prefix}/`)).map((visit) => [visit, other] as const)));
  const findings = await sweep({ viewport: { width: 1280, height: 800 } }, visits, TABS, async (page, watch, visit) => {
    const from = { console: watch.consoleErrors.length, page: watch.pageErrors.length };
    const status = await openWithScripts(page, visit);
    return [
      ...(await basics(page, visit, siteOf.get(visit) ?? DE, status)),
      ...(await seriousAccessibilityViolations(page)).map((violation) => `axe ${violation}`),
      ...(await faultsSince(watch, from, status)),
    ];
  });
  expect(findings).toEqual([]);
});

test('a logged-in card member on DE and TR: the pages that greet them or fill in their data have their lang, one main heading, nothing serious for axe', async () => {
  const visits = [DE, SITES[1]].flatMap((member): Visit[] => [
    {
      path: `${member.prefix}/`,
      // Signed in through the shop's own form: the tab's later visits are the member's.
      before: async (page) => {
        await page.goto(`${shop.url}/signin?loginRedirect=${encodeURIComponent(`${member.prefix}/`)}`);
        const form = page.locator('form[action="/signin"]');
        await form.getByRole('radio', { name: /^Maria Muster/ }).check();
        await Promise.all([page.waitForURL((url) => url.pathname === `${member.prefix}/`), form.locator('button[type="submit"]').click()]);
      },
    },
    { path: `${member.prefix}/account` },
    { path: `${member.prefix}/subscribenewsletter`, ready: '.snl-root' },
  ]);
  const siteOf = (visit: Visit) => (visit.path.startsWith(`${SITES[1].prefix}/`) ? SITES[1] : DE);
  // One tab: the sign-in comes first and holds for the visits after it.
  const findings = await sweep({ viewport: { width: 1280, height: 800 } }, visits, 1, async (page, watch, visit) => {
    const from = { console: watch.consoleErrors.length, page: watch.pageErrors.length };
    const status = await openWithScripts(page, visit);
    const unnamed = visit.path.endsWith('/account') && !(await page.locator('main').innerText()).includes('Maria');
    return [
      ...(unnamed ? ['the account page does not name the member'] : []),
      ...(await basics(page, visit, siteOf(visit), status)),
      ...(await seriousAccessibilityViolations(page)).map((violation) => `axe ${violation}`),
      ...(await faultsSince(watch, from, status)),
    ];
  });
  expect(findings).toEqual([]);
});

test('DE without JavaScript: every page has its status, lang, title and main heading, and every link on it that stays on the shop answers below 400', async () => {
  const origin = new URL(shop.url).origin;
  /** Each link on the shop's origin (without its fragment) and the first page it is on. */
  const links = new Map<string, string>();
  const visits = visitsOf(DE, '/subscribenewsletter/confirm?token=0123456789abcdef0123456789abcdef', 'variants');
  const findings = await sweep({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false }, visits, TABS, async (page, _watch, visit) => {
    const response = await page.goto(shop.url + visit.path);
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
  const findings = await sweep({ viewport: { width: 320, height: 640 } }, visitsOf(DE, '/subscribenewsletter/confirm?token=0123456789abcdef0123456789abcdef'), TABS, async (page, _watch, visit) => {
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

/** `work` over the items, `workers` at a time; the results in the items' order. */
async function inParallel<T, R>(items: T[], workers: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]);
  }));
  return results;
}

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
  const json = async (path: string, headers: Record<string, string> = {}) => (await fetch(shop.url + path, { headers })).text();
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
  return [...paths].map((page) => new URL(page, shop.url).href);
}

test('by HTTP, every page of the nine sites and every link on them: below 400, the site\'s lang, a title, one <h1>', async () => {
  const origin = new URL(shop.url).origin;
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
      const headings = body.match(/<h1[\s>]/g)?.length ?? 0;
      if (headings !== 1) findings.push(`${where}: ${headings} <h1>`);
      for (const [, href] of body.matchAll(/<a [^>]*href="([^"]*)"/g)) add(new URL(unescapeHtml(href), url).href);
    });
  }
  expect(seen.size).toBeLessThan(5000);
  // Nine sites of categories, theme worlds, items, header and footer pages (1158 today).
  expect(pages).toBeGreaterThan(9 * 100);
  expect(findings.sort()).toEqual([]);
});
