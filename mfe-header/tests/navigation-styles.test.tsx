/**
 * The navigation stylesheet stays inside the navigation: every selector starts with the
 * shd-nav class (Module Federation gives no CSS isolation), and no colour is written out (the
 * design system's --sui-* tokens apply, so every theme stays legible).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, '../src/features/navigation/navigation.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const flat = css.replace(/@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g, '$1');
const rules = [...flat.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
  selectors: selectors.split(',').map((s) => s.trim()),
  body,
}));

test('every selector starts with the shd-nav class', () => {
  expect(rules.length).toBeGreaterThan(20);
  for (const rule of rules) for (const selector of rule.selectors) expect(selector).toMatch(/^\.shd-nav(\b|__|\[)/);
});

test('colours come only from the tokens', () => {
  const declarations = rules.flatMap((rule) =>
    [...rule.body.matchAll(/([\w-]+)\s*:\s*([^;]+)/g)].map(([, property, value]) => ({ property, value: value.trim() })),
  );
  expect(declarations.length).toBeGreaterThan(50);
  for (const { property, value } of declarations) {
    expect(value).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(|\b(white|black|red|green|blue|gray|grey)\b/i);
    if (/(^|-)color$|^background|^border(-top|-bottom|-left|-right)?$/.test(property) && !/^0$|^none$/.test(value)) {
      expect({ property, value }).toEqual({ property, value: expect.stringMatching(/var\(--sui-[\w-]+\)|\btransparent$|^inherit$/) });
    }
  }
});

test('no inline style sheet: the components import the stylesheet', () => {
  const source = readFileSync(join(__dirname, '../src/features/navigation/MainNavigation.tsx'), 'utf8');
  expect(source).toContain("import './navigation.css';");
  expect(source).not.toMatch(/<style|dangerouslySetInnerHTML/);
});
