/**
 * The design system's button (newsletter spec section 3, "Design-system pieces": state none or
 * loading; a loading button ignores clicks). Variants `primary` and `secondary`; with `href` it is
 * a link that looks like a button ("To the cart").
 *
 * Loading: the button stays focusable and keeps its width (the label stays in place, transparent,
 * under the spinner), ignores clicks (`onClick` is not called and a submit button does not submit)
 * and says so: `aria-busy="true"`, `aria-disabled="true"` and a visually hidden "please wait"
 * after the label, so its accessible name is still the label.
 *
 * A link's `href` passes the core's `safeUrl`; an unsafe one, a disabled link and a loading link
 * render an `<a>` without `href` (not a link, not focusable) marked `aria-disabled`.
 */
import { useMemo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import { useRipples, type Ripple } from './useRipples';
import { Spinner } from '../spinner/Spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary';

export interface ButtonProps {
  children: ReactNode;
  variant?: ButtonVariant;
  /** The button's type; `"button"` unless said otherwise (ignored with `href`). */
  type?: 'button' | 'submit' | 'reset';
  /** Renders a link styled as a button; the URL must pass the core's `safeUrl`. */
  href?: string;
  /** Busy: clicks are ignored, a spinner shows, the width and the accessible name stay. */
  loading?: boolean;
  disabled?: boolean;
  onClick?: (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => void;
  id?: string;
  className?: string;
  name?: string;
  value?: string;
  /** The id of the form the button submits, when it is outside it. */
  form?: string;
  'aria-describedby'?: string;
  /** A name more precise than the visible label ("Entfernen" -> "Kaffee entfernen"). */
  'aria-label'?: string;
}

/** The ripples of a pressable element (decorative): each positioned and timed through CSSOM. */
export function RippleLayer({ ripples, durationMs }: { ripples: Ripple[]; durationMs: number }) {
  return (
    <>
      {ripples.map((r) => (
        <span
          key={r.id}
          className="sui-ripple"
          aria-hidden="true"
          style={
            {
              left: `${r.x - r.size / 2}px`,
              top: `${r.y - r.size / 2}px`,
              width: `${r.size}px`,
              height: `${r.size}px`,
              '--sui-ripple-duration': `${durationMs}ms`,
            } as CSSProperties
          }
        />
      ))}
    </>
  );
}

export function Button({
  children,
  variant = 'primary',
  type = 'button',
  href,
  loading = false,
  disabled = false,
  onClick,
  id,
  className,
  name,
  value,
  form,
  'aria-describedby': describedBy,
  'aria-label': label,
}: ButtonProps) {
  const { core, t } = useUi();
  // Read once per core, not on every render (a list of buttons renders often).
  const rippleMs = useMemo(() => core.timings().rippleMinMs, [core]);
  const { ripples, handlers } = useRipples(rippleMs, !loading && !disabled);

  const classes = ['sui-button', `sui-button--${variant === 'secondary' ? 'secondary' : 'primary'}`];
  if (loading) classes.push('sui-button--loading');
  if (disabled) classes.push('sui-button--disabled');
  if (className) classes.push(className);

  const handleClick = (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => {
    if (loading || disabled) {
      // No submit, no navigation, no handler: the press is ignored.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  const content = (
    <>
      <span className="sui-button__label">{children}</span>
      {loading && (
        <>
          <Spinner className="sui-button__spinner" />
          <span className="sui-visually-hidden"> {t('ui.button.loading')}</span>
        </>
      )}
      <RippleLayer ripples={ripples} durationMs={rippleMs} />
    </>
  );

  const busy = loading ? { 'aria-busy': true as const, 'aria-disabled': true as const } : {};

  if (href !== undefined) {
    const safe = core.safeUrl(href);
    const inert = safe === undefined || disabled || loading;
    return (
      <a
        id={id}
        className={classes.join(' ')}
        href={inert ? undefined : safe}
        aria-describedby={describedBy}
        aria-label={label}
        {...busy}
        {...(inert && !loading ? { 'aria-disabled': true as const } : {})}
        onClick={handleClick}
        {...handlers}
      >
        {content}
      </a>
    );
  }

  return (
    <button
      id={id}
      type={type}
      className={classes.join(' ')}
      disabled={disabled}
      name={name}
      value={value}
      form={form}
      aria-describedby={describedBy}
      aria-label={label}
      {...busy}
      onClick={handleClick}
      {...handlers}
    >
      {content}
    </button>
  );
}
