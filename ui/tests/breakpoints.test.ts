/**
 * Every width a stylesheet of the shop switches at is one of the core's breakpoints (header spec
 * section 9: 374, 667, 767, 979, 1023, 1279, 1439, 1919 px): `min-width: N` from one on, or
 * `max-width: N - 0.02` below it. A layout rule at another width would be a second list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as core from '@shop/core';

const repository = join(__dirname, '../..');
const packages = ['ui', 'shell', 'mfe-header', 'mfe-minicart', 'mfe-footer', 'mfe-newsletter', 'mfe-preview'];
const sheets = packages.flatMap((name) => {
  const source = join(repository, name, 'src');
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({ file: relative(repository, join(source, file)), css: readFileSync(join(source, file), 'utf8') }));
});

test('media queries switch only at the core\'s breakpoints', () => {
  const breakpoints = core.breakpoints().map((breakpoint) => breakpoint.px);
  expect(breakpoints).toEqual([374, 667, 767, 979, 1023, 1279, 1439, 1919]);
  const widths = sheets.flatMap(({ file, css }) =>
    [...css.matchAll(/@media[^{]*/g)].flatMap(([query]) =>
      [...query.matchAll(/(min|max)-width:\s*([\d.]+)px/g)].map(([, side, px]) => ({ file, side, px: Number(px) })),
    ),
  );
  expect(widths.length).toBeGreaterThan(5);
  const off = widths.filter(({ side, px }) => !breakpoints.includes(side === 'min' ? px : Math.round((px + 0.02) * 100) / 100));
  expect(off).toEqual([]);
});
