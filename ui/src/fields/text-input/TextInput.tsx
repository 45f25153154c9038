/**
 * The text input of the design system (newsletter spec section 1: "text input with password,
 * number and IBAN modes"; section 5, "Design-system inputs"), in a `Field` frame.
 *
 * - `text`: a plain input (`type` text, email, tel, search or url).
 * - `password`: a show/hide toggle and the strength meter (`PasswordStrength`).
 * - `number`: digits and one decimal point; keystrokes are judged on `keydown` by
 *   `core.numberKeyAccepted` (Ctrl/Meta shortcuts pass), pasted and dropped text is cleaned
 *   (`numberInsertion`), and `beforeinput` guards mobile keyboards whose `keydown` says
 *   `Unidentified`. `maxLength` blocks input at the maximum.
 * - `iban`: letters and digits as the core lets them in (`core.ibanAccepts` on the text before
 *   the caret), formatted after every edit by `core.formatIbanWithCaret` with the caret put back
 *   where the core says; paste through `core.sanitizeIbanPaste`. The value reported and shown is
 *   the formatted one (`DE89 3704 ...`); a controlled `value` may be compact or formatted.
 *
 * Controlled (`value` + `onValueChange`) or uncontrolled (`defaultValue`). Validation: `rules`
 * (the core's generic rules, through `useFieldValidation`), or a `validation` the form holds
 * (to call `validateNow` on submit), or `state`/`message` set from outside (these win).
 */
import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useUi } from '../../provider/UiProvider';
import { Field } from '../field/Field';
import { assignRef, useValidationOf, type ValidatedFieldProps } from '../validation/useFieldValidation';
import { ibanAfterInsertion, numberInsertion, selectionOf, splice } from './editing';
import { PasswordStrength } from './PasswordStrength';
import './text-input.css';

export type TextInputMode = 'text' | 'password' | 'number' | 'iban';

/** The `type` of the text mode. */
export type TextInputType = 'text' | 'email' | 'tel' | 'search' | 'url' | 'date' | 'time';

/** Number and IBAN modes have a default `hint`. */
export interface TextInputProps extends ValidatedFieldProps<HTMLInputElement> {
  label: ReactNode;
  mode?: TextInputMode;
  /** Text mode only. */
  type?: TextInputType;
  /** Controlled value (IBAN: compact or formatted). */
  value?: string;
  /** Uncontrolled start value. */
  defaultValue?: string;
  /** Every accepted edit, with the value as shown (IBAN formatted). */
  onValueChange?: (value: string) => void;
  /** Characters at most (text, password, number); the IBAN's limit is the core's. */
  maxLength?: number;
  placeholder?: string;
  readOnly?: boolean;
}

