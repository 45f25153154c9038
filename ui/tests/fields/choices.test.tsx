/**
 * Select, checkbox and radio group (newsletter spec section 3: "select options are pairs of text
 * and value"; the sign-up form's salutation and consent checkboxes): labels, values, required
 * marking, error state and its ARIA.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Checkbox, RadioGroup, Select } from '../../src/fields';
import { UiProvider } from '../../src/provider/UiProvider';
import { advance, renderUi } from './helpers';

const SALUTATIONS = [
  { text: 'Frau', value: 'MRS' },
  { text: 'Herr', value: 'MR' },
  { text: 'Divers', value: 'DIVERS' },
  { text: 'Firma', value: 'COMPANY' },
];

describe('Select', () => {
  it('lists the options under its label, the placeholder first, disabled and hidden', async () => {
    await renderUi(<Select label="Anrede" options={SALUTATIONS} placeholder />);
    const select = screen.getByRole('combobox', { name: 'Anrede' }) as HTMLSelectElement;
    const options = within(select).getAllByRole('option', { hidden: true }) as HTMLOptionElement[];
    expect(options.map((o) => o.textContent)).toEqual(['Bitte auswählen', 'Frau', 'Herr', 'Divers', 'Firma']);
    expect(options[0]).toBeDisabled();
    expect(options[0]).toHaveAttribute('hidden');
    expect(options[0].value).toBe('');
    expect(select).toHaveValue('');
    expect(options.slice(1).map((o) => o.value)).toEqual(['MRS', 'MR', 'DIVERS', 'COMPANY']);
  });

  it('reports the picked value (controlled)', async () => {
    const picked: string[] = [];
    function Form() {
      const [value, setValue] = useState('');
      return (
        <Select
          label="Anrede"
          options={SALUTATIONS}
          placeholder
          value={value}
          onValueChange={(next) => {
            picked.push(next);
            setValue(next);
          }}
        />
      );
    }
    await renderUi(<Form />);
    const select = screen.getByRole('combobox', { name: 'Anrede' });
    fireEvent.change(select, { target: { value: 'DIVERS' } });
    expect(picked).toEqual(['DIVERS']);
    expect(select).toHaveValue('DIVERS');
  });

  it('disables an option marked disabled, and only that one', async () => {
    const options = SALUTATIONS.map((option) => (option.value === 'COMPANY' ? { ...option, disabled: true } : option));
    await renderUi(<Select label="Anrede" options={options} />);
    const select = screen.getByRole('combobox', { name: 'Anrede' });
    expect(within(select).getByRole('option', { name: 'Firma' })).toBeDisabled();
    for (const text of ['Frau', 'Herr', 'Divers']) expect(within(select).getByRole('option', { name: text })).toBeEnabled();
  });

  it('without a placeholder starts on the first option (uncontrolled)', async () => {
    await renderUi(<Select label="Land" options={[{ text: 'Deutschland', value: 'DE' }, { text: 'Österreich', value: 'AT' }]} />);
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveValue('DE');
  });

  it('required: marked, and an empty choice fails the core rule on blur', async () => {
    jest.useFakeTimers();
    try {
      await renderUi(
        <>
          <Select label="Anrede" options={SALUTATIONS} placeholder required rules={[{ kind: 'required' }]} />
          <button type="button">Weiter</button>
        </>,
      );
      const select = screen.getByRole('combobox', { name: 'Anrede Pflichtfeld' });
      expect(select).toBeRequired();
      expect(select).toHaveAttribute('aria-required', 'true');
      act(() => select.focus());
      act(() => screen.getByRole('button', { name: 'Weiter' }).focus());
      advance(5);
      expect(select).toHaveAttribute('aria-invalid', 'true');
      expect(select).toHaveAccessibleDescription('Das Feld ist nicht gültig.');
      fireEvent.change(select, { target: { value: 'MR' } });
      advance(5);
      expect(select).not.toHaveAttribute('aria-invalid');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Checkbox', () => {
  it('toggles by its label and reports the checked state', async () => {
    const seen: boolean[] = [];
    await renderUi(<Checkbox label="Ich möchte personalisierte Angebote" onCheckedChange={(c) => seen.push(c)} />);
    const box = screen.getByRole('checkbox', { name: 'Ich möchte personalisierte Angebote' });
    expect(box).not.toBeChecked();
    fireEvent.click(screen.getByText('Ich möchte personalisierte Angebote'));
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    expect(seen).toEqual([true, false]);
  });

  it('is described by its description, and by the message in the error state', async () => {
    const { rerender, core } = await renderUi(<Checkbox label="Newsletter" description="Abmeldung jederzeit möglich." checked={false} onCheckedChange={() => undefined} />);
    const box = screen.getByRole('checkbox', { name: 'Newsletter' });
    expect(box).toHaveAccessibleDescription('Abmeldung jederzeit möglich.');
    expect(box).not.toHaveAttribute('aria-invalid');
    rerender(
      <UiProvider core={core} site="DE">
        <Checkbox
          label="Newsletter"
          description="Abmeldung jederzeit möglich."
          checked={false}
          onCheckedChange={() => undefined}
          state="error"
          message="Bitte bestätigen."
        />
      </UiProvider>,
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Abmeldung jederzeit möglich. Bitte bestätigen.');
    expect(screen.getByText('Bitte bestätigen.')).toHaveAttribute('aria-live', 'polite');
  });

  it('required: asterisk hidden, "Pflichtfeld" for screen readers, required on the input', async () => {
    await renderUi(<Checkbox label="Ich stimme zu" required />);
    const box = screen.getByRole('checkbox', { name: 'Ich stimme zu Pflichtfeld' });
    expect(box).toBeRequired();
    expect(box).toHaveAttribute('aria-required', 'true');
  });
});

describe('RadioGroup', () => {
  it('groups the radios under a legend with one name', async () => {
    await renderUi(<RadioGroup legend="Anrede" name="salutation" options={SALUTATIONS} />);
    const group = screen.getByRole('radiogroup', { name: 'Anrede' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['MRS', 'MR', 'DIVERS', 'COMPANY']);
    expect(new Set(radios.map((r) => r.name))).toEqual(new Set(['salutation']));
    expect(radios.some((r) => r.checked)).toBe(false);
    expect(screen.getByRole('radio', { name: 'Herr' })).toBe(radios[1]);
  });

  it('reports the picked value and shows the controlled one', async () => {
    const picked: string[] = [];
    function Form() {
      const [value, setValue] = useState('MRS');
      return (
        <RadioGroup
          legend="Anrede"
          name="salutation"
          options={SALUTATIONS}
          value={value}
          onChange={(next) => {
            picked.push(next);
            setValue(next);
          }}
        />
      );
    }
    await renderUi(<Form />);
    expect(screen.getByRole('radio', { name: 'Frau' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Firma' }));
    expect(picked).toEqual(['COMPANY']);
    expect(screen.getByRole('radio', { name: 'Firma' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Frau' })).not.toBeChecked();
  });

  it('starts on the default value when uncontrolled', async () => {
    await renderUi(<RadioGroup legend="Anrede" name="s" options={SALUTATIONS} defaultValue="MR" />);
    expect(screen.getByRole('radio', { name: 'Herr' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Divers' }));
    expect(screen.getByRole('radio', { name: 'Divers' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Herr' })).not.toBeChecked();
  });

  it('required and in error: marked legend, required radios, the message describes the group', async () => {
    await renderUi(
      <RadioGroup legend="Anrede" name="s" options={SALUTATIONS} required state="error" message="Bitte wählen Sie eine Anrede." />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Anrede Pflichtfeld' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Bitte wählen Sie eine Anrede.');
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeRequired();
  });

  it('is described by its hint, and by the hint and the message in the error state', async () => {
    const { rerender, core } = await renderUi(
      <RadioGroup legend="Anrede" name="s" options={SALUTATIONS} hint="Für die persönliche Ansprache." />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Anrede' });
    expect(group).toHaveAccessibleDescription('Für die persönliche Ansprache.');
    rerender(
      <UiProvider core={core} site="DE">
        <RadioGroup
          legend="Anrede"
          name="s"
          options={SALUTATIONS}
          hint="Für die persönliche Ansprache."
          state="error"
          message="Bitte wählen Sie eine Anrede."
        />
      </UiProvider>,
    );
    expect(group).toHaveAccessibleDescription('Für die persönliche Ansprache. Bitte wählen Sie eine Anrede.');
  });

  it('disables an option marked disabled: it cannot be picked, the others can', async () => {
    const picked: string[] = [];
    const options = SALUTATIONS.map((option) => (option.value === 'DIVERS' ? { ...option, disabled: true } : option));
    await renderUi(<RadioGroup legend="Anrede" name="s" options={options} onChange={(next) => picked.push(next)} />);
    const divers = screen.getByRole('radio', { name: 'Divers' });
    expect(divers).toBeDisabled();
    for (const text of ['Frau', 'Herr', 'Firma']) expect(screen.getByRole('radio', { name: text })).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Herr' }));
    expect(picked).toEqual(['MR']);
  });
});
