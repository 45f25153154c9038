/**
 * A text that is collapsed to `lines` lines (default 3) or expanded (newsletter spec section 3,
 * "Design-system pieces": the text slider toggles collapsed and expanded; default labels, German:
 * "mehr anzeigen" / "weniger anzeigen", from `texts/ui.json` in the site's locale).
 *
 * The clamp is CSS only (`-webkit-line-clamp` on `.sui-text-slider__text--collapsed`, the line
 * count as the custom property `--sui-text-slider-lines`, set through CSSOM): the whole text
 * stays in the document, so screen readers and find-in-page read all of it. The toggle is a
 * native button with `aria-expanded` and `aria-controls`. It is always shown: whether a text
 * overflows its lines is not known before layout.
 * `defaultExpanded` is the start state only.
 */
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import './text-slider.css';

export interface TextSliderProps {
  children: ReactNode;
  /** Lines shown while collapsed (a whole number from 1; default 3). */
  lines?: number;
  /** Start expanded (read once, on mount). */
  defaultExpanded?: boolean;
  /** The toggle's text while collapsed; default `t('ui.textSlider.more')`. */
  moreLabel?: string;
  /** The toggle's text while expanded; default `t('ui.textSlider.less')`. */
  lessLabel?: string;
  /** The text's id (`aria-controls` of the toggle); generated when left out. */
  id?: string;
  className?: string;
}

export const TEXT_SLIDER_DEFAULT_LINES = 3;

export function TextSlider({
  children,
  lines = TEXT_SLIDER_DEFAULT_LINES,
  defaultExpanded = false,
  moreLabel,
  lessLabel,
  id,
  className,
}: TextSliderProps) {
  const { t } = useUi();
  const generated = useId();
  const textId = id ?? `sui-text-slider-${generated}`;
  const [expanded, setExpanded] = useState(defaultExpanded);
  const clampLines = Number.isFinite(lines) && lines >= 1 ? Math.floor(lines) : TEXT_SLIDER_DEFAULT_LINES;

  const label = expanded ? lessLabel || t('ui.textSlider.less') : moreLabel || t('ui.textSlider.more');
  const textClasses = ['sui-text-slider__text'];
  if (!expanded) textClasses.push('sui-text-slider__text--collapsed');

  return (
    <div className={className ? `sui-text-slider ${className}` : 'sui-text-slider'}>
      <div
        id={textId}
        className={textClasses.join(' ')}
        style={{ '--sui-text-slider-lines': String(clampLines) } as CSSProperties}
      >
        {children}
      </div>
      <button
        type="button"
        className="sui-text-slider__toggle"
        aria-expanded={expanded}
        aria-controls={textId}
        onClick={() => setExpanded((value) => !value)}
      >
        {label}
      </button>
    </div>
  );
}
