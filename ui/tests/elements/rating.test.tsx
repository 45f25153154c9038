/** Rating: one image named with the value and the core's maximum; stars full, half or empty. */
import { screen } from '@testing-library/react';
import type { Core } from '@shop/core';
import { Rating } from '@shop/ui';
import { loadCore, renderUi, uiText } from './helpers';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

function stars() {
  const image = screen.getByRole('img');
  const fills = [...image.querySelectorAll('.sui-rating__star')].map((star) =>
    star.classList.contains('sui-rating__star--full') ? 'full' : star.classList.contains('sui-rating__star--half') ? 'half' : 'empty',
  );
  return fills;
}

describe('Rating', () => {
  it('is one image named "Bewertung: 4,5 von 5 Sternen" with 4½ of 5 stars and the count after it', () => {
    renderUi(<Rating value={4.5} count="(89k)" />);
    const image = screen.getByRole('img', { name: 'Bewertung: 4,5 von 5 Sternen' });
    expect(core.ratingMax()).toBe(5);
    expect(stars()).toEqual(['full', 'full', 'full', 'full', 'half']);
    for (const star of image.querySelectorAll('.sui-rating__star')) expect(star).toHaveAttribute('aria-hidden', 'true');
    const count = screen.getByText('(89k)');
    expect(image).not.toContainElement(count);
  });

  test.each([
    [7, '5', ['full', 'full', 'full', 'full', 'full']],
    [-2, '0', ['empty', 'empty', 'empty', 'empty', 'empty']],
    [Number.NaN, '0', ['empty', 'empty', 'empty', 'empty', 'empty']],
    [Number.POSITIVE_INFINITY, '0', ['empty', 'empty', 'empty', 'empty', 'empty']],
    [3, '3', ['full', 'full', 'full', 'empty', 'empty']],
    [2.26, '2,3', ['full', 'full', 'half', 'empty', 'empty']],
    [0.2, '0,2', ['empty', 'empty', 'empty', 'empty', 'empty']],
  ])('clamps and rounds %p to "%s von 5"', (value, said, expected) => {
    renderUi(<Rating value={value} />);
    expect(screen.getByRole('img', { name: `Bewertung: ${said} von 5 Sternen` })).toBeInTheDocument();
    expect(stars()).toEqual(expected);
  });

  it('writes the value as the shop writes numbers on the site: 4.5 on CH and CH_FR', () => {
    for (const site of ['CH', 'CH_FR'] as const) {
      const { unmount } = renderUi(<Rating value={4.5} />, site);
      const locale = core.siteLocale(site);
      const name = uiText(locale, 'ui.rating.label').replace('{value}', '4.5').replace('{max}', '5');
      expect(screen.getByRole('img', { name })).toBeInTheDocument();
      expect(stars()).toEqual(['full', 'full', 'full', 'full', 'half']);
      unmount();
    }
  });

  it("is named in the site's language, word order and number format (PL, TR)", () => {
    const { unmount } = renderUi(<Rating value={4.5} />, 'PL');
    const pl = uiText('pl-PL', 'ui.rating.label').replace('{value}', '4,5').replace('{max}', '5');
    expect(screen.getByRole('img', { name: pl })).toBeInTheDocument();
    unmount();

    renderUi(<Rating value={4.5} />, 'TR');
    const tr = uiText('tr-TR', 'ui.rating.label').replace('{value}', '4,5').replace('{max}', '5');
    expect(tr.indexOf('5')).toBeLessThan(tr.indexOf('4,5')); // the maximum comes first in Turkish
    expect(screen.getByRole('img', { name: tr })).toBeInTheDocument();
  });
});
