/**
 * A group of radio buttons: `<fieldset>` with `<legend>` (role `radiogroup`, so `aria-required`
 * and `aria-invalid` are allowed on it), an optional hint and the field message, both describing
 * the group. The radios share `name`; the arrow keys move between them natively.
 */
import { useId, type ReactNode } from 'react';
import { FieldMessage, RequiredMark, shows, type FieldState } from '../field/Field';
import { Radio } from './Radio';
import './radio.css';

export interface RadioOption {
  text: ReactNode;
  value: string;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  /** Controlled: the picked option's value (`""`: none picked). */
  value?: string;
  /** Uncontrolled start value. */
  defaultValue?: string;
  onChange?: (value: string) => void;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  state?: FieldState;
  message?: ReactNode;
  /** Side by side instead of one under the other. */
  inline?: boolean;
  id?: string;
  className?: string;
}

export function RadioGroup({
  legend,
  name,
  options,
  value,
  defaultValue,
  onChange,
  hint,
  required,
  disabled,
  state = 'default',
  message,
  inline,
  id,
  className,
}: RadioGroupProps) {
  const generated = useId();
  const groupId = id ?? `sui-radio-group-${generated}`;
  const hintId = `${groupId}-hint`;
  const messageId = `${groupId}-message`;
  const hasHint = shows(hint);
  const controlled = value !== undefined;
  const classes = ['sui-radio-group', `sui-radio-group--${state}`];
  if (inline) classes.push('sui-radio-group--inline');
  if (className) classes.push(className);
  return (
    <fieldset
      id={groupId}
      className={classes.join(' ')}
      role="radiogroup"
      disabled={disabled}
      aria-required={required || undefined}
      aria-invalid={state === 'error' || undefined}
      aria-describedby={[hasHint && hintId, shows(message) && messageId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="sui-radio-group__legend">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {hasHint && (
        <p id={hintId} className="sui-radio-group__hint">
          {hint}
        </p>
      )}
      <div className="sui-radio-group__options">
        {options.map((option, index) => (
          <Radio
            key={option.value}
            id={`${groupId}-${index}`}
            name={name}
            value={option.value}
            label={option.text}
            description={option.description}
            disabled={option.disabled}
            required={required}
            checked={controlled ? option.value === value : undefined}
            defaultChecked={controlled ? undefined : option.value === defaultValue}
            onSelect={onChange}
          />
        ))}
      </div>
      <FieldMessage id={messageId} state={state}>
        {message}
      </FieldMessage>
    </fieldset>
  );
}