export function TextInput({
  label,
  mode = 'text',
  type = 'text',
  value,
  defaultValue,
  onValueChange,
  maxLength,
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
  placeholder,
  autoComplete,
  disabled,
  readOnly,
  className,
  onBlur,
  onFocus,
  ref,
}: TextInputProps) {
  const { core, t } = useUi();
  const validation = useValidationOf({ rules, validationMessage, clearOnFocus, validation: external });
  const generated = useId();
  const controlId = id ?? `sui-input-${generated}`;
  const strengthId = `${controlId}-strength`;

  // The value: the caller's when controlled, else our own; the IBAN always shown formatted.
  const controlled = value !== undefined;
  const [ownValue, setOwnValue] = useState(() =>
    mode === 'iban' ? core.formatIban(defaultValue ?? '') : (defaultValue ?? ''),
  );
  const current = controlled ? value : ownValue;
  const shown = useMemo(() => (mode === 'iban' ? core.formatIban(current) : current), [core, mode, current]);
  const [visible, setVisible] = useState(false);

  // Where the caret goes after a render (IBAN formatting, refused or programmatic edits). A new
  // object on every request, so that a render happens even when the value stays the same
  // (Backspace on an IBAN's space): React then writes the value back and the caret is set after.
  const element = useRef<HTMLInputElement | null>(null);
  const [caretRequest, setCaretRequest] = useState<{ at: number } | null>(null);
  useLayoutEffect(() => {
    const input = element.current;
    if (!caretRequest || !input || input.ownerDocument.activeElement !== input) return;
    input.setSelectionRange(caretRequest.at, caretRequest.at);
  }, [caretRequest]);

  const commit = (next: string, caret?: number) => {
    if (caret !== undefined) setCaretRequest({ at: caret });
    if (next === shown) return;
    if (!controlled) setOwnValue(next);
    onValueChange?.(next);
  };

  /** Leaves the value as it was, the caret where it stood before the refused insertion. */
  const refuse = (raw: string, caret: number) => {
    setCaretRequest({ at: Math.max(0, caret - Math.max(0, raw.length - shown.length)) });
  };

  /** Puts a pasted, dropped or (mobile) inserted text in, as far as the core lets it. */
  const insert = (input: HTMLInputElement, text: string) => {
    const selection = selectionOf(input);
    if (mode === 'number') {
      const kept = input.value.slice(0, selection.start) + input.value.slice(selection.end);
      const taken = numberInsertion(core, kept, text, maxLength);
      if (!taken) return;
      const next = splice(input.value, selection, taken);
      commit(next.value, next.caret);
    } else {
      const taken = core.sanitizeIbanPaste(input.value.slice(0, selection.start), text);
      if (!taken) return;
      const edit = ibanAfterInsertion(core, input.value, selection, taken);
      commit(edit.value, edit.caret);
    }
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    validation.controlProps.onChange(event);
    const input = event.currentTarget;
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    if (mode === 'number') {
      // Last guard (IME and autocorrect input that no earlier event could refuse): an insertion
      // the core would not keep is refused, unless the value did not fit before (a prefilled
      // value must not lock the field).
      const clean = (text: string) => core.sanitizeNumber(text, maxLength) === text;
      if (!clean(raw) && clean(shown)) refuse(raw, caret);
      else commit(raw);
    } else if (mode === 'iban') {
      if (raw.length > shown.length && !core.ibanFits(raw) && core.ibanFits(shown)) {
        refuse(raw, caret);
        return;
      }
      const edit = core.formatIbanWithCaret(raw, caret);
      commit(edit.value, edit.caret);
    } else {
      commit(raw);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (mode !== 'number' && mode !== 'iban') return;
    // Shortcuts (copy, paste, select all, undo) pass; paste is cleaned in its own handler.
    if (event.ctrlKey || event.metaKey) return;
    // Mobile keyboards and input methods do not say which character comes: `beforeinput` judges.
    if (event.nativeEvent.isComposing || event.key === 'Unidentified' || event.key === 'Process') return;
    const input = event.currentTarget;
    const { start, end } = selectionOf(input);
    if (mode === 'number') {
      if (!core.numberKeyAccepted(input.value, event.key, maxLength, end - start)) event.preventDefault();
      return;
    }
    // IBAN: keys that type no character (Backspace, arrows, Tab, Enter, ...) pass.
    if ([...event.key].length !== 1) return;
    if (!core.ibanAccepts(input.value.slice(0, start), event.key)) event.preventDefault();
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (mode !== 'number' && mode !== 'iban') return;
    event.preventDefault();
    insert(event.currentTarget, event.clipboardData.getData('text/plain') || event.clipboardData.getData('text'));
  };

  // A drop lands at the selection (browsers give no portable drop position for an input).
  const handleDrop = (event: DragEvent<HTMLInputElement>) => {
    if (mode !== 'number' && mode !== 'iban') return;
    event.preventDefault();
    const input = event.currentTarget;
    input.focus();
    insert(input, event.dataTransfer.getData('text/plain') || event.dataTransfer.getData('text'));
  };

  // `beforeinput` (native: React's onBeforeInput is a keypress polyfill without `inputType`):
  // the guard for keyboards whose keydown is `Unidentified` and for autocorrect replacements.
  // Paste and drop have their own handlers; composition cannot be cancelled (handleChange).
  const beforeInput = useRef<(event: InputEvent) => void>(() => undefined);
  beforeInput.current = (event: InputEvent) => {
    if (mode !== 'number' && mode !== 'iban') return;
    const { inputType, data } = event;
    if (event.isComposing || data === null || !inputType.startsWith('insert')) return;
    if (inputType === 'insertFromPaste' || inputType === 'insertFromDrop') return;
    const input = event.currentTarget as HTMLInputElement;
    const { start, end } = selectionOf(input);
    if (mode === 'number') {
      const kept = input.value.slice(0, start) + input.value.slice(end);
      if (numberInsertion(core, kept, data, maxLength) === data) return;
    } else if (core.ibanAccepts(input.value.slice(0, start), data)) {
      return;
    }
    event.preventDefault();
    insert(input, data);
  };

  const attachValidation = validation.controlProps.ref;
  const setElement = useCallback(
    (input: HTMLInputElement | null) => {
      element.current = input;
      assignRef(ref, input);
      if (!input) return undefined;
      const detachValidation = attachValidation(input);
      const onBeforeInput = (event: Event) => beforeInput.current(event as InputEvent);
      input.addEventListener('beforeinput', onBeforeInput);
      return () => {
        input.removeEventListener('beforeinput', onBeforeInput);
        detachValidation?.();
        element.current = null;
        assignRef(ref, null);
      };
    },
    [attachValidation, ref],
  );

  // The longest formatted IBAN, from the core's limit (34 letters and digits plus their spaces).
  const ibanShownMax = useMemo(() => core.formatIban('0'.repeat(core.formLimits().ibanMaxLength)).length, [core]);

  const modeHint = mode === 'number' ? t('ui.number.hint') : mode === 'iban' ? t('ui.iban.hint') : undefined;
  const classes = ['sui-text-input', `sui-text-input--${mode}`];
  if (className) classes.push(className);

  return (
    <Field
      id={controlId}
      className={classes.join(' ')}
      label={label}
      hint={hint ?? modeHint}
      required={required}
      state={state ?? validation.state}
      message={message ?? validation.message}
      describedBy={mode === 'password' ? [strengthId] : []}
      after={mode === 'password' ? <PasswordStrength id={strengthId} value={shown} /> : undefined}
    >
      {(control) => {
        const input = (
          <input
            {...control}
            ref={setElement}
            className="sui-control sui-input"
            name={name}
            value={shown}
            placeholder={placeholder}
            disabled={disabled}
            readOnly={readOnly}
            maxLength={mode === 'iban' ? ibanShownMax : maxLength}
            type={mode === 'password' ? (visible ? 'text' : 'password') : mode === 'text' ? type : 'text'}
            inputMode={mode === 'number' ? 'decimal' : undefined}
            autoComplete={mode === 'iban' ? 'off' : autoComplete}
            autoCapitalize={mode === 'iban' ? 'characters' : undefined}
            autoCorrect={mode === 'iban' || mode === 'number' ? 'off' : undefined}
            spellCheck={mode === 'iban' || mode === 'number' || mode === 'password' ? false : undefined}
            onChange={handleChange}
            onKeyDown={handleKeyDown}
            onPaste={handlePaste}
            onDrop={handleDrop}
            onBlur={(event) => {
              validation.controlProps.onBlur(event);
              onBlur?.(event);
            }}
            onFocus={(event) => {
              validation.controlProps.onFocus(event);
              onFocus?.(event);
            }}
          />
        );
        if (mode !== 'password') return input;
        // The toggle keeps one name ("Passwort anzeigen") and says its state with aria-pressed:
        // a toggle button whose name changes with its state reads as a different button.
        return (
          <div className="sui-input-group">
            {input}
            <button
              type="button"
              className="sui-input-toggle"
              aria-pressed={visible}
              aria-controls={controlId}
              disabled={disabled}
              onClick={() => setVisible((shownNow) => !shownNow)}
            >
              {t('ui.password.show')}
            </button>
          </div>
        );
      }}
    </Field>
  );
}
