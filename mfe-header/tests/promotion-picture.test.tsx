/**
 * A promotion's picture applies the CSS of the cutout the window shows, and follows a new
 * image (a refetch, a preview) at once: the cutout in use is worked out again for its sources,
 * not carried over from the image before.
 */
import { render } from '@testing-library/react';
import type { PromotionImage } from '@shop/core';
import { Picture } from '../src/features/promotions/views/Picture';

const cutout = (breakpoint: number | undefined, imagePath: string, width: string) => ({
  breakpoint,
  imagePath,
  imageCss: [{ property: 'width', value: width }],
  containerCss: [],
});

/** An image of one cutout from `breakpoint` up and one below it, as the core lays it out. */
function image(breakpoint: number, wide: string, narrow: string): PromotionImage {
  return {
    cutouts: [cutout(breakpoint, `/img/${breakpoint}.jpg`, wide), cutout(undefined, '/img/all.jpg', narrow)],
    picture: {
      sources: [{ media: `(min-width: ${breakpoint}px)`, srcset: `/img/${breakpoint}.jpg`, cutout: 0 }],
      fallback: 1,
      src: '/img/all.jpg',
    },
  } as PromotionImage;
}

/** A window 1100 px wide: `(min-width: N px)` matches up to N = 1100. */
beforeEach(() => {
  window.matchMedia = ((query: string) => {
    const px = Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Number.NaN);
    return { matches: px <= 1100, media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() };
  }) as unknown as typeof window.matchMedia;
});

test("the cutout the window shows gives its CSS, and a new image's is worked out again", () => {
  const { container, rerender } = render(<Picture image={image(1023, '100%', '50%')} />);
  const img = () => container.querySelector('img') as HTMLImageElement;
  // 1100 px: the wide cutout (from 1023 px) is shown.
  expect(img().style.width).toBe('100%');
  // The new image's only source starts at 1280 px: below it, its fallback's CSS applies.
  rerender(<Picture image={image(1280, '70%', '40%')} />);
  expect(img().style.width).toBe('40%');
  expect(container.querySelector('source')).toHaveAttribute('media', '(min-width: 1280px)');
});
