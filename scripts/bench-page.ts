/**
 * Page weight of the home page (a benchmark, not a test): loads it in headless Chromium
 * against the release shop and prints bytes transferred by type (as sent, gzip), request
 * count, LCP, CLS and when the header fragment is in (also on an emulated slow line); then the same after the shopper opens the mini cart, and on the
 * slow line how long its first opening takes. Fails when the
 * budget of the issue is exceeded: JS + WASM + CSS at most 200 KB transferred, CLS at most 0.02.
 * Run by `npm run bench:page` (scripts/bench-page.sh builds and bundles it).
 */
import type { Browser, Page, Request } from 'playwright-core';
import type { Shop } from '../e2e/harness';
import { median, runBenchmark } from './bench-browser';

const BUDGET_BYTES = 200 * 1024;
const BUDGET_CLS = 0.02;
const RUNS = 5;
/** A slow mobile line as DevTools emulates it: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_LINE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const SLOW_RUNS = 3;

type Kind = 'document' | 'js' | 'wasm' | 'css' | 'json' | 'image' | 'other';

function kindOf(request: Request): Kind {
  const url = request.url();
  const type = request.resourceType();
  if (url.endsWith('.wasm')) return 'wasm';
  if (type === 'document') return 'document';
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'image') return 'image';
  if (url.endsWith('.json') || type === 'fetch' || type === 'xhr') return 'json';
  return 'other';
}

interface Weight {
  bytes: Record<Kind, number>;
  requests: number;
  /** Every file with its transferred bytes and the encoding it came in. */
  files: { url: string; bytes: number; encoding: string }[];
}

function track(page: Page): { weight: Weight; settled(): Promise<void> } {
  const weight: Weight = {
    bytes: { document: 0, js: 0, wasm: 0, css: 0, json: 0, image: 0, other: 0 },
    requests: 0,
    files: [],
  };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => {
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        weight.requests += 1;
        weight.bytes[kindOf(request)] += bytes;
        const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
        weight.files.push({ url: request.url(), bytes, encoding });
      }).catch((error: unknown) => {
        // A request that finishes while its page closes (after the figures were taken) has no
        // sizes any more; anything else is a real failure.
        if (!page.isClosed()) throw error;
      }),
    );
  });
  return { weight, settled: async () => void (await Promise.all(pending)) };
}

/** Before the page's scripts: notes when the header fragment has taken over from the static header (`window.headerIn`, ms). */
async function watchHeader(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('.shd-root')?.checkVisibility()) {
        (window as unknown as { headerIn: number }).headerIn = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  });
}

async function vitals(page: Page): Promise<{ lcp: number; cls: number; headerIn: number }> {
  return page.evaluate(
    () =>
      new Promise<{ lcp: number; cls: number; headerIn: number }>((resolve) => {
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ lcp, cls, headerIn: (window as unknown as { headerIn?: number }).headerIn ?? NaN }), 500);
      }),
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
async function main(shop: Shop, browser: Browser): Promise<number> {
  const loads: { weight: Weight; lcp: number; cls: number; headerIn: number }[] = [];
  let opened: Weight | undefined;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const tracked = track(page);
    await watchHeader(page);
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    await tracked.settled();
    const { lcp, cls, headerIn } = await vitals(page);
    loads.push({ weight: structuredClone(tracked.weight), lcp, cls, headerIn });
    if (run === 0) {
      await page.getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' }).click();
      await page.getByRole('region', { name: /^Warenkorb/ }).waitFor();
      await page.waitForLoadState('networkidle');
      await tracked.settled();
      opened = tracked.weight;
    }
    await context.close();
  }
  const slowHeaderIn: number[] = [];
  const slowCartOpen: number[] = [];
  for (let run = 0; run < SLOW_RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', SLOW_LINE);
    await watchHeader(page);
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    slowHeaderIn.push((await vitals(page)).headerIn);
    // The cart flyout's first opening: the mini cart fragment (and its texts) load on this need.
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Warenkorb-Vorschau anzeigen' }).click();
    await page.getByRole('region', { name: /^Warenkorb/ }).getByRole('heading').first().waitFor();
    slowCartOpen.push(Date.now() - clicked);
    await context.close();
  }
  const first = loads[0].weight;
  const assets = first.bytes.js + first.bytes.wasm + first.bytes.css;
  const lcp = median(loads.map((l) => l.lcp));
  const cls = Math.max(...loads.map((l) => l.cls));
  console.log('Home page, first load (bytes as transferred, headers included):');
  for (const [kind, bytes] of Object.entries(first.bytes)) console.log(`  ${kind.padEnd(8)} ${kb(bytes)}`);
  console.log(`  requests ${first.requests}`);
  console.log('  largest files:');
  for (const file of [...first.files].sort((a, b) => b.bytes - a.bytes).slice(0, 12)) {
    console.log(`    ${kb(file.bytes).padStart(9)} ${file.encoding.padEnd(8)} ${new URL(file.url).pathname}`);
  }
  console.log(`  JS + WASM + CSS ${kb(assets)} (budget ${kb(BUDGET_BYTES)})`);
  console.log(`  LCP ${lcp.toFixed(0)} ms (median of ${RUNS}), CLS ${cls.toFixed(4)} (worst of ${RUNS}, budget ${BUDGET_CLS})`);
  // When the shopper can use the header's flyouts, search and navigation (the static header before).
  console.log(`  header fragment in at ${median(loads.map((l) => l.headerIn)).toFixed(0)} ms (median of ${RUNS})`);
  console.log(`  on a slow line (150 ms, 1.6 Mbit/s): header fragment in at ${median(slowHeaderIn).toFixed(0)} ms (median of ${SLOW_RUNS})`);
  console.log(`  on a slow line: the cart flyout's first opening shows its content after ${median(slowCartOpen).toFixed(0)} ms (median of ${SLOW_RUNS})`);
  if (opened) {
    const all = opened.bytes.js + opened.bytes.wasm + opened.bytes.css;
    console.log('After opening the cart flyout (the mini cart fragment loads on first need):');
    for (const [kind, bytes] of Object.entries(opened.bytes)) console.log(`  ${kind.padEnd(8)} ${kb(bytes)}`);
    console.log(`  requests ${opened.requests}, JS + WASM + CSS ${kb(all)}`);
  }
  const over = assets > BUDGET_BYTES || cls > BUDGET_CLS;
  console.log(over ? 'OVER BUDGET' : 'within budget');
  return over ? 1 : 0;
}

runBenchmark(main);
