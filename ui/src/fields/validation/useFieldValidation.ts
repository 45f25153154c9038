/**
 * Generic field validation (newsletter spec section 5, "Design-system inputs": "rules are regex
 * match and required ... Validation runs on blur and on change, not on input; debounce 5 ms").
 * Every rule is the core's: `validateField` judges a value, `validationTriggerRuns` says which
 * events validate, `formLimits().validationDebounceMs` is the debounce.
 *
 * What "change" means for a text input in React: React's `onChange` fires on every keystroke (it
 * is the DOM `input` event), so it is wired as the INPUT trigger. The CHANGE trigger is the DOM's
 * own `change` event, which fires when the shopper commits a changed value (leaves the field,
 * presses Enter, picks an autofill entry or a select option); React does not expose it for text
 * inputs, so the hook's ref listens for it on the element. BLUR is React's `onBlur`.
 *
 * A trigger the core lets run (re)starts a timer of the debounce; only the last value is judged
 * when it fires (blur and change usually come together: one judgement).
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react';
import type { FieldRules, RuleFailure, ValidationTrigger } from '@shop/core';
import { useUi } from '../../provider/UiProvider';
import type { FieldState } from '../field/Field';
import { afterPress } from './afterPress';

/** An element the hook can validate: its `value` is judged. */
export type ValidatedElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FieldValidationOptions {
  /** The core's generic rules (`required`, `pattern`), checked in order. */
  rules?: FieldRules;
  /**
   * The message of a failure; default `t('ui.field.invalid')` ("Das Feld ist nicht gültig."), the
   * spec's one message for every rule.
   */
  message?: string | ((failure: RuleFailure) => string);
  /** Clears an error when the field gets focus (the newsletter e-mail field). */
  clearOnFocus?: boolean;
  /**
   * Replaces the generic rules with another core rule: the message for a value in error, `null`
   * when it is fine (e.g. `v => emailText(core.validateEmail(v))` for the newsletter e-mail).
   */
  validate?: (value: string) => string | null;
  /**
   * Replaces `core.validationTriggerRuns` (e.g. `core.emailValidationRuns`: the e-mail field
   * validates on blur only).
   */
  runsOn?: (trigger: ValidationTrigger) => boolean;
}

/** The props the hook puts on the control (TextInput and Select merge them with their own). */
export interface FieldValidationControlProps {
  /** Listens for the DOM `change` event (CHANGE); React 19 calls the returned clean-up. */
  ref: (element: ValidatedElement | null) => (() => void) | undefined;
  /** BLUR. */
  onBlur: (event: FocusEvent<ValidatedElement>) => void;
  /** Clears the error when `clearOnFocus`. */
  onFocus: (event: FocusEvent<ValidatedElement>) => void;
  /** React's per-keystroke `onChange`: INPUT (the core says it does not validate). */
  onChange: (event: ChangeEvent<ValidatedElement>) => void;
}

export interface FieldValidation {
  state: FieldState;
  /** The error message in the error state, else `undefined`. */
  message: string | undefined;
  /** Judges a value at once (form submit): cancels a pending judgement; `true` when valid. */
  validateNow: (value: string) => boolean;
  /** Shows an error from elsewhere (e.g. the server's invalid e-mail answer). */
  showError: (message: string) => void;
  /** Back to the default state, no message, nothing pending. */
  reset: () => void;
  controlProps: FieldValidationControlProps;
}

/**
 * The props every validated field (text input, select) takes besides its value: its frame's
 * texts and state, the generic rules or a validation its form holds, and the native basics.
 */
export interface ValidatedFieldProps<E extends ValidatedElement> {
  /** Shown under the label. */
  hint?: ReactNode;
  required?: boolean;
  /** A state from outside (e.g. the form's own validation); wins over `rules`. */
  state?: FieldState;
  message?: ReactNode;
  /** The core's generic rules, validated on blur and change (debounced). */
  rules?: FieldRules;
  /** The message of a rule failure (default "Das Feld ist nicht gültig."). */
  validationMessage?: string;
  /** Clears a validation error when the field gets focus. */
  clearOnFocus?: boolean;
  /** A validation the form holds (`useFieldValidation`), instead of `rules`. */
  validation?: FieldValidation;
  id?: string;
  name?: string;
  disabled?: boolean;
  autoComplete?: string;
  className?: string;
  onBlur?: (event: FocusEvent<E>) => void;
  onFocus?: (event: FocusEvent<E>) => void;
  /** The control element (React 19: `ref` is a prop). */
  ref?: Ref<E>;
}

