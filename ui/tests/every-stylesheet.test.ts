/**
 * Rules every stylesheet of the design system and the fragments keeps:
 *
 * - A fragment looks the same on any host page: its sizes follow the reader's font size (the
 *   browser's setting, `medium`), not the host page's root size. A host page with
 *   `html { font-size: 62.5% }` would otherwise shrink an embedded fragment's texts and controls
 *   to 10/16 (the e2e suite shows it on the plain host page). So the scope computes its own rem
 *   (`--sui-rem`) and no stylesheet writes `rem` (ADR 0022).
 * - Whatever moves (an animation, a transition) moves slower or not at all for a reader who
 *   asks for reduced motion.
 * - The keyboard's focus shows in forced colours too: the ring (`--sui-focus-ring`, a shadow)
 *   has a transparent outline beside it in every stylesheet that draws it, and no focus style
 *   takes the outline away.
 * - A browser of the shop's baseline (ADR 0027: Safari 15.4, the last of the iPhones that stay on
 *   iOS 15) that lacks a newer feature still gets the layout: a length in `dvh` comes after the
 *   same property in `vh`, and a container query has its rules again for browsers without
 *   container queries (where needed under the window's width).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const repository = join(__dirname, '../..');
const roots = [join(repository, 'ui/src'), ...readdirSync(repository).filter((name) => name.startsWith('mfe-')).map((name) => join(repository, name, 'src'))];
const sheets = roots.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({ file: relative(repository, join(root, file)), css: readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') })),
);

test("every fragment's stylesheet is read", () => {
  const fragments = new Set(sheets.map(({ file }) => file.split(/[\\/]/)[0]));
  expect([...fragments].sort()).toEqual(['mfe-footer', 'mfe-header', 'mfe-minicart', 'mfe-newsletter', 'mfe-preview', 'ui']);
});

test('no size is written in the host page\'s rem', () => {
  const inRem = sheets.flatMap(({ file, css }) => [...css.matchAll(/[\d.]+rem\b/g)].map(([size]) => `${file}: ${size}`));
  expect(inRem).toEqual([]);
});

test("the scope's rem is the reader's font size, computed once on the scope", () => {
  const tokens = sheets.find(({ file }) => file.endsWith('tokens/tokens.css'))!.css;
  expect(tokens).toMatch(/@property --sui-rem\s*\{[^}]*syntax:\s*'<length>';[^}]*inherits:\s*true;/);
  const scope = /\n\.sui-scope \{([^}]*)\}/.exec(tokens)?.[1] ?? '';
  expect(scope).toMatch(/font-size:\s*medium;/);
  expect(scope).toMatch(/--sui-rem:\s*1em;/);
});

/** The selectors of rules inside `@media (prefers-reduced-motion: reduce)` that touch motion. */
const REDUCED_MOTION = /@media\s*\(prefers-reduced-motion:\s*reduce\)\s*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g;
const KEYFRAMES = /@keyframes\s+[\w-]+\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;
const AT_PROPERTY = /@property\s+[\w-]+\s*\{[^{}]*\}/g;
const calmed = new Set(
  sheets.flatMap(({ css }) =>
    [...css.matchAll(REDUCED_MOTION)].flatMap(([, block]) =>
      [...block.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
        .filter(([, , body]) => /animation|transition/.test(body))
        .flatMap(([, selectors]) => selectors.split(',').map((s) => s.trim())),
    ),
  ),
);

test('everything that moves moves slower or not at all for a reader who asks for reduced motion', () => {
  const moving = sheets.flatMap(({ file, css }) =>
    [...css.replace(KEYFRAMES, '').replace(AT_PROPERTY, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)]
      .filter(([, , body]) => /(^|;)\s*(animation|transition):(?!\s*none)/.test(body))
      .flatMap(([, selectors]) => selectors.split(',').map((selector) => ({ file, selector: selector.trim() }))),
  );
  expect(moving.length).toBeGreaterThan(5);
  expect(moving.filter(({ selector }) => !calmed.has(selector)).map(({ file, selector }) => `${file}: ${selector}`)).toEqual([]);
});

/** The rules of a stylesheet outside at-rules' nesting, as selector list and body. */
const rules = (css: string) =>
  [...css.replace(KEYFRAMES, '').replace(AT_PROPERTY, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    selectors: selectors.split(',').map((selector) => selector.trim()),
    body,
  }));

