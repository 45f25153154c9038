/**
 * An expansion panel: the WAI-ARIA disclosure pattern. A heading (`headingLevel`, default 3)
 * holds a native `<button>` with `aria-expanded` and `aria-controls`; the content (`id`) is
 * `hidden` while collapsed. Enter and Space work because it is a real button.
 *
 * State:
 * - Uncontrolled: `defaultExpanded` is the start state only. A later change of `defaultExpanded`
 *   is ignored (as with React's `defaultValue`); to follow a value that changes (e.g. the
 *   footer's start state from the core once the width is known), pass `expanded` or remount
 *   with a new `key`.
 * - Controlled: `expanded` is the state; pressing the button calls
 *   `onExpandedChange(!expanded)` and the owner decides.
 * `onExpandedChange` is called in both modes.
 */
import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from '../icons/icons';
import './expansion-panel.css';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface ExpansionPanelProps {
  /** The heading's text (inside the button). */
  title: ReactNode;
  children: ReactNode;
  headingLevel?: HeadingLevel;
  /** Uncontrolled start state (read once, on mount). */
  defaultExpanded?: boolean;
  /** Controlled state. */
  expanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
  /** The content's id (`aria-controls` of the button); generated when left out. */
  id?: string;
  className?: string;
}

export function ExpansionPanel({
  title,
  children,
  headingLevel = 3,
  defaultExpanded = false,
  expanded,
  onExpandedChange,
  id,
  className,
}: ExpansionPanelProps) {
  const generated = useId();
  const contentId = id ?? `sui-panel-${generated}`;
  const buttonId = `${contentId}-button`;
  const [expandedHere, setExpandedHere] = useState(defaultExpanded);
  const controlled = expanded !== undefined;
  const isExpanded = controlled ? expanded : expandedHere;

  const level = Number.isInteger(headingLevel) && headingLevel >= 1 && headingLevel <= 6 ? headingLevel : 3;
  const Heading = `h${level}` as 'h3';

  const toggle = () => {
    const next = !isExpanded;
    if (!controlled) setExpandedHere(next);
    onExpandedChange?.(next);
  };

  const classes = ['sui-expansion-panel'];
  if (isExpanded) classes.push('sui-expansion-panel--expanded');
  if (className) classes.push(className);

  return (
    <div className={classes.join(' ')}>
      <Heading className="sui-expansion-panel__heading">
        <button
          id={buttonId}
          type="button"
          className="sui-expansion-panel__toggle"
          aria-expanded={isExpanded}
          aria-controls={contentId}
          onClick={toggle}
        >
          <span className="sui-expansion-panel__title">{title}</span>
          <ChevronIcon className="sui-expansion-panel__chevron" />
        </button>
      </Heading>
      <div id={contentId} className="sui-expansion-panel__content" hidden={!isExpanded}>
        {children}
      </div>
    </div>
  );
}
