/**
 * The field frame (newsletter spec section 3: visual states default, valid, error) as every field
 * uses it: label, hint, message, required marking and the ARIA that ties them to the control.
 */
import { fireEvent, screen } from '@testing-library/react';
import { Field, TextInput } from '../../src/fields';
import { renderUi } from './helpers';

describe('label and hint', () => {
  it('ties the label to the control and describes it with the hint', async () => {
    await renderUi(<TextInput label="E-Mail" type="email" hint="Wir schicken dir eine Bestätigung." />);
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('Wir schicken dir eine Bestätigung.');
    expect(input).not.toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('renders any control through the render prop with the same ties', async () => {
    await renderUi(
      <Field label="Nachricht" hint="Höchstens 500 Zeichen" state="error" message="Bitte eine Nachricht eingeben.">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const area = screen.getByRole('textbox', { name: 'Nachricht' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Höchstens 500 Zeichen Bitte eine Nachricht eingeben.');
  });
});

describe('required', () => {
  it('shows a hidden asterisk and the visually hidden "Pflichtfeld", and marks the control required', async () => {
    const { container } = await renderUi(<TextInput label="E-Mail" type="email" required />);
    const input = screen.getByRole('textbox', { name: 'E-Mail Pflichtfeld' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('required');
    expect(input).toHaveAttribute('aria-required', 'true');
    const label = container.querySelector('label')!;
    const star = label.querySelector('[aria-hidden="true"]');
    expect(star).toHaveTextContent('*');
    expect(label.querySelector('.sui-visually-hidden')).toHaveTextContent('Pflichtfeld');
  });
});

describe('states', () => {
  it.each([
    ['default', undefined],
    ['valid', undefined],
    ['error', 'true'],
  ] as const)('%s: class modifier and aria-invalid %s', async (state, invalid) => {
    const { container } = await renderUi(<TextInput label="Name" state={state} message={state === 'error' ? 'Falsch.' : undefined} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(container.querySelector('.sui-field')).toHaveClass(`sui-field--${state}`);
    if (invalid) expect(input).toHaveAttribute('aria-invalid', invalid);
    else expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('ties an error message from outside with aria-describedby, after the hint', async () => {
    await renderUi(
      <TextInput label="E-Mail" hint="Zum Beispiel max@example.de" state="error" message="Bitte geben Sie eine gültige E-Mail-Adresse ein." />,
    );
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(input).toHaveAccessibleDescription('Zum Beispiel max@example.de Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    const message = screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(message).toHaveAttribute('aria-live', 'polite');
  });
});

describe('values', () => {
  it('keeps an uncontrolled value and reports each edit', async () => {
    const changes: string[] = [];
    await renderUi(<TextInput label="Ort" defaultValue="Ham" onValueChange={(v) => changes.push(v)} />);
    const input = screen.getByRole('textbox', { name: 'Ort' }) as HTMLInputElement;
    expect(input).toHaveValue('Ham');
    fireEvent.input(input, { target: { value: 'Hamburg' } });
    expect(input).toHaveValue('Hamburg');
    expect(changes).toEqual(['Hamburg']);
  });

  it('passes maxLength to a text input', async () => {
    await renderUi(<TextInput label="Vorname" maxLength={40} />);
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveAttribute('maxlength', '40');
  });
});
