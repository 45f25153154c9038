// Benchmark (not a test): per-call cost of the core through WebAssembly against plain JS.
// Prints per-call times and ratios; record the figures in docs/performance.md.
//   formatPrice (WASM)  vs  a cached Intl.NumberFormat  vs  a fresh Intl.NumberFormat per call
//   cleanSearchTerm (WASM)  vs  the same rule written in plain JS
import { createRequire } from 'node:module';
import { cpus } from 'node:os';

const require = createRequire(import.meta.url);
const core = require('../wasm/pkg-node/shop_core_wasm.js');

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200_000);
const ROUNDS = 5;

function perCallNs(fn) {
  // Warm up, then take the best of a few rounds (least disturbed by the other core's work).
  for (let i = 0; i < 10_000; i += 1) fn(i);
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < ITERATIONS; i += 1) fn(i);
    const ns = Number(process.hrtime.bigint() - start) / ITERATIONS;
    best = Math.min(best, ns);
  }
  return best;
}

const prices = Array.from({ length: 1024 }, (_, i) => (i * 7919) % 1_000_000);
let sink = 0;

const cachedFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const results = {
  'formatPrice WASM': perCallNs((i) => {
    sink += core.formatPrice(prices[i & 1023], 'DE').length;
  }),
  'formatPrice cached Intl.NumberFormat': perCallNs((i) => {
    sink += cachedFormat.format(prices[i & 1023] / 100).length;
  }),
  'formatPrice fresh Intl.NumberFormat': perCallNs((i) => {
    const format = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    sink += format.format(prices[i & 1023] / 100).length;
  }),
};

const terms = ['  Kaffee Bohnen ', '123 456 789', '\u00a0123 456\u00a0', 'Espresso-Maschine', 'x'.repeat(250), '  ', 'Tasse'];
function cleanSearchTermJs(value) {
  if (typeof value !== 'string') return '';
  const withoutSpacesInNumbers = (term) => (/^[0-9\s]*$/.test(term) ? term.replace(/\s/g, '') : term);
  const cleaned = withoutSpacesInNumbers(value.trim());
  const chars = Array.from(cleaned);
  return chars.length > 200 ? withoutSpacesInNumbers(chars.slice(0, 200).join('').trimEnd()) : cleaned;
}
// Both must agree before their speed is compared.
for (const term of terms) {
  if (core.cleanSearchTerm(term) !== cleanSearchTermJs(term)) {
    throw new Error(`bench: WASM and JS disagree on ${JSON.stringify(term)}`);
  }
}
results['cleanSearchTerm WASM'] = perCallNs((i) => {
  sink += core.cleanSearchTerm(terms[i % terms.length]).length;
});
results['cleanSearchTerm plain JS'] = perCallNs((i) => {
  sink += cleanSearchTermJs(terms[i % terms.length]).length;
});

const us = (ns) => `${(ns / 1000).toFixed(3)} µs`;
console.log(`@shop/core per-call benchmark — node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, ${ITERATIONS} calls x best of ${ROUNDS}`);
console.table(Object.fromEntries(Object.entries(results).map(([name, ns]) => [name, { 'per call': us(ns) }])));
const ratio = (a, b) => (results[a] / results[b]).toFixed(2);
console.log(`formatPrice WASM / cached Intl:   ${ratio('formatPrice WASM', 'formatPrice cached Intl.NumberFormat')}x`);
console.log(`formatPrice WASM / fresh Intl:    ${ratio('formatPrice WASM', 'formatPrice fresh Intl.NumberFormat')}x`);
console.log(`cleanSearchTerm WASM / plain JS:  ${ratio('cleanSearchTerm WASM', 'cleanSearchTerm plain JS')}x`);
const over = Object.entries(results).filter(([name, ns]) => name.includes('WASM') && ns >= 1000);
console.log(over.length === 0 ? 'goal met: every WASM per-call figure under 1 µs' : `goal missed (>= 1 µs): ${over.map(([n]) => n).join(', ')}`);

