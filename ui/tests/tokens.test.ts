/**
 * The design tokens: every theme is complete and readable. Colours are read from tokens.css the
 * way the cascade resolves them for a `.sui-scope` of each theme (the base block, then every
 * block whose selector names the theme, in source order), and every pair an element puts
 * together is held to WCAG AA contrast.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASPECT_RATIOS, DARK_THEMES, THEMES, aspectRatioClass, type Theme } from '@shop/ui';
import { contrast, luminance } from './contrast';

const source = readFileSync(join(__dirname, '../src/tokens/tokens.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
/** Registered custom properties (`@property --name { ... }`): global names, like keyframes. */
const REGISTERED = /@property\s+(--[\w-]+)\s*\{[^{}]*\}/g;
const registered = [...source.matchAll(REGISTERED)].map(([, name]) => name);
const css = source.replace(REGISTERED, '');

interface Rule {
  selectors: string[];
  declarations: Map<string, string>;
}

const rules: Rule[] = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectorText, body]) => ({
  selectors: selectorText.split(',').map((s) => s.trim()),
  declarations: new Map(
    body
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const colon = d.indexOf(':');
        return [d.slice(0, colon).trim(), d.slice(colon + 1).trim()] as [string, string];
      }),
  ),
}));

function tokensOf(theme: Theme): Map<string, string> {
  const resolved = new Map<string, string>();
  for (const rule of rules) {
    const applies = rule.selectors.some(
      (s) => s === '.sui-scope' || s === `.sui-scope[data-sui-theme='${theme}']`,
    );
    if (applies) for (const [name, value] of rule.declarations) resolved.set(name, value);
  }
  return resolved;
}

const TEXT = 4.5;
const NON_TEXT = 3;
/** [foreground, background, minimum]: every pairing the elements use. */
const PAIRS: [string, string, number][] = [
  ['text', 'surface', TEXT],
  ['text', 'surface-raised', TEXT],
  ['text-muted', 'surface', TEXT],
  ['text-muted', 'surface-raised', TEXT],
  ['link', 'surface', TEXT],
  ['link', 'surface-raised', TEXT],
  ['on-primary', 'primary', TEXT],
  ['primary', 'surface', TEXT],
  ['error', 'surface', TEXT],
  ['success', 'surface', TEXT],
  ['text', 'error-surface', TEXT],
  ['text', 'success-surface', TEXT],
  ['text', 'warning-surface', TEXT],
  ['text', 'info-surface', TEXT],
  ['error', 'error-surface', TEXT],
  ['success', 'success-surface', TEXT],
  ['warning', 'warning-surface', TEXT],
  ['info', 'info-surface', TEXT],
  ['border', 'surface', NON_TEXT],
  ['focus', 'surface', NON_TEXT],
  ['rating', 'surface', NON_TEXT],
];

describe.each(THEMES.map((theme) => [theme]))('theme %s', (theme) => {
  const tokens = tokensOf(theme);
  const colour = (name: string) => {
    const value = tokens.get(`--sui-color-${name}`);
    if (!value) throw new Error(`--sui-color-${name} is not set for ${theme}`);
    return value;
  };

  test('is defined by its own block (not just the light defaults), or is light itself', () => {
    const ownBlock = rules.some((r) => r.selectors.includes(`.sui-scope[data-sui-theme='${theme}']`));
    expect(ownBlock || theme === 'light').toBe(true);
  });

  test.each(PAIRS)('%s on %s reaches %s:1', (foreground, background, minimum) => {
    expect(contrast(colour(foreground), colour(background))).toBeGreaterThanOrEqual(minimum);
  });

  test(DARK_THEMES.includes(theme) ? 'is dark: light text on a dark surface' : 'is light: dark text on a light surface', () => {
    const dark = luminance(colour('surface')) < luminance(colour('text'));
    expect(dark).toBe(DARK_THEMES.includes(theme));
  });
});

test('the four aspect ratios have their classes and custom properties', () => {
  expect(ASPECT_RATIOS).toEqual(['16/9', '4/3', '3/2', '1/1']);
  const base = tokensOf('light');
  for (const ratio of ASPECT_RATIOS) {
    const [w, h] = ratio.split('/');
    expect(base.get(`--sui-aspect-${w}-${h}`)).toBe(`${w} / ${h}`);
    const rule = rules.find((r) => r.selectors.includes(`.${aspectRatioClass(ratio)}`));
    expect(rule?.declarations.get('aspect-ratio')).toBe(`var(--sui-aspect-${w}-${h})`);
  }
});

test("the properties it registers are the design system's own (--sui-)", () => {
  expect(registered).toEqual(['--sui-rem']);
});

test('no rule styles anything outside the design system (scoped to sui- classes)', () => {
  for (const rule of rules) {
    // The host-rule shield's `html body :where(.sui-scope …)` matches only what is inside a scope.
    for (const selector of rule.selectors) expect(selector).toMatch(/^(html body :where\(\.sui-scope )?\.sui-|^html body :where\(\.sui-scope [a-z*]+\)$/);
  }
});