interface Verdict {
  state: FieldState;
  message: string | undefined;
}

const UNJUDGED: Verdict = { state: 'default', message: undefined };

export function useFieldValidation(options: FieldValidationOptions = {}): FieldValidation {
  const { core, t } = useUi();
  const [verdict, setVerdict] = useState<Verdict>(UNJUDGED);
  const latest = useRef(options);
  latest.current = options;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const debounceMs = useMemo(() => core.formLimits().validationDebounceMs, [core]);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);

  /** The verdict on a value; `undefined` when the field has nothing to check. */
  const judge = useCallback(
    (value: string): Verdict | undefined => {
      const { rules, message, validate } = latest.current;
      if (validate) {
        const text = validate(value);
        return text === null ? { state: 'valid', message: undefined } : { state: 'error', message: text };
      }
      if (!rules || rules.length === 0) return undefined;
      let failure: RuleFailure | null;
      try {
        failure = core.validateField(value, rules);
      } catch (error) {
        // A pattern that does not compile is a programming error, not the shopper's: logged,
        // and the field is not held against them (no error shown, submit allowed).
        console.error('@shop/ui: a validation rule of this field cannot be evaluated', error);
        return UNJUDGED;
      }
      if (failure === null) return { state: 'valid', message: undefined };
      const text = typeof message === 'function' ? message(failure) : (message ?? t('ui.field.invalid'));
      return { state: 'error', message: text };
    },
    [core, t],
  );

  const trigger = useCallback(
    (kind: ValidationTrigger, value: string) => {
      const runs = latest.current.runsOn ?? core.validationTriggerRuns;
      if (!runs(kind)) return;
      cancel();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const next = judge(value);
        // A blur from a press on another control: the verdict waits for the press to end.
        if (next) afterPress(() => setVerdict(next));
      }, debounceMs);
    },
    [core, cancel, judge, debounceMs],
  );

  const ref = useCallback(
    (element: ValidatedElement | null) => {
      if (!element) return undefined;
      const onNativeChange = () => trigger('CHANGE', element.value);
      element.addEventListener('change', onNativeChange);
      return () => element.removeEventListener('change', onNativeChange);
    },
    [trigger],
  );

  const controlProps = useMemo<FieldValidationControlProps>(
    () => ({
      ref,
      onBlur: (event) => trigger('BLUR', event.currentTarget.value),
      onFocus: () => {
        if (!latest.current.clearOnFocus) return;
        cancel();
        setVerdict((current) => (current.state === 'error' ? UNJUDGED : current));
      },
      onChange: (event) => trigger('INPUT', event.currentTarget.value),
    }),
    [ref, trigger, cancel],
  );

  const validateNow = useCallback(
    (value: string) => {
      cancel();
      const next = judge(value);
      if (next) setVerdict(next);
      return next?.state !== 'error';
    },
    [cancel, judge],
  );
  const showError = useCallback(
    (message: string) => {
      cancel();
      setVerdict({ state: 'error', message });
    },
    [cancel],
  );
  const reset = useCallback(() => {
    cancel();
    setVerdict(UNJUDGED);
  }, [cancel]);

  return { state: verdict.state, message: verdict.message, validateNow, showError, reset, controlProps };
}

/**
 * The validation a field shows: the one its form holds (`validation`), else its own over the
 * field's `rules` (the hook runs either way: hooks run in the same order on every render).
 */
export function useValidationOf(
  props: Pick<ValidatedFieldProps<ValidatedElement>, 'rules' | 'validationMessage' | 'clearOnFocus' | 'validation'>,
): FieldValidation {
  const own = useFieldValidation({ rules: props.rules, message: props.validationMessage, clearOnFocus: props.clearOnFocus });
  return props.validation ?? own;
}

/** Hands an element to a caller's `ref` (a callback or an object), or takes it back with `null`. */
export function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
