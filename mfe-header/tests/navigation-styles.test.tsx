/**
 * The navigation stylesheet stays inside the navigation: every selector starts with the
 * shd-nav class (Module Federation gives no CSS isolation), and no colour is written out (the
 * design system's --sui-* tokens apply, so every theme stays legible); in forced colours, where
 * no theme applies, only the system's colours.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, '../src/features/navigation/navigation.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const FORCED_COLOURS = /@media\s*\(forced-colors:\s*active\)\s*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g;
const parse = (sheet: string) =>
  [...sheet.replace(/@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g, '$1').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    selectors: selectors.split(',').map((s) => s.trim()),
    body,
  }));
const declarations = (list: { body: string }[]) =>
  list.flatMap((rule) => [...rule.body.matchAll(/([\w-]+)\s*:\s*([^;]+)/g)].map(([, property, value]) => ({ property, value: value.trim() })));
const rules = parse(css.replace(FORCED_COLOURS, ''));
const forcedRules = parse([...css.matchAll(FORCED_COLOURS)].map(([, body]) => body).join(''));

test('every selector starts with the shd-nav class', () => {
  expect(rules.length).toBeGreaterThan(20);
  for (const rule of [...rules, ...forcedRules]) for (const selector of rule.selectors) expect(selector).toMatch(/^\.shd-nav(\b|__|\[)/);
});

test('colours come only from the tokens', () => {
  const themed = declarations(rules);
  expect(themed.length).toBeGreaterThan(50);
  for (const { property, value } of themed) {
    expect(value).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(|\b(white|black|red|green|blue|gray|grey)\b/i);
    if (/(^|-)color$|^background|^border(-top|-bottom|-left|-right)?$/.test(property) && !/^0$|^none$/.test(value)) {
      expect({ property, value }).toEqual({ property, value: expect.stringMatching(/var\(--sui-[\w-]+\)|\btransparent$|^inherit$/) });
    }
  }
});

test('in forced colours, only the system\'s colours', () => {
  const forced = declarations(forcedRules);
  expect(forced.length).toBeGreaterThan(0);
  for (const { value } of forced) expect(value).toMatch(/^(Canvas|CanvasText|Highlight|HighlightText|ButtonText|ButtonFace|LinkText|GrayText)$/);
});

test('no inline style sheet: the components import the stylesheet', () => {
  const source = readFileSync(join(__dirname, '../src/features/navigation/MainNavigation.tsx'), 'utf8');
  expect(source).toContain("import './navigation.css';");
  expect(source).not.toMatch(/<style|dangerouslySetInnerHTML/);
});
