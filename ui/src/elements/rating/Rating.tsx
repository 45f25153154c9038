/**
 * A star rating (spec section 9: rating scale max 5; the app banner shows 5 stars and "(89k)").
 * `value` is clamped to 0..`core.ratingMax()` (not a finite number is 0). The stars are one image
 * (`role="img"`) named "Bewertung: 4,5 von 5 Sternen" (the value rounded to one decimal, written
 * in the site's locale); each star is decorative. Stars show the value rounded to the nearest
 * half: full, half or empty. `count` is shown after the stars as given.
 */
import { useMemo, type ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import { StarIcon, StarOutlineIcon } from '../icons/icons';
import './rating.css';

export interface RatingProps {
  /** The rating, e.g. 4.5; clamped to 0..ratingMax(). */
  value: number;
  /** A count shown after the stars, e.g. "(89k)". */
  count?: ReactNode;
  id?: string;
  className?: string;
}

export type StarFill = 'full' | 'half' | 'empty';

/** The fill of each of `max` stars for a value already clamped to 0..max. */
export function starFills(value: number, max: number): StarFill[] {
  const halves = Math.round(value * 2);
  return Array.from({ length: max }, (_, i) => (halves >= 2 * (i + 1) ? 'full' : halves === 2 * i + 1 ? 'half' : 'empty'));
}

export function Rating({ value, count, id, className }: RatingProps) {
  const { core, site, t } = useUi();
  const max = Math.max(0, Math.floor(core.ratingMax()));
  const clamped = typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), max) : 0;
  const locale = core.siteLocale(site);
  const format = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);
  const label = t('ui.rating.label', { value: format.format(clamped), max: format.format(max) });

  return (
    <span id={id} className={className ? `sui-rating ${className}` : 'sui-rating'}>
      <span className="sui-rating__stars" role="img" aria-label={label}>
        {starFills(clamped, max).map((fill, i) => (
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
