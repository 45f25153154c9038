/**
 * The text input in IBAN mode (newsletter spec section 5: "strips non-alphanumerics, groups in
 * blocks of 4 separated by spaces, blocks keystrokes that do not fit two letters followed by
 * digits"): keystrokes, grouping, the caret after edits in the middle and next to a space, paste.
 */
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { TextInput } from '../../src/fields';
import { paste, placeCaret, press, renderUi, type, typeOnMobile } from './helpers';

async function renderIban(props: { defaultValue?: string } = {}) {
  await renderUi(<TextInput label="IBAN" mode="iban" {...props} />);
  return screen.getByRole('textbox', { name: 'IBAN' }) as HTMLInputElement;
}

describe('keystrokes', () => {
  it("asks a phone's keyboard for capitals and no spell check or correction", async () => {
    const input = await renderIban();
    expect(input).toHaveAttribute('autocapitalize', 'characters');
    expect(input).toHaveAttribute('spellcheck', 'false');
  });

  it('refuses letters after the two letters of the country code', async () => {
    const input = await renderIban();
    type(input, 'DE');
    expect(press(input, 'A')).toBe(false);
    expect(input).toHaveValue('DE');
    type(input, '8x9');
    expect(input).toHaveValue('DE89');
  });

  it('refuses digits in the first two places', async () => {
    const input = await renderIban();
    expect(press(input, '1')).toBe(false);
    expect(input).toHaveValue('');
    type(input, 'D7E');
    expect(input).toHaveValue('DE');
  });

  it('refuses a typed space and other separators', async () => {
    const input = await renderIban();
    type(input, 'DE89 -/3');
    expect(input).toHaveValue('DE89 3');
  });

  it('shows typed letters in upper case', async () => {
    const input = await renderIban();
    type(input, 'de89');
    expect(input).toHaveValue('DE89');
  });

  it('refuses a character beyond 34 letters and digits', async () => {
    const input = await renderIban();
    type(input, `DE${'1'.repeat(32)}`);
    expect(input.value.replace(/ /g, '')).toHaveLength(34);
    type(input, '2');
    expect(input.value.replace(/ /g, '')).toBe(`DE${'1'.repeat(32)}`);
  });

  it('judges a mobile keyboard character on beforeinput (keydown says Unidentified)', async () => {
    const input = await renderIban();
    type(input, 'DE');
    expect(typeOnMobile(input, 'X')).toBe(false);
    expect(input).toHaveValue('DE');
    expect(typeOnMobile(input, '8')).toBe(true);
    expect(input).toHaveValue('DE8');
  });

  it('lets Backspace, arrows and shortcuts through', async () => {
    const input = await renderIban();
    type(input, 'DE89');
    expect(press(input, 'ArrowLeft')).toBe(true);
    expect(press(input, 'v', { ctrlKey: true })).toBe(true);
    placeCaret(input, 4);
    press(input, 'Backspace');
    expect(input).toHaveValue('DE8');
  });
});

describe('grouping', () => {
  it('groups in blocks of 4 as the shopper types', async () => {
    const input = await renderIban();
    const seen: string[] = [];
    for (const character of 'DE89370400440532013000') {
      press(input, character);
      seen.push(input.value);
    }
    expect(seen[3]).toBe('DE89');
    expect(seen[4]).toBe('DE89 3');
    expect(seen[8]).toBe('DE89 3704 0');
    expect(input).toHaveValue('DE89 3704 0044 0532 0130 00');
    expect(input.selectionStart).toBe(input.value.length);
  });

  it('formats an uncontrolled start value', async () => {
    const input = await renderIban({ defaultValue: 'de89370400440532013000' });
    expect(input).toHaveValue('DE89 3704 0044 0532 0130 00');
  });

  it('reports the formatted value to a controlled parent', async () => {
    const changes: string[] = [];
    function Form() {
      const [value, setValue] = useState('DE8937');
      return (
        <TextInput
          label="IBAN"
          mode="iban"
          value={value}
          onValueChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      );
    }
    await renderUi(<Form />);
    const input = screen.getByRole('textbox', { name: 'IBAN' }) as HTMLInputElement;
    expect(input).toHaveValue('DE89 37');
    placeCaret(input, input.value.length);
    type(input, '04');
    expect(changes).toEqual(['DE89 370', 'DE89 3704']);
    expect(input).toHaveValue('DE89 3704');
  });
});

describe('caret', () => {
  it('stays after the typed digit when typing in the middle of a block', async () => {
    const input = await renderIban();
    type(input, 'DE8937040044');
    placeCaret(input, 6); // DE89 3|704 0044
    press(input, '5');
    expect(input).toHaveValue('DE89 3570 4004 4');
    expect(input.selectionStart).toBe(7); // DE89 35|70
    press(input, '6');
    expect(input).toHaveValue('DE89 3567 0400 44');
    expect(input.selectionStart).toBe(8);
  });

  it('jumps over the new space when a digit ends a block', async () => {
    const input = await renderIban();
    type(input, 'DE893704');
    placeCaret(input, 4); // DE89| 3704
    press(input, '1');
    expect(input).toHaveValue('DE89 1370 4');
    expect(input.selectionStart).toBe(6); // DE89 1|370
  });

  it('deleting the digit right after a space leaves the caret where the digit was', async () => {
    const input = await renderIban();
    type(input, 'DE893704');
    placeCaret(input, 6); // DE89 3|704
    press(input, 'Backspace');
    expect(input).toHaveValue('DE89 704');
    expect(input.selectionStart).toBe(4);
    press(input, '3'); // typed back in the same place
    expect(input).toHaveValue('DE89 3704');
    expect(input.selectionStart).toBe(6);
  });

  it('Backspace right after a space keeps the value and moves the caret before the space', async () => {
    const input = await renderIban();
    type(input, 'DE893704');
    placeCaret(input, 5); // DE89 |3704
    press(input, 'Backspace');
    expect(input).toHaveValue('DE89 3704');
    expect(input.selectionStart).toBe(4);
    press(input, 'Backspace'); // now deletes the 9
    expect(input).toHaveValue('DE83 704');
    expect(input.selectionStart).toBe(3);
  });
});

describe('paste', () => {
  it('cleans and groups a messy IBAN', async () => {
    const input = await renderIban();
    expect(paste(input, 'de89 3704-0044 0532 0130 00')).toBe(false);
    expect(input).toHaveValue('DE89 3704 0044 0532 0130 00');
    expect(input.selectionStart).toBe(input.value.length);
  });

  it('takes only the part that fits', async () => {
    const input = await renderIban();
    type(input, 'DE89');
    paste(input, '12AB34');
    expect(input).toHaveValue('DE89 12');
  });

  it('takes nothing when nothing fits', async () => {
    const input = await renderIban();
    type(input, 'DE89');
    paste(input, 'ABC');
    expect(input).toHaveValue('DE89');
  });

  it('inserts at the caret and puts the caret after the pasted part', async () => {
    const input = await renderIban();
    type(input, 'DE890044');
    placeCaret(input, 4); // DE89| 0044
    paste(input, '3704');
    expect(input).toHaveValue('DE89 3704 0044');
    expect(input.selectionStart).toBe(9);
  });
});

describe('markup', () => {
  it('turns off autocomplete and spell checking and shows the IBAN hint', async () => {
    const input = await renderIban();
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).toHaveAccessibleDescription('Die IBAN beginnt mit zwei Buchstaben, gefolgt von Ziffern.');
  });
});
