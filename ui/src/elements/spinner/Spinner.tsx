/**
 * The design system's busy sign: a turning ring in the text's colour, sized by the font
 * (1.25em). It is decoration only (`aria-hidden`): the text beside it, or the busy control's
 * own state, tells assistive technology what is going on. One spinner serves the button, the
 * header's cart flyout and the mini cart, so reduced motion and forced colours are handled once.
 */
import './spinner.css';

export interface SpinnerProps {
  /** Placement or colour from the using component (the ring itself is the design system's). */
  className?: string;
}

export function Spinner({ className }: SpinnerProps) {
  return <span className={className ? `sui-spinner ${className}` : 'sui-spinner'} aria-hidden="true" />;
}
