/**
 * A checkbox (newsletter spec section 1, the design system; the sign-up form's consent and legal
 * checkboxes): a native `<input type="checkbox">` with its label, an optional description and the
 * field message, both tied with `aria-describedby`. The error state sets `aria-invalid`; the
 * message is always in the DOM (a polite live region). `required` shows the asterisk with the
 * hidden "Pflichtfeld" and sets `required`/`aria-required`.
 */
import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';
import { controlAria, FieldMessage, RequiredMark, shows, type FieldState } from '../field/Field';
import './checkbox.css';

export interface CheckboxProps {
  /** The label (may hold links, e.g. the legal texts). */
  label: ReactNode;
  description?: ReactNode;
  /** Controlled. */
  checked?: boolean;
  /** Uncontrolled. */
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  name?: string;
  /** The submitted value (native default "on"). */
  value?: string;
  required?: boolean;
  disabled?: boolean;
  state?: FieldState;
  message?: ReactNode;
  id?: string;
  className?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({
  label,
  description,
  checked,
  defaultChecked,
  onCheckedChange,
  name,
  value,
  required,
  disabled,
  state = 'default',
  message,
  id,
  className,
  onBlur,
  onFocus,
  ref,
}: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `sui-checkbox-${generated}`;
  const descriptionId = `${controlId}-description`;
  const messageId = `${controlId}-message`;
  const hasDescription = shows(description);
  const classes = ['sui-checkbox', `sui-checkbox--${state}`];
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')}>
      <div className="sui-checkbox__row">
        <input
          {...controlAria(state, required, [hasDescription && descriptionId, shows(message) && messageId])}
          ref={ref}
          id={controlId}
          type="checkbox"
          className="sui-checkbox__input"
          name={name}
          value={value}
          checked={checked}
          defaultChecked={defaultChecked}
          disabled={disabled}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onCheckedChange?.(event.currentTarget.checked)}
          onBlur={onBlur}
          onFocus={onFocus}
        />
        <label className="sui-checkbox__label" htmlFor={controlId}>
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      {hasDescription && (
        <p id={descriptionId} className="sui-checkbox__description">
          {description}
        </p>
      )}
      <FieldMessage id={messageId} state={state}>
        {message}
      </FieldMessage>
    </div>
  );
}
