/**
 * The promotion stylesheet stays inside the promotion renderer: every selector starts with a
 * shd-promo- class (Module Federation gives no CSS isolation: a promotion placed in a host page
 * must not restyle it), and no colour is written out (the tokens or the editor's checked colours
 * apply, so a dark promotion and a custom one stay legible).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, '../src/features/promotions/promotions.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const flat = css.replace(/@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g, '$1');
const rules = [...flat.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
  selectors: selectors.split(',').map((s) => s.trim()),
  body,
}));

test('every selector starts with a shd-promo- class', () => {
  expect(rules.length).toBeGreaterThan(10);
  for (const rule of rules) for (const selector of rule.selectors) expect(selector).toMatch(/^\.shd-promo-[\w-]/);
});

test('no colour is written out', () => {
  for (const rule of rules) {
    // A colour name, not a property such as `white-space`.
    expect(rule.body).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(|\b(white|black|red|green|blue|gray|grey)\b(?!-)/i);
  }
});

test('the short headline and hint replace the long ones below the narrow breakpoint only', () => {
  const narrow = /@media \(max-width: 766\.98px\) \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  expect(narrow).toMatch(/\.shd-promo-headline__long[^{]*\{\s*display: none/);
  expect(narrow).toMatch(/\.shd-promo-headline__short[^{]*\{\s*display: inline/);
  expect(flat).toMatch(/\.shd-promo-headline__short \{ display: none; \}/);
});
