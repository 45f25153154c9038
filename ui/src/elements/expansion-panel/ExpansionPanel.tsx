/**
 * An expansion panel: the WAI-ARIA disclosure pattern. A heading (`headingLevel`, default 3)
 * holds a native `<button>` with `aria-expanded` and `aria-controls`; the content (`id`) is
 * `hidden` while collapsed. Enter and Space work because it is a real button.
 *
 * Escape (GUIDE section 5: "Esc closes and returns focus to the button"): pressed anywhere in an
 * open panel, on its button or in its content, it collapses the panel and puts the focus on the
 * button, and takes the key (`preventDefault`, so an outer panel or a dialog around it leaves
 * this press alone; propagation is not stopped). A press some inner element has already taken
 * (`defaultPrevented`, a list that closed on it, say), a press while an input method composes,
 * a collapsed panel and a panel that cannot collapse (controlled `expanded` without
 * `onExpandedChange`: nobody to ask) leave the key to whoever is next.
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
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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

  const button = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    if (!controlled) setExpandedHere(next);
    onExpandedChange?.(next);
  };
  const toggle = () => change(!isExpanded);
  // A controlled panel whose owner takes no changes stays as it is shown.
  const collapsible = !controlled || onExpandedChange !== undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!isExpanded || !collapsible) return;
    event.preventDefault();
    change(false);
    button.current?.focus();
  };

  const classes = ['sui-expansion-panel'];
  if (isExpanded) classes.push('sui-expansion-panel--expanded');
  if (className) classes.push(className);

  return (
    <div className={classes.join(' ')} onKeyDown={onKeyDown}>
      <Heading className="sui-expansion-panel__heading">
        <button
          ref={button}
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
