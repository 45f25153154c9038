/**
 * The page sweep's shared parts (`every-page.e2e.test.ts`, `every-site.e2e.test.ts`): the sites
 * and their pages, opening a page as a shopper does, what every page must have, and a sweep
 * over many pages in tabs side by side.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { scrollToPageEnd, accessibilityViolations, useShopInBrowser, watchPage, type PageWatch, type Shop } from './harness';

let browser: Browser;
let shop: Shop;

/** Starts the file's shop and browser (as every suite does); the running shop, once started. */
export function useSweptShop(): () => Shop {
  useShopInBrowser((running) => ({ browser, shop } = running));
  return () => shop;
}

/** The nine sites: path prefix and locale (`core/src/site.rs`, `server/src/pages/mod.rs` `site_prefix`). */
export const LOCALES: Record<string, { prefix: string; lang: string }> = {
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

/** A site as the sweep visits it: its code, path prefix and page language. */
export interface Site {
  code: string;
  prefix: string;
  lang: string;
}

export const site = (code: string): Site => ({ code, ...LOCALES[code] });

/** The site swept page kind by page kind (the others: their word-heavy pages, `every-site.e2e.test.ts`). */
export const DE = site('DE');

/** Tabs side by side in a pass: the machine has two cores, and a page with its fragments and axe keeps one busy. */
export const TABS = 3;

/** One page of the browser sweep. */
export interface Visit {
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
const signupAddress = (site: Site) => `sweep.${site.code.toLowerCase()}@example.com`;

/** The double opt-in link the sign-up of `site` e-mails (the server's test outbox), as path and query. */
export async function confirmLink(site: Site): Promise<string> {
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
export async function addFirstArticle(page: Page, site: Site): Promise<void> {
  await page.goto(`${shop.url}${site.prefix}/`);
  const tile = page.locator('.shell-card').first();
  await tile.getByRole('button').click();
  await tile.locator('.shell-card__added').filter({ hasText: /\S/ }).waitFor();
}

/** Which of a site's pages a pass visits: the ones of every kind, or those and their variants. */
type Variants = 'kinds' | 'variants';

/**
 * The browser sweep's pages on DE, one of every kind; `confirm` is a double opt-in link. With
 * `variants`, also pages made as one of the list is but for their words or item (the search
 * page without a term, a plain page, more items' pages).
 */
export function visitsOf(confirm: string, variants: Variants = 'kinds'): Visit[] {
  const on = (path: string): Visit => ({ path: DE.prefix + path });
  const signup = '.snl-root';
  const visits: Visit[] = [
    // The gallery first: the heaviest page, not the last one a pass waits for.
    { ...on('/design-system'), ready: '[data-gallery-theme]' },
    on('/'),
    on('/showcase'),
    on('/cart?step=shopping_cart'),
    { ...on('/cart?step=shopping_cart'), before: (page) => addFirstArticle(page, DE) },
    on('/checkout'),
    on('/search?query=barista'),
    on('/service/storefinder/search?searchTerm=Hamburg'),
    on('/signin'),
    on('/account'),
    { ...on('/subscribenewsletter'), ready: signup },
    // The e-mail's double opt-in link, back on the sign-up page that says so.
    { path: confirm, ready: signup },
    // The catalogue's items (`server/catalogue/{SITE}.json`, the same ids on every site): an
    // article and a partner product (every kind's tile is on the showcase).
    on('/p/400001'),
    on('/partner/mobile-basic'),
    // The coffee category (with the category banner) and a leaf category under it.
    on('/kaffee'),
    on('/kaffee/espresso/ganze-bohnen'),
    // The theme-world overview and one theme world.
    on('/themenwelten'),
    on('/themenwelten/herbstliche-kaffeemomente'),
    // A page of the header's, of the footer's and of the sign-up page's links.
    on('/service-hilfe'),
    on('/impressum'),
    on('/c/subscribenewsletter-allgemeine-gutscheinbedingungen'),
    { ...on('/no-such-page'), status: 404 },
    // The terms page of the search term `agb`.
    on('/agb-s400007325.html'),
    { path: '/embed', framed: false, ready: '#embed-open:not([hidden])' },
    // The local staff login stands in for the company's own tool, which is in English.
    { path: '/staff', framed: false, lang: 'en' },
    { ...on('/subscribenewsletter/confirm?token=0123456789abcdef0123456789abcdef'), ready: signup },
  ];
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
export async function openWithScripts(page: Page, visit: Visit): Promise<number> {
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
export async function basics(page: Page, visit: Visit, site: Site, status: number): Promise<string[]> {
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
export async function faultsSince(watch: PageWatch, from: { console: number; page: number }, status: number): Promise<string[]> {
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
export async function sweep(
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

/**
 * A page as a shopper with JavaScript meets it, on `siteOf(visit)`'s site: opened with its
 * fragments, then its basics, no axe-core violation, no page error, console
 * error or CSP violation; `more` adds the page's own findings.
 */
export function shopperChecks(
  siteOf: (visit: Visit) => Site,
  more: (page: Page, visit: Visit) => Promise<string[]> = async () => [],
): (page: Page, watch: PageWatch, visit: Visit) => Promise<string[]> {
  return async (page, watch, visit) => {
    const from = { console: watch.consoleErrors.length, page: watch.pageErrors.length };
    const status = await openWithScripts(page, visit);
    return [
      ...(await more(page, visit)),
      ...(await basics(page, visit, siteOf(visit), status)),
      ...(await accessibilityViolations(page)).map((violation) => `axe ${violation}`),
      ...(await faultsSince(watch, from, status)),
    ];
  };
}

/** `work` over the items, `workers` at a time; the results in the items' order. */
export async function inParallel<T, R>(items: T[], workers: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]);
  }));
  return results;
}
