/**
 * Each browser table's locales apart (ADR 0030): `texts/<table>.json`, the one source every
 * translator edits and the server reads, becomes `dist/<table>/<locale>.json` (one chunk each in a
 * fragment's build, loaded only for the page's locales) and `dist/<table>.locales.json`.
 *
 * A site's locale is written with its fallbacks filled in, in the core's order (`textFallbacks`:
 * the locale, then German), so a page loads one locale of a table, not its German too. The
 * locales list says which locales hold every key of the table (`complete`): the lookup loads the
 * locales it goes through up to the first complete one. Run by every browser build
 * (`build/federation.cjs`) and by Jest's global set-up; writes only what changed. `pages.json` is
 * the server's alone.
 */
const fs = require('node:fs');
const path = require('node:path');
const core = require('../wasm/index.node.cjs');

/** JSON files of the package that are not browser tables. */
const NOT_BROWSER_TABLES = new Set(['package.json', 'pages.json']);

function writeIfChanged(file, text) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.writeFileSync(file, text);
}

/** One locale's texts as a page of that locale reads them: its own, else its fallbacks'. */
function withFallbacks(table, locale, siteLocales) {
  const order = siteLocales.includes(locale) ? core.textFallbacks(locale) : [locale];
  return Object.assign({}, ...order.reverse().map((fallback) => table[fallback] ?? {}));
}

/** Splits the tables of `source` (the texts package by default) into `out`. */
function splitTexts(source = __dirname, out = path.join(source, 'dist')) {
  const siteLocales = core.allSites().map((site) => core.siteLocale(site));
  const tables = fs.readdirSync(source).filter((file) => file.endsWith('.json') && !NOT_BROWSER_TABLES.has(file));
  for (const file of tables) {
    const name = file.slice(0, -'.json'.length);
    const table = JSON.parse(fs.readFileSync(path.join(source, file), 'utf8'));
    const folder = path.join(out, name);
    fs.mkdirSync(folder, { recursive: true });
    const locales = Object.keys(table);
    const keys = new Set(Object.values(table).flatMap((texts) => Object.keys(texts)));
    // A locale no longer in the table leaves its folder too (each file there becomes a chunk).
    for (const old of fs.readdirSync(folder)) {
      if (!locales.includes(old.slice(0, -'.json'.length))) fs.rmSync(path.join(folder, old));
    }
    const complete = [];
    for (const locale of locales) {
      const texts = withFallbacks(table, locale, siteLocales);
      if ([...keys].every((key) => key in texts)) complete.push(locale);
      writeIfChanged(path.join(folder, `${locale}.json`), JSON.stringify(texts));
    }
    writeIfChanged(path.join(out, `${name}.locales.json`), JSON.stringify({ locales, complete }));
  }
}

module.exports = { splitTexts };
