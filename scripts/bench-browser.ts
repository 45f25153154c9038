/**
 * What the browser benchmarks (`bench-page.ts`, `bench-tap.ts`) share: the release shop and
 * Debian's Chromium (the browser a shopper runs, not the tests' headless shell) for one run, and
 * the median of their figures.
 */
import type { Browser } from 'playwright-core';
import { SHOPPER_CHROMIUM, launchBrowser, startShop, type Shop } from '../e2e/harness';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs `benchmark` against a fresh shop and browser, stops both, and ends the process with the
 * benchmark's exit code (2 when it threw).
 */
export function runBenchmark(benchmark: (shop: Shop, browser: Browser) => Promise<number>): void {
  const run = async () => {
    const [browser, shop] = await Promise.all([launchBrowser(SHOPPER_CHROMIUM), startShop()]);
    try {
      return await benchmark(shop, browser);
    } finally {
      await Promise.all([browser.close(), shop.stop()]);
    }
  };
  run().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(2);
    },
  );
}
