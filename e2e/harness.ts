/**
 * Runs the shop as `npm start` does (the release server over the built shell and fragments)
 * on free localhost ports, and a headless Debian Chromium through playwright-core. Servers
 * stop with the test run: on `stop()`, and by themselves when the run's stdin pipe closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = process.env.SHOP_ROOT ?? path.resolve(__dirname, '..');
const SERVER = path.join(ROOT, 'target/release/shop-server');
/**
 * The tests' browser: Debian's build of Chromium's headless shell (the same Blink and V8 release
 * as its `chromium`, without the desktop browser around them; ADR 0032). A new page costs it
 * less than half the CPU, which the two cores' suite needs. `CHROMIUM_PATH` names another.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The browser a shopper runs, for the benchmarks' figures: Debian's `chromium` in its headless mode. */
export const SHOPPER_CHROMIUM = '/usr/bin/chromium';

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The fragments' ports follow the shop's: P+1 mini cart, P+2 header, P+3 footer, P+4 newsletter, P+5 preview. */
const FRAGMENT_PORTS = 5;

/** A port P with the fragments' ports after it free too. */
async function freePorts(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    let free = true;
    for (let offset = 0; offset <= FRAGMENT_PORTS && free; offset++) free = await portFree(port + offset);
    if (free) return port;
  }
  throw new Error('no free pair of ports');
}

/** The server's test fault switches (server/README.md "Test faults"); each call replaces them all. */
export interface Faults {
  cartLoad?: string | null;
  cartChange?: string | null;
  navigation?: boolean;
  themeWorlds?: boolean;
  suggestionsFailures?: number;
  suggestionsDelayMs?: number;
  personalData?: boolean;
  promotions?: boolean;
  footer?: boolean;
  newsletter?: boolean;
  preview?: boolean;
}

export interface Shop {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Switches the cart service's test faults (`null` clears). */
  faults(faults: Faults): Promise<void>;
}

