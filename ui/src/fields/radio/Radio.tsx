/**
 * One radio button: a native `<input type="radio">` with its label and an optional description
 * (tied with `aria-describedby`). Radios with the same `name` form a group the browser moves
 * through with the arrow keys; `RadioGroup` renders them in a `<fieldset>`.
 */
import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';
import { shows } from '../field/Field';
import './radio.css';

export interface RadioProps {
  label: ReactNode;
  name: string;
  value: string;
  description?: ReactNode;
  /** Controlled. */
  checked?: boolean;
  /** Uncontrolled. */
  defaultChecked?: boolean;
  /** Called with this radio's value when the shopper picks it. */
  onSelect?: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** The group's error: `aria-invalid` on the radio (the group's message describes it). */
  invalid?: boolean;
  /** Ids of elements describing the radio besides its own description (the group's message). */
  describedBy?: readonly string[];
  id?: string;
  className?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
}

export function Radio({
  label,
  name,
  value,
  description,
  checked,
  defaultChecked,
  onSelect,
  required,
  disabled,
  invalid,
  describedBy = [],
  id,
  className,
  onBlur,
  onFocus,
  ref,
}: RadioProps) {
  const generated = useId();
  const controlId = id ?? `sui-radio-${generated}`;
  const descriptionId = `${controlId}-description`;
  const hasDescription = shows(description);
  const described = [...(hasDescription ? [descriptionId] : []), ...describedBy].join(' ');
  return (
    <div className={className ? `sui-radio ${className}` : 'sui-radio'}>
      <input
        ref={ref}
        id={controlId}
        type="radio"
        className="sui-radio__input"
        name={name}
        value={value}
        checked={checked}
        defaultChecked={defaultChecked}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (event.currentTarget.checked) onSelect?.(value);
        }}
        onBlur={onBlur}
        onFocus={onFocus}
      />
      <label className="sui-radio__label" htmlFor={controlId}>
        {label}
      </label>
      {hasDescription && (
        <p id={descriptionId} className="sui-radio__description">
          {description}
        </p>
      )}
    </div>
  );
}
