/**
 * A star rating (spec section 9: rating scale max 5; the app banner shows 5 stars and "(89k)").
 * The core's `ratingView` decides what shows: `value` clamped to 0..5 (not a finite number is
 * 0), rounded to one decimal and written as the site writes numbers (`4,5`; CH and CH_FR
 * `4.5`), and each star full, half or empty (the value rounded to the nearest half). The stars
 * are one image (`role="img"`) named "Bewertung: 4,5 von 5 Sternen"; each star is decorative.
 * `count` is shown after the stars as given.
 */
import type { ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import { StarIcon, StarOutlineIcon } from '../icons/icons';
import './rating.css';

export interface RatingProps {
  /** The rating, e.g. 4.5; clamped to 0..5. */
  value: number;
  /** A count shown after the stars, e.g. "(89k)". */
  count?: ReactNode;
  id?: string;
  className?: string;
}

export function Rating({ value, count, id, className }: RatingProps) {
  const { core, site, t } = useUi();
  const rating = core.ratingView(typeof value === 'number' ? value : Number.NaN, site);
  const label = t('ui.rating.label', { value: rating.value, max: rating.max });

  return (
    <span id={id} className={className ? `sui-rating ${className}` : 'sui-rating'}>
      <span className="sui-rating__stars" role="img" aria-label={label}>
        {rating.stars.map((fill, i) => (
          <span key={i} className={`sui-rating__star sui-rating__star--${fill}`} aria-hidden="true">
            <StarOutlineIcon />
            <span className="sui-rating__fill">
              <StarIcon />
            </span>
          </span>
        ))}
      </span>
      {count !== undefined && count !== null && count !== '' && <span className="sui-rating__count">{count}</span>}
    </span>
  );
}
