/**
 * How fast the header answers a finger on a slow phone (a benchmark, not a test): the home page
 * on a 390 px touch screen with the CPU slowed down six times (DevTools' throttling), and for
 * each interaction its duration as the browser's Event Timing measures it (the longest event of
 * the interaction: from the finger to the next frame painted, the measure behind INP). Prints
 * the median and the longest of the runs; web.dev calls up to 200 ms good.
 * Run by `npm run bench:tap` (scripts/bench-page.sh builds the shop and bundles it).
 */
import type { Browser, Page } from 'playwright-core';
import type { Shop } from '../e2e/harness';
import { median, runBenchmark } from './bench-browser';

const RUNS = 5;
const CPU_SLOWDOWN = 6;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Before the page's scripts: every event entry of an interaction, kept in `window.interactions`. */
async function watchInteractions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { id: number; duration: number }[] = [];
    (window as unknown as { interactions: typeof seen }).interactions = seen;
    new PerformanceObserver((list) => {
      // `interactionId` is not in TypeScript's DOM types yet.
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (entry.interactionId) seen.push({ id: entry.interactionId, duration: entry.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    // The last finger down, for the time until the frame that shows what it opened.
    document.addEventListener('pointerdown', () => ((window as unknown as { fingerDown: number }).fingerDown = performance.now()), true);
  });
}

/** The duration of the interaction `act` makes: the longest event entry of the newest interaction. */
async function interaction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => void (window as unknown as { interactions: unknown[] }).interactions.splice(0));
  await act();
  // Event Timing reports an interaction once its frame is painted; the throttled page needs time.
  await page.waitForTimeout(1500);
  const entries = await page.evaluate(() => (window as unknown as { interactions: { id: number; duration: number }[] }).interactions);
  const newest = Math.max(...entries.map((entry) => entry.id));
  return Math.max(0, ...entries.filter((entry) => entry.id === newest).map((entry) => entry.duration));
}

/**
 * From the next finger down to the first frame in which an element matching `selector` is
 * visible: what the shopper waits for, content rendered after the tap's own frame included.
 */
function untilShown(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        const look = () => {
          const element = document.querySelector(selector);
          const down = (window as unknown as { fingerDown?: number }).fingerDown;
          if (down !== undefined && element?.checkVisibility()) {
            // The frame after this one is the one that paints it.
            requestAnimationFrame(() => resolve(performance.now() - down));
          } else requestAnimationFrame(look);
        };
        delete (window as unknown as { fingerDown?: number }).fingerDown;
        look();
      }),
    selector,
  );
}

async function expect<T>(actual: Promise<T>, expected: T, what: string): Promise<void> {
  const value = await actual;
  if (value !== expected) throw new Error(`bench-tap: expected ${what} (${String(expected)}), got ${String(value)}`);
}

async function main(shop: Shop, browser: Browser): Promise<number> {
  const figures: Record<string, number[]> = {};
  const note = (name: string, ms: number) => (figures[name] ??= []).push(ms);
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await watchInteractions(page);
    await page.goto(shop.url);
    const bar = page.locator('.shd-root .shd-nav__bar');
    await bar.waitFor();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The page as a shopper finds it a moment after it loaded: the idle work done.
    await page.waitForTimeout(3000);
    const entry = (name: string) => bar.getByRole('link', { name, exact: true });

    // Each interaction is checked to have done what it is named for: a figure of a tap that
    // did nothing would mislead.
    const flyout = page.locator('.shd-nav__panel:not([hidden])');
    const shown = untilShown(page, '.shd-nav__panel:not([hidden]) a');
    note('first tap on a navigation entry (opens its flyout)', await interaction(page, () => entry('Kaffee').tap()));
    note('  finger to the frame that shows the flyout\'s links', await shown);
    await flyout.getByRole('link', { name: 'Espresso' }).first().waitFor();
    note('a tap on another entry (switches the flyout)', await interaction(page, () => entry('Mode').tap()));
    await expect(flyout.getByRole('link', { name: 'Espresso' }).count(), 0, 'the flyout switched');
    await page.keyboard.press('Escape');
    await flyout.waitFor({ state: 'detached' });
    note('a tap on the search icon (opens the search)', await interaction(page, () => page.locator('.shd-root').getByRole('button', { name: 'Suche' }).first().tap()));
    const search = page.locator('.shd-root').getByRole('combobox').first();
    await expect(search.evaluate((input) => input === document.activeElement), true, 'the search field has the focus');
    note('a key typed into the search', await interaction(page, () => page.keyboard.type('k')));
    await expect(search.inputValue(), 'k', 'the key is in the search field');
    await context.close();
  }
  console.log(`The header on a phone (390 px, touch, CPU ${CPU_SLOWDOWN}x slower), ${RUNS} runs:`);
  for (const [name, values] of Object.entries(figures)) {
    console.log(`  ${name}: median ${median(values).toFixed(0)} ms, longest ${Math.max(...values).toFixed(0)} ms`);
  }
  return 0;
}

runBenchmark(main);