let ringCount = 0;
test('a focus ring drawn as a shadow has an outline beside it, which forced colours draw instead', () => {
  // Forced colours (Windows' high contrast) drop box shadows: the focus ring would vanish. A
  // transparent outline next to the shadow is invisible otherwise and takes the system's colour
  // there. An override of the shadow alone (an error state) counts when the element's own rule,
  // the same last selector, has the outline.
  const missing = sheets.flatMap(({ file, css }) => {
    const all = rules(css);
    const lastPart = (selector: string) => selector.split(/\s+/).pop() ?? selector;
    const outlined = new Set(
      all.filter(({ body }) => /(^|;)\s*outline:\s*(?!none|0\b)[^;]+/.test(body)).flatMap(({ selectors }) => selectors.map(lastPart)),
    );
    const rings = all.filter(({ body }) => body.includes('var(--sui-focus-ring)'));
    ringCount += rings.length;
    return rings.flatMap(({ selectors }) => selectors.filter((selector) => !outlined.has(lastPart(selector))).map((selector) => `${file}: ${selector}`));
  });
  expect(ringCount).toBeGreaterThan(10);
  expect(missing).toEqual([]);
});

test('no focus style takes the outline away', () => {
  const removed = sheets.flatMap(({ file, css }) =>
    rules(css)
      .filter(({ body }) => /(^|;)\s*outline:\s*(none|0)\s*(;|$)/.test(body))
      .flatMap(({ selectors }) => selectors.filter((s) => /:focus(-visible)?(?!\w)/.test(s) && !/:not\(:focus/.test(s)).map((s) => `${file}: ${s}`)),
  );
  expect(removed).toEqual([]);
});

test('a length in dvh, svh or lvh comes after the same property without it, which older browsers keep', () => {
  const declarations = sheets.flatMap(({ file, css }) =>
    rules(css).map(({ selectors, body }) => ({ where: `${file}: ${selectors.join(', ')}`, body: body.split(';').map((d) => d.trim()) })),
  );
  const viewportLengths = declarations.flatMap(({ where, body }) =>
    body.flatMap((declaration, index) => {
      if (!/\d[dsl]vh\b/.test(declaration)) return [];
      const property = declaration.split(':')[0];
      const fallback = body.slice(0, index).some((earlier) => earlier.split(':')[0] === property && !/\d[dsl]vh\b/.test(earlier));
      return [{ where, property, fallback }];
    }),
  );
  expect(viewportLengths.length).toBeGreaterThan(0);
  expect(viewportLengths.filter(({ fallback }) => !fallback)).toEqual([]);
});

/** The rules directly inside an at-rule's block, whitespace normalised. */
function ruleTexts(block: string): string[] {
  return [...block.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => `${selectors.trim()} {${body.replace(/\s+/g, ' ').trim()}}`);
}

test('every container query has its rules again for browsers without container queries', () => {
  const queried = sheets.filter(({ css }) => css.includes('@container'));
  expect(queried.length).toBeGreaterThan(0);
  for (const { file, css } of queried) {
    const inQueries = [...css.matchAll(/@container[^{]*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g)].flatMap(([, block]) => ruleTexts(block));
    // Directly in the `@supports not` block, or in a `@media` inside it (the window's width
    // standing in for the container's).
    const inFallbacks = [...css.matchAll(/@supports not \(container-type: inline-size\)\s*\{((?:[^{}]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\})*)[^{}]*\}/g)].flatMap(
      ([, block]) => {
        const inMedia = [...block.matchAll(/@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g)];
        return inMedia.length > 0 ? inMedia.flatMap(([, rules]) => ruleTexts(rules)) : ruleTexts(block);
      },
    );
    expect({ file, rules: inFallbacks }).toEqual({ file, rules: inQueries });
  }
});
