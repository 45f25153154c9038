/**
 * A select (newsletter spec section 3: "select options are pairs of text and value"; the sign-up
 * form's salutation): a native `<select>` in a `Field` frame. The optional placeholder option
 * ("Bitte auswählen") has the empty value and is disabled and hidden, so it shows until the
 * shopper picks an option and cannot be picked back; with `required` the browser's own check
 * treats it as no choice.
 */
import { useCallback, useId, type ChangeEvent, type ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import { Field } from '../field/Field';
import { assignRef, useValidationOf, type ValidatedFieldProps } from '../validation/useFieldValidation';
import './select.css';

export interface SelectOption {
  text: string;
  value: string;
  disabled?: boolean;
}

export interface SelectProps extends ValidatedFieldProps<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Controlled (`""`: the placeholder). */
  value?: string;
  /** Uncontrolled start value (with a placeholder and none given: the placeholder). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Adds the "Bitte auswählen" option (`true`) or a placeholder text of the caller's. */
  placeholder?: boolean | string;
}

export function Select({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  hint,
  required,
  state,
  message,
  rules,
  validationMessage,
  clearOnFocus,
  validation: external,
  id,
  name,
  disabled,
  autoComplete,
  className,
  onBlur,
  onFocus,
  ref,
}: SelectProps) {
  const { t } = useUi();
  const validation = useValidationOf({ rules, validationMessage, clearOnFocus, validation: external });
  const generated = useId();
  const controlId = id ?? `sui-select-${generated}`;
  const placeholderText = typeof placeholder === 'string' ? placeholder : placeholder ? t('ui.select.placeholder') : undefined;
  const controlled = value !== undefined;

  const attachValidation = validation.controlProps.ref;
  const setElement = useCallback(
    (select: HTMLSelectElement | null) => {
      assignRef(ref, select);
      if (!select) return undefined;
      const detach = attachValidation(select);
      return () => {
        detach?.();
        assignRef(ref, null);
      };
    },
    [attachValidation, ref],
  );

  const classes = ['sui-select'];
  if (className) classes.push(className);
  return (
    <Field
      id={controlId}
      className={classes.join(' ')}
      label={label}
      hint={hint}
      required={required}
      state={state ?? validation.state}
      message={message ?? validation.message}
    >
      {(control) => (
        <div className="sui-select__wrap">
          <select
            {...control}
            ref={setElement}
            className="sui-control sui-select__control"
            name={name}
            disabled={disabled}
            autoComplete={autoComplete}
            value={controlled ? value : undefined}
            defaultValue={controlled ? undefined : (defaultValue ?? (placeholderText !== undefined ? '' : undefined))}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              validation.controlProps.onChange(event);
              onValueChange?.(event.currentTarget.value);
            }}
            onBlur={(event) => {
              validation.controlProps.onBlur(event);
              onBlur?.(event);
            }}
            onFocus={(event) => {
              validation.controlProps.onFocus(event);
              onFocus?.(event);
            }}
          >
            {placeholderText !== undefined && (
              <option value="" disabled hidden>
                {placeholderText}
              </option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.text}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}