export async function startShop(options: { stoppedFragments?: string[] } = {}): Promise<Shop> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} missing: run npm test (it builds the shop first)`);
  const port = await freePorts();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const child: ChildProcess = spawn(SERVER, [], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SHOP_ROOT: ROOT,
      SHOP_DATA_DIR: dataDir,
      SHOP_TEST_FAULTS: '1',
      // A fixed day for the promotion schedules: the suite gives the same on any date.
      SHOP_TEST_NOW: '2026-11-25T10:00',
      SHOP_STOP_WITH_STDIN: '1',
      SHOP_STOPPED_FRAGMENTS: (options.stoppedFragments ?? []).join(','),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shop did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('shop at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`shop exited (${code}):\n${output}`)));
  });
  const url = `http://localhost:${port}`;
  return {
    url,
    port,
    async faults(faults) {
      const response = await fetch(`${url}/service/test/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ cartLoad: null, cartChange: null, ...faults }),
      });
      if (!response.ok) throw new Error(`faults: HTTP ${response.status}`);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The reference consent manager's cookie (server/static/consent/cmp.js) with the necessary
 * groups only: every page of the suite opens as for a shopper who has made the choice, without
 * the consent banner over the page. The consent suite clears it to see the banner.
 */
export const CONSENT_COOKIE = { name: 'shopConsent', value: 'C0001', domain: 'localhost', path: '/' };

/** A started shop and browser. */
export interface Running {
  browser: Browser;
  shop: Shop;
}

/**
 * Starts the shop and a browser before the file's tests and stops both after them; `take`
 * receives them. With `resetFaults` the shop's test faults are cleared after each test.
 */
export function useShopInBrowser(take: (running: Running) => void, options: { resetFaults?: boolean } = {}): void {
  let running: Running | undefined;
  beforeAll(async () => {
    const [browser, shop] = await Promise.allSettled([launchBrowser(), startShop()]);
    if (browser.status === 'rejected' || shop.status === 'rejected') {
      // Whatever did start stops again: no browser or server outlives a failed start.
      await Promise.all([
        browser.status === 'fulfilled' ? browser.value.close() : undefined,
        shop.status === 'fulfilled' ? shop.value.stop() : undefined,
      ]);
      throw browser.status === 'rejected' ? browser.reason : (shop as PromiseRejectedResult).reason;
    }
    running = { browser: browser.value, shop: shop.value };
    take(running);
  });
  afterAll(async () => {
    await Promise.all([running?.browser.close(), running?.shop.stop()]);
  });
  if (options.resetFaults) {
    afterEach(async () => {
      await running?.shop.faults({});
    });
  }
}

/**
 * `E2E_SLOW_STYLESHEETS_MS=1500 npx jest -c e2e/jest.config.cjs` holds every stylesheet back by
 * that long, `E2E_SLOW_SCRIPTS_MS` every script and `.wasm` file: a test that looks at a page
 * before its CSS or a fragment is in (after a link's or a form's navigation, say) fails every
 * time instead of once in a while on a busy machine.
 */
const SLOW_FILES: [RegExp, number][] = [
  [/\.css(\?|$)/, Number(process.env.E2E_SLOW_STYLESHEETS_MS ?? 0) || 0],
  [/\.(m?js|wasm)(\?|$)/, Number(process.env.E2E_SLOW_SCRIPTS_MS ?? 0) || 0],
];

/**
 * Debian's Chromium (`executable`: the tests' headless shell unless told), headless, with the
 * flags this machine's closed network needs. Each new context (and so each `browser.newPage()`)
 * starts with the consent cookie and, unless told otherwise, German as the browser's language.
 */
export async function launchBrowser(executable = TEST_CHROMIUM): Promise<Browser> {
  const browser = await launchChromium(executable);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // A German browser, as the reference shop's staff have (the preview panel speaks the
    // browser's language); a test of another language says so.
    const context = await newContext({ locale: 'de-DE', ...options });
    await context.addCookies([CONSENT_COOKIE]);
    // Which stylesheet links have loaded or failed (`stylesheetsSettled`): their load and error
    // events do not bubble, but a listener on the document, there before the page parses, sees
    // them all.
    await context.addInitScript(() => {
      const settled = new WeakSet<EventTarget>();
      (window as unknown as { settledStylesheets: WeakSet<EventTarget> }).settledStylesheets = settled;
      const settle = (event: Event) => {
        if (event.target instanceof HTMLLinkElement) settled.add(event.target);
      };
      document.addEventListener('load', settle, true);
      document.addEventListener('error', settle, true);
    });
    for (const [files, delay] of SLOW_FILES.filter(([, delay]) => delay > 0)) {
      await context.route(files, async (route) => {
        // The timer does not keep a finished test file's worker alive, and a page closed while
        // its file was held back has nothing left to answer.
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        await route.fallback().catch(() => undefined);
      });
    }
    return context;
  };
  return browser;
}

function launchChromium(executable: string): Promise<Browser> {
  // A checkout from before the suite took the headless shell has only `chromium`: say what sets it up.
  if (!existsSync(executable)) throw new Error(`${executable} missing: run bash scripts/setup.sh --browser (npm test runs it first)`);
  return chromium.launch({
    executablePath: executable,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What a page did that a shopper or the shop's team would call a fault. */
export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  requests: string[];
  cspViolations(): Promise<string[]>;
}

export async function watchPage(page: Page): Promise<PageWatch> {
  const watch = {
    consoleErrors: [] as string[],
    pageErrors: [] as string[],
    requests: [] as string[],
    async cspViolations() {
      return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);
    },
  };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  page.on('request', (request) => watch.requests.push(request.url()));
  // Init scripts run through the DevTools protocol, outside the page's CSP.
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return watch;
}

/** No console error (but the `allowed` ones), page error or CSP violation on a watched page. */
export async function expectClean(watch: PageWatch, allowed?: RegExp): Promise<void> {
  expect(watch.consoleErrors.filter((text) => !allowed || !allowed.test(text))).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  await expect(watch.cspViolations()).resolves.toEqual([]);
}

let axeSource: string | undefined;

/** axe-core's violations of every impact (critical to minor) on the page as it is now. */
/**
 * Waits until every stylesheet link of the page has loaded or failed: an element can be found
 * (and checked) while the document still parses and its CSS is on the way, and an unstyled link
 * is too small a target. Not the load event: a page whose script never arrives never has it.
 */
export async function stylesheetsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const settled = (window as unknown as { settledStylesheets?: WeakSet<EventTarget> }).settledStylesheets;
    return [...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')].every(
      (link) => link.sheet !== null || settled?.has(link) === true,
    );
  });
}

export async function accessibilityViolations(page: Page): Promise<string[]> {
  await stylesheetsSettled(page);
  // Evaluated through the DevTools protocol: not an inline script, so the CSP stays strict.
  // Once per document: a page checked in several states keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // No CSSOM preload: axe would copy the fragments' cross-origin stylesheets into inline
    // <style> elements, which the page's CSP rightly refuses (and logs as an error).
    // WCAG 2.2's target size (2.5.8) too, which axe leaves off by default.
    const result = await axe.run(document, { preload: false, resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * Scrolls to the page's end and stays there while the page still grows, as a shopper at the
 * end would scroll on: a promotion that fills in above the footer after the scroll pushes the
 * footer out of view again, and the footer (loaded near the viewport) would never come. Stays
 * until `settled` matches a shown element, or for 10 s.
 */
export async function scrollToPageEnd(page: Page, settled = '.sft-footer'): Promise<void> {
  await page.evaluate((selector) => {
    const toEnd = () => window.scrollTo(0, document.documentElement.scrollHeight);
    const observer = new ResizeObserver(() => {
      if (document.querySelector<HTMLElement>(selector)?.checkVisibility()) observer.disconnect();
      else toEnd();
    });
    observer.observe(document.body);
    setTimeout(() => observer.disconnect(), 10_000);
    toEnd();
  }, settled);
}

/**
 * Records the page's layout shifts from its first paint on (call before `goto`), as CLS counts
 * them: a shift right after the shopper's own input does not count.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? `text "${(node.textContent ?? '').slice(0, 30)}" in ${node.parentElement?.className ?? '?'}` : 'a removed node';
      return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const shifts: { score: number; moved: string[] }[] = ((window as unknown as { layoutShifts: unknown }).layoutShifts = []);
    new PerformanceObserver((list) => {
      type Shift = { value: number; hadRecentInput: boolean; startTime: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          score: entry.value,
          moved: entry.sources.map((source) => `${describe(source.node)} at ${Math.round(entry.startTime)} ms: ${rect(source.previousRect)} -> ${rect(source.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The layout shifts recorded so far (`recordLayoutShifts`) when together they score more than
 * `allowed`, each as its score and what moved where (so a failure names the element); else none.
 */
export async function layoutShiftsBeyond(page: Page, allowed: number): Promise<string[]> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { score: number; moved: string[] }[] }).layoutShifts);
  const total = shifts.reduce((sum, shift) => sum + shift.score, 0);
  return total > allowed ? shifts.map((shift) => `${shift.score.toFixed(4)}: ${shift.moved.join('; ')}`) : [];
}

/** The reference catalogue's first article, as the page names it. */
export const BARISTA = /Barista Caffè Crema, 1 kg Bohnen/;

/** Puts the first article into the cart from its tile on the page shown, and waits for the confirmation. */
export async function addBarista(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Barista Caffè Crema, 1 kg Bohnen in den Warenkorb legen/ }).click();
  await page.getByText('Barista Caffè Crema, 1 kg Bohnen liegt jetzt im Warenkorb.').waitFor();
}
