/**
 * The fields' stylesheets stay inside the design system and on its tokens: every selector starts
 * with a sui- class (Module Federation gives no CSS isolation), no colour is written out (only
 * `var(--sui-...)`), and every focusable control has a visible `:focus-visible` style.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../src/fields');
const sheets = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, css: readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

const rules = sheets.flatMap(({ file, css }) =>
  [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    file,
    selectors: selectors.split(',').map((s) => s.trim()),
    body,
  })),
);

test('there are stylesheets for every piece', () => {
  expect(sheets.map((s) => s.file.replace(/\\/g, '/')).sort()).toEqual([
    'checkbox/checkbox.css',
    'field/field.css',
    'radio/radio.css',
    'select/select.css',
    'text-input/text-input.css',
  ]);
});

test('every selector starts with a sui- class', () => {
  for (const rule of rules) for (const selector of rule.selectors) expect(`${rule.file}: ${selector}`).toMatch(/: \.sui-/);
});

test('no colour is written out: colours come from the tokens', () => {
  for (const rule of rules) {
    expect(`${rule.file}: ${rule.body}`).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(|\b(white|black|red|green|blue|gray|grey)\b/i);
  }
});

test.each(['.sui-control', '.sui-input-toggle', '.sui-checkbox__input', '.sui-radio__input'])(
  '%s has a visible :focus-visible style',
  (control) => {
    const focus = rules.filter((rule) => rule.selectors.some((s) => s === `${control}:focus-visible`));
    expect(focus.length).toBeGreaterThan(0);
    expect(focus.map((rule) => rule.body).join(';')).toMatch(/--sui-focus-ring|--sui-color-focus/);
  },
);
