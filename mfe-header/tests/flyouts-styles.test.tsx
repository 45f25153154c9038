/**
 * The icon bar's and the reduced header's stylesheets stay inside the header: every selector
 * starts with a shd- class (Module Federation gives no CSS isolation), animation names too, no
 * colour is written out (the tokens apply, so every theme stays legible), and the store search
 * widens to the width the core gives on focus.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const KEYFRAMES = /@keyframes\s+([\w-]+)\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;

function sheet(path: string) {
  const css = readFileSync(join(__dirname, '../src/features', path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const keyframes = [...css.matchAll(KEYFRAMES)].map(([, name]) => name);
  const flat = css.replace(KEYFRAMES, '').replace(/@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g, '$1');
  const rules = [...flat.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    selectors: selectors.split(',').map((s) => s.trim()),
    body: body.trim(),
  }));
  return { css, keyframes, rules };
}

describe.each(['flyouts/flyouts.css', 'reduced/reduced.css'])('%s', (path) => {
  const { keyframes, rules } = sheet(path);

  test('every selector starts with a shd- class', () => {
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) for (const selector of rule.selectors) expect(selector).toMatch(/^\.shd-[\w-]/);
  });

  test('animation names are shd- too', () => {
    for (const name of keyframes) expect(name).toMatch(/^shd-/);
  });

  test('no colour is written out: colours come from the tokens', () => {
    for (const rule of rules) {
      expect(rule.body).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(|\b(white|black|red|green|blue|gray|grey)\b(?!-)/i);
    }
  });
});

test('the store search field takes the core width on focus', () => {
  const { rules } = sheet('flyouts/flyouts.css');
  const focus = rules.find((rule) => rule.selectors.includes('.shd-store-finder__field:focus-within'));
  expect(focus?.body).toMatch(/width: var\(--shd-store-search-focus-width\)/);
});

test('a closed flyout panel is not displayed, the overlay covers the viewport', () => {
  const { rules } = sheet('flyouts/flyouts.css');
  expect(rules.find((rule) => rule.selectors.includes('.shd-flyout[hidden]'))?.body).toMatch(/display: none/);
  const overlay = rules.find((rule) => rule.selectors.includes('.shd-overlay'))?.body ?? '';
  expect(overlay).toMatch(/position: fixed/);
  expect(overlay).toMatch(/inset: 0/);
});
