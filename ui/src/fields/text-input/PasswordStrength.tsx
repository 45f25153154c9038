/**
 * The strength meter of the password mode (newsletter spec section 5: "nothing computed below 8
 * characters; otherwise one point each for a lowercase letter, a digit and an uppercase letter.
 * Labels: weak, ok, strong, very strong"). The core computes the strength (`passwordStrength`)
 * and owns the minimum (`formLimits().passwordScoringMinLength`); this shows it.
 *
 * Below the minimum only the hint "at least {min} characters" shows; from it on a four-step bar
 * (decorative) and the label "Passwortstärke: {strength}". The text element is a polite live
 * region and describes the input (the caller adds `id` to its `aria-describedby`), so a change of
 * level is announced once, not on every keystroke.
 */
import type { PasswordStrength as Strength } from '@shop/core';
import { useUi } from '../../provider/UiProvider';

/** The core's levels, weakest first: the bar fills one step per level. */
const LEVELS: readonly Strength[] = ['WEAK', 'OK', 'STRONG', 'VERY_STRONG'];

export interface PasswordStrengthProps {
  /** The id of the text (hint or label), for the input's `aria-describedby`. */
  id: string;
  /** The password as typed. */
  value: string;
}

export function PasswordStrength({ id, value }: PasswordStrengthProps) {
  const { core, t } = useUi();
  const strength = core.passwordStrength(value);
  const modifier = strength === null ? 'none' : strength.toLowerCase().replace('_', '-');
  const steps = strength === null ? 0 : LEVELS.indexOf(strength) + 1;
  return (
    <div className={`sui-password-strength sui-password-strength--${modifier}`}>
      {strength !== null && (
        <div className="sui-password-strength__meter" aria-hidden="true">
          {LEVELS.map((level, index) => (
            <span
              key={level}
              className={
                index < steps
                  ? 'sui-password-strength__step sui-password-strength__step--on'
                  : 'sui-password-strength__step'
              }
            />
          ))}
        </div>
      )}
      <p id={id} className="sui-password-strength__text" aria-live="polite">
        {strength === null
          ? t('ui.password.tooShort', { min: core.formLimits().passwordScoringMinLength })
          : t('ui.password.strength', { strength: t(`ui.password.${strength}`) })}
      </p>
    </div>
  );
}
