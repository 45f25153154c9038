/**
 * The design system's form fields (newsletter spec sections 3 and 5): the field frame, generic
 * validation on the core's rules, the text input (text, password, number and IBAN modes),
 * checkbox, radio and radio group, select. Class names are prefixed `sui-`.
 */
export {
  Field,
  FieldMessage,
  RequiredMark,
  type FieldControlProps,
  type FieldProps,
  type FieldState,
} from './field/Field';
export {
  useFieldValidation,
  type FieldValidation,
  type FieldValidationControlProps,
  type FieldValidationOptions,
  type ValidatedElement,
  type ValidatedFieldProps,
} from './validation/useFieldValidation';
export { afterPress } from './validation/afterPress';
export {
  TextInput,
  type TextInputMode,
  type TextInputProps,
  type TextInputType,
} from './text-input/TextInput';
export { PasswordStrength, type PasswordStrengthProps } from './text-input/PasswordStrength';
export { Checkbox, type CheckboxProps } from './checkbox/Checkbox';
export { Radio, type RadioProps } from './radio/Radio';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio/RadioGroup';
export { Select, type SelectOption, type SelectProps } from './select/Select';
