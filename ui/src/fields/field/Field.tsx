/**
 * The frame of a form field (newsletter spec section 3, "Design-system pieces": the visual states
 * default, valid and error): a `<label>` tied to the control, an optional hint, the message, and
 * the ARIA that ties them together. The control itself is rendered by the caller through a render
 * prop that receives the props to spread on it (`id`, `aria-describedby`, `aria-invalid`,
 * `required`, `aria-required`).
 *
 * The message element is always in the DOM and is a polite live region, so an error that appears
 * after blur is announced without moving focus (focus is never moved for errors); it joins the
 * control's `aria-describedby` (after the hint) once it has a text.
 */
import { useId, type ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import './field.css';

/** The visual state of a form field (spec section 3). */
export type FieldState = 'default' | 'valid' | 'error';

/** What the control of a `Field` carries; spread it on the `<input>`, `<select>` or `<textarea>`. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  /** The label's text; tied to the control with `for`/`id`. */
  label: ReactNode;
  /** A hint shown between the label and the control, tied with `aria-describedby`. */
  hint?: ReactNode;
  /** The message under the control (the error text in the error state). */
  message?: ReactNode;
  state?: FieldState;
  /** Shows the asterisk and the hidden "required" text and sets `required`/`aria-required`. */
  required?: boolean;
  /** The control's id; generated when left out. */
  id?: string;
  className?: string;
  /** More element ids that describe the control (e.g. the password strength). */
  describedBy?: readonly string[];
  /** Rendered after the control, inside the frame (e.g. the password strength meter). */
  after?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** The asterisk (hidden from screen readers) and the visually hidden "required" text. */
export function RequiredMark() {
  const { t } = useUi();
  return (
    <>
      {' '}
      <span className="sui-required-mark" aria-hidden="true">
        *
      </span>
      <span className="sui-visually-hidden">{t('ui.field.required')}</span>
    </>
  );
}

/**
 * The message of a field, checkbox or radio group: always rendered (empty when there is none) so
 * that it is a live region before its text arrives.
 */
export function FieldMessage({ id, state, children }: { id: string; state: FieldState; children?: ReactNode }) {
  return (
    <p id={id} className={`sui-field-message sui-field-message--${state}`} aria-live="polite">
      {children}
    </p>
  );
}

/** Whether a node shows anything (not `undefined`, `null`, `false` or `""`). */
export function shows(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

/** The `aria-*` and `required` props of a control in this state. */
export function controlAria(
  state: FieldState,
  required: boolean | undefined,
  describedBy: readonly (string | undefined | false)[],
): Omit<FieldControlProps, 'id'> {
  return {
    'aria-describedby': describedBy.filter(Boolean).join(' ') || undefined,
    ...(state === 'error' ? { 'aria-invalid': true as const } : {}),
    ...(required ? { required: true as const, 'aria-required': true as const } : {}),
  };
}

export function Field({
  label,
  hint,
  message,
  state = 'default',
  required,
  id,
  className,
  describedBy = [],
  after,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? `sui-field-${generated}`;
  const hintId = `${controlId}-hint`;
  const messageId = `${controlId}-message`;
  const hasHint = shows(hint);
  // The message element is always there (a live region); it describes the control once it has
  // something to say.
  const control: FieldControlProps = {
    id: controlId,
    ...controlAria(state, required, [hasHint && hintId, ...describedBy, shows(message) && messageId]),
  };
  const classes = ['sui-field', `sui-field--${state}`];
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')}>
      <label className="sui-field__label" htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </label>
      {hasHint && (
        <p id={hintId} className="sui-field__hint">
          {hint}
        </p>
      )}
      {children(control)}
      {after}
      <FieldMessage id={messageId} state={state}>
        {message}
      </FieldMessage>
    </div>
  );
}
