/**
 * A button that shows only an icon. Its accessible name is `label` (`aria-label`); the icon is
 * decorative (`aria-hidden`). An empty or blank label is a wiring mistake: it is logged
 * (`console.error`) once per label value and the button still renders.
 */
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import './icon-button.css';

export interface IconButtonProps {
  /** The accessible name (translated text); required, never blank. */
  label: string;
  /** The icon, e.g. an inline `<svg>`; hidden from assistive technology. */
  icon: ReactNode;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'button' | 'submit' | 'reset';
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-controls'?: string;
  'aria-expanded'?: boolean;
}

export function IconButton({
  label,
  icon,
  onClick,
  type = 'button',
  disabled = false,
  id,
  className,
  'aria-controls': controls,
  'aria-expanded': expanded,
}: IconButtonProps) {
  const blank = typeof label !== 'string' || label.trim() === '';
  useEffect(() => {
    if (blank) console.error('@shop/ui: IconButton needs a label');
  }, [blank, label]);
  return (
    <button
      id={id}
      type={type}
      className={className ? `sui-icon-button ${className}` : 'sui-icon-button'}
      aria-label={blank ? undefined : label}
      aria-controls={controls}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="sui-icon-button__icon" aria-hidden="true">
        {icon}
      </span>
    </button>
  );
}
