// Size gate: prints the gzipped size of every shipped artefact and fails when a budget is exceeded.
// Budgets come from the issues; each is named once here.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const budgets = [
  // Issue 2: the browser core at most 50 KB gzipped.
  { name: '@shop/core browser .wasm', file: 'wasm/pkg/shop_core_wasm_bg.wasm', gzipBudget: 50 * KB },
  { name: '@shop/core browser glue .js', file: 'wasm/pkg/shop_core_wasm.js' },
];

// The design system as a fragment ships it (issue 4: measured and recorded): the files of the
// shared `@shop/ui` module in the mini cart's build, found through its Module Federation manifest.
const manifest = 'mfe-minicart/dist/mf-manifest.json';
if (existsSync(manifest)) {
  const ui = JSON.parse(readFileSync(manifest, 'utf8')).shared?.find((s) => s.name === '@shop/ui');
  // Module Federation writes the module twice (the provided copy and the consumer's fallback,
  // the same code); a page loads one of them.
  for (const kind of ['js', 'css']) {
    const [file] = ui?.assets?.[kind]?.sync ?? [];
    if (file) budgets.push({ name: `@shop/ui ${kind.toUpperCase()} (shared module)`, file: `mfe-minicart/dist/${file}` });
  }
  // Its texts come apart, in the page's locale only (ADR 0030): German's, as a DE page loads them.
  budgets.push({ name: '@shop/ui texts in one locale (texts.ui.de-DE.js)', file: 'mfe-minicart/dist/texts.ui.de-DE.js' });
}

// Each remote's entry as the page loads it, recorded when the fragments are built. It runs on the
// page's Module Federation runtime (ADR 0026); one that carries a copy of its own again (14 KB
// Brotli on every page) fails this script in every mode. The mark is a hook name that only the
// runtime's core defines.
const RUNTIME_CORE_MARK = 'afterPreloadRemote';
const ownRuntime = [];
for (const remote of readdirSync('.').filter((name) => name.startsWith('mfe-')).sort()) {
  const file = `${remote}/dist/remoteEntry.js`;
  if (!existsSync(file)) continue;
  budgets.push({ name: `${remote} remoteEntry.js`, file });
  if (readFileSync(file, 'utf8').includes(RUNTIME_CORE_MARK)) ownRuntime.push(file);
}

// --advisory prints the verdicts but does not fail. `npm test` uses it only while the core is
// known to be over its budget (issue 2 stays open until it is not); remove it then.
const advisory = process.argv.includes('--advisory');
let failed = false;
const rows = [];
for (const { name, file, gzipBudget } of budgets) {
  if (!existsSync(file)) {
    console.error(`size: ${file} is missing; run npm run build:core first`);
    process.exit(1);
  }
  const raw = readFileSync(file);
  const gzip = gzipSync(raw, { level: 9 }).length;
  const over = gzipBudget !== undefined && gzip > gzipBudget;
  failed ||= over;
  rows.push({
    artefact: name,
    'raw KB': (raw.length / KB).toFixed(1),
    'gzip KB': (gzip / KB).toFixed(1),
    'budget KB': gzipBudget === undefined ? '-' : (gzipBudget / KB).toFixed(0),
    verdict: gzipBudget === undefined ? 'recorded' : over ? 'OVER BUDGET' : 'ok',
  });
}
console.table(rows);
if (ownRuntime.length > 0) {
  console.error(`size: ${ownRuntime.join(', ')} carries a Module Federation runtime of its own (ADR 0026)`);
  process.exit(1);
}
if (failed) {
  console.error(`size: budget exceeded${advisory ? ' (advisory run: not failing; issue 2 is open for it)' : ''}`);
  if (!advisory) process.exit(1);
}