// A cart answer of many lines (a malformed or hostile service answer): the mini cart adopts it
// in the order already on screen, shows it and starts a removal. Grows as O(n log n), not O(n²).
console.log('large cart answers (ms, one run each): lines -> loadSucceeded (reordered), miniCartView, beginRemoval');
for (const lines of [1_000, 4_000, 16_000]) {
  const articles = Array.from({ length: lines }, (_, i) => ({ productId: `p${i}`, tcm: 't', title: 'Kaffee', quantity: { quantity: 1 } }));
  const shown = core.loadSucceeded({}, { articles, numberOfArticles: lines }, 1);
  let start = performance.now();
  const state = core.loadSucceeded(shown, { articles: articles.toReversed(), numberOfArticles: lines }, 2);
  const load = performance.now() - start;
  start = performance.now();
  const view = core.miniCartView(state, 'DE', 0);
  const shownAt = performance.now() - start;
  start = performance.now();
  sink += core.beginRemoval(state, view.lines[lines - 1].key, 0).request;
  const removal = performance.now() - start;
  if (view.lines[0].key !== 'articles:p0:t') throw new Error('bench: the shown order was not kept');
  console.log(`  ${lines} lines: ${load.toFixed(0)} / ${shownAt.toFixed(0)} / ${removal.toFixed(0)} ms`);
}
// Hostile service answers, each at growing sizes (one run each, ms): every reader must grow
// about linearly (n log n at most); each of these was quadratic once.
const timed = (run) => {
  const start = performance.now();
  sink += run() === undefined ? 1 : 0;
  return `${(performance.now() - start).toFixed(0)} ms`;
};
const kb = (text) => `${(text.length / 1024).toFixed(0)} KB`;
console.log('hostile answers (one run each):');
for (const members of [10_000, 40_000, 160_000]) {
  // One object of many members: repeated keys are found by sorting, not by a search per member.
  const body = `{${Array.from({ length: members }, (_, i) => `"k${i}":0`).join(',')}}`;
  console.log(`  parseNavigation, one object of ${members} members (${kb(body)}): ${timed(() => core.parseNavigation(body))}`);
}
for (const numbers of [10, 40, 160]) {
  // Numbers whose exponent is far past where anything changes (`1e9999999999` is infinite).
  const body = `{"list":[${Array(numbers).fill('1e9999999999,1e-9999999999').join(',')}]}`;
  console.log(`  parseNavigation, ${2 * numbers} numbers of huge exponents (${kb(body)}): ${timed(() => core.parseNavigation(body))}`);
}
for (const letters of [4_000, 16_000, 64_000]) {
  // A long, repetitive term against a long typed text that almost matches it (an answer's terms
  // over 200 letters are dropped; the highlight's rule itself takes any lengths).
  const term = 'a'.repeat(letters);
  const typed = `${'a'.repeat(letters / 2 - 1)}b`;
  console.log(`  splitSuggestion, a term of ${letters} letters: ${timed(() => core.splitSuggestion(term, typed))}`);
}
for (const entries of [4_000, 16_000, 64_000]) {
  // A theme world repeating its badge and availability names against many translations.
  const translations = Object.fromEntries(Array.from({ length: entries }, (_, i) => [`k${i}`, 'v']));
  Object.assign(translations, { onlineOnly: 'Nur online', new: 'Neu' });
  const world = { url: '/w', title: 't', availability: Array(entries).fill('onlineOnly'), badges: Array(entries).fill('new') };
  const body = JSON.stringify({ overview: { title: 'x', url: '/x' }, sections: { scout: { themeworlds: [world] } }, translations });
  console.log(`  parseThemeWorlds, ${entries} repeats and translations (${kb(body)}): ${timed(() => core.parseThemeWorlds(body, false))}`);
}
if (sink === 0) console.log('');
