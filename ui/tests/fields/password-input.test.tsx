/**
 * The text input in password mode (newsletter spec section 5: "nothing computed below 8
 * characters; otherwise one point each for a lowercase letter, a digit and an uppercase letter.
 * Labels: weak, ok, strong, very strong"): the hint below the minimum, the meter's four levels as
 * the core scores them, the live label, show/hide.
 */
import { fireEvent, screen } from '@testing-library/react';
import { TextInput } from '../../src/fields';
import { renderUi } from './helpers';

async function renderPassword() {
  const utils = await renderUi(<TextInput label="Passwort" mode="password" />);
  const input = utils.container.querySelector('input') as HTMLInputElement;
  const enter = (value: string) => fireEvent.input(input, { target: { value } });
  const steps = () => utils.container.querySelectorAll('.sui-password-strength__step--on').length;
  const meter = () => utils.container.querySelector('.sui-password-strength__meter');
  return { ...utils, input, enter, steps, meter };
}

describe('strength meter', () => {
  it('shows only the minimum-length hint below 8 characters', async () => {
    const { input, enter, meter } = await renderPassword();
    expect(screen.getByText('Mindestens 8 Zeichen')).toBeInTheDocument();
    enter('Abcde1!'); // 7 characters, all three kinds
    expect(screen.getByText('Mindestens 8 Zeichen')).toBeInTheDocument();
    expect(screen.queryByText(/Passwortstärke/)).not.toBeInTheDocument();
    expect(meter()).toBeNull();
    expect(input).toHaveAccessibleDescription('Mindestens 8 Zeichen');
  });

  it.each([
    ['!!!!!!!!', 'schwach', 1], // 8 characters, no point
    ['abcdefgh', 'ok', 2], // lowercase: one point
    ['abcdefg1', 'stark', 3], // lowercase and digit
    ['Abcdefg1', 'sehr stark', 4], // all three
  ])('%s shows "%s" with %i of 4 steps', async (password, level, filled) => {
    const { input, enter, steps, meter } = await renderPassword();
    enter(password);
    expect(screen.getByText(`Passwortstärke: ${level}`)).toBeInTheDocument();
    expect(screen.queryByText('Mindestens 8 Zeichen')).not.toBeInTheDocument();
    expect(meter()).toHaveAttribute('aria-hidden', 'true');
    expect(steps()).toBe(filled);
    expect(input).toHaveAccessibleDescription(`Passwortstärke: ${level}`);
  });

  it('announces the level politely and goes back to the hint below 8', async () => {
    const { enter } = await renderPassword();
    enter('abcdefgh');
    const label = screen.getByText('Passwortstärke: ok');
    expect(label).toHaveAttribute('aria-live', 'polite');
    enter('abcdefg');
    expect(label).toHaveTextContent('Mindestens 8 Zeichen');
  });
});

describe('show and hide', () => {
  it('switches the input between hidden and plain text with a pressed toggle', async () => {
    const { input } = await renderPassword();
    const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('aria-controls', input.id);

    fireEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // Shown as text, the password is still not spell-checked (a browser's spell check may send
    // what it checks off the device).
    expect(input).toHaveAttribute('spellcheck', 'false');

    fireEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the value when toggled', async () => {
    const { input, enter } = await renderPassword();
    enter('geheim123');
    fireEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(input).toHaveValue('geheim123');
  });
});
