/**
 * A fragment looks the same on any host page: its sizes follow the reader's font size (the
 * browser's setting, `medium`), not the host page's root size. A host page with
 * `html { font-size: 62.5% }` would otherwise shrink an embedded fragment's texts and controls
 * to 10/16 (the e2e suite shows it on the plain host page). So the scope computes its own rem
 * (`--sui-rem`) and no stylesheet of the design system or of a fragment writes `rem`.
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
