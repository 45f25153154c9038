/**
 * The design system's stylesheets stay inside the design system and on its tokens: every
 * selector starts with a sui- class (Module Federation gives no CSS isolation, so nothing may
 * style a host page or another fragment), no colour is written out outside the tokens (only
 * `var(--sui-...)`), and every focusable control has a visible `:focus-visible` style.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../src');
const sheets = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, css: readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

/** Keyframes are global names: they must be the design system's own too. */
const KEYFRAMES = /@keyframes\s+([\w-]+)\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;
const keyframeNames = sheets.flatMap(({ css }) => [...css.matchAll(KEYFRAMES)].map(([, name]) => name));

const rules = sheets.flatMap(({ file, css }) =>
  [...css.replace(KEYFRAMES, '').replace(/@property\s+--sui-[\w-]+\s*\{[^{}]*\}/g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    file,
    selectors: selectors.split(',').map((s) => s.trim()),
    body,
  })),
);

test('there are stylesheets for every piece', () => {
  expect(sheets.map((s) => s.file.replace(/\\/g, '/')).sort()).toEqual([
    'elements/button/button.css',
    'elements/expansion-panel/expansion-panel.css',
    'elements/icon-button/icon-button.css',
    'elements/notification-banner/notification-banner.css',
    'elements/rating/rating.css',
    'elements/spinner/spinner.css',
    'elements/text-link/text-link.css',
    'elements/text-slider/text-slider.css',
    'fields/checkbox/checkbox.css',
    'fields/field/field.css',
    'fields/radio/radio.css',
    'fields/select/select.css',
    'fields/text-input/text-input.css',
    'tokens/tokens.css',
  ]);
});

test('every selector starts with a sui- class (or is the host-rule shield inside a scope)', () => {
  // `html body :where(.sui-scope …)` styles only what is inside a scope; `html body` only weighs it
  // above a host page's element selectors (tokens.css).
  for (const rule of rules) for (const selector of rule.selectors) expect(`${rule.file}: ${selector}`).toMatch(/: (html body :where\()?\.sui-/);
});

test('animation names are prefixed sui- too', () => {
  expect(keyframeNames.length).toBeGreaterThan(0);
  for (const name of keyframeNames) expect(name).toMatch(/^sui-/);
});

test('no colour is written out: colours come from the tokens', () => {
  for (const rule of rules.filter((r) => !r.file.startsWith('tokens'))) {
    expect(`${rule.file}: ${rule.body}`).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(|\b(white|black|red|green|blue|gray|grey)\b/i);
  }
});

test.each([
  '.sui-control',
  '.sui-input-toggle',
  '.sui-checkbox__input',
  '.sui-radio__input',
  '.sui-button',
  '.sui-icon-button',
  '.sui-expansion-panel__toggle',
  '.sui-text-slider__toggle',
  '.sui-text-link',
])(
  '%s has a visible :focus-visible style',
  (control) => {
    const focus = rules.filter((rule) => rule.selectors.some((s) => s === `${control}:focus-visible`));
    expect(focus.length).toBeGreaterThan(0);
    expect(focus.map((rule) => rule.body).join(';')).toMatch(/--sui-focus-ring|--sui-color-focus/);
  },
);

test("a scope sets its own box model for everything in it, not the host page's", () => {
  const boxModel = rules.find((rule) => rule.selectors.includes('.sui-scope *'));
  expect(boxModel?.selectors).toEqual(['.sui-scope', '.sui-scope *', '.sui-scope *::before', '.sui-scope *::after']);
  expect(boxModel?.body).toMatch(/box-sizing:\s*border-box/);
});
