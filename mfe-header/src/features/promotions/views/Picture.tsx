/**
 * A promotion image with its responsive cutouts (newsletter spec section 3: targetSize,
 * breakpoint, imagePath, imageCss, containerCss). The core has rewritten and checked every image
 * path and reduced the CSS to an allow-list of declarations.
 *
 * - `<picture>` as the core lays it out (`image.picture`, which the server's copy uses too): one
 *   `<source media="(min-width: Npx)">` per cutout with a breakpoint, widest first (the browser
 *   takes the first that matches); the `<img>` shows the cutout without a breakpoint, else the
 *   narrowest one.
 * - The CSS of the cutout in use is applied to the `<img>` (`imageCss`) and to its container
 *   (`containerCss`) through React's `style` prop. Which cutout is in use follows the same media
 *   queries through `matchMedia`, so the CSS changes with the picture.
 * - The image is decorative (`alt=""`): the headline beside it says what the promotion is.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import type { CssDeclaration, PromotionImage } from '@shop/core';

const camelCase = (property: string) => property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Allowed declarations as a React style. */
export function cssStyle(declarations: CssDeclaration[]): CSSProperties {
  return Object.fromEntries(declarations.map((d) => [camelCase(d.property), d.value])) as CSSProperties;
}

/** The index of the first source whose query matches now; -1 for none (or no `matchMedia`). */
function firstMatch(queries: string[]): number {
  if (typeof window.matchMedia !== 'function') return -1;
  return queries.findIndex((query) => window.matchMedia(query).matches);
}

function useMatchingSource(queries: string[]): number {
  const joined = queries.join('\n');
  const [index, setIndex] = useState(() => firstMatch(queries));
  useEffect(() => {
    const list = joined === '' ? [] : joined.split('\n');
    if (typeof window.matchMedia !== 'function') return undefined;
    const update = () => setIndex(firstMatch(list));
    const media = list.map((query) => window.matchMedia(query));
    update();
    for (const m of media) m.addEventListener?.('change', update);
    return () => {
      for (const m of media) m.removeEventListener?.('change', update);
    };
  }, [joined]);
  return index;
}

export function Picture({ image }: { image: PromotionImage }) {
  const view = image.picture;
  const matching = useMatchingSource(view.sources.map((source) => source.media));
  const source = matching >= 0 ? view.sources[matching] : undefined;
  const shown = image.cutouts[source?.cutout ?? view.fallback];
  if (!shown) return null;

  return (
    <div className="shd-promo-media" style={cssStyle(shown.containerCss)}>
      <picture className="shd-promo-media__picture">
        {view.sources.map((source, index) => (
          <source key={`${index} ${source.srcset}`} media={source.media} srcSet={source.srcset} />
        ))}
        <img className="shd-promo-media__img" src={view.src} alt="" style={cssStyle(shown.imageCss)} />
      </picture>
    </div>
  );
}
