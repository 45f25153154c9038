/**
 * The text input in number mode (newsletter spec section 5: "only digits and a decimal point plus
 * navigation keys; input is blocked at the maximum length"): keystrokes, shortcuts, mobile
 * keyboards, paste and drop.
 */
import { fireEvent, screen } from '@testing-library/react';
import { TextInput } from '../../src/fields';
import { paste, placeCaret, press, renderUi, type, typeOnMobile } from './helpers';

async function renderNumber(maxLength?: number) {
  await renderUi(<TextInput label="Menge" mode="number" maxLength={maxLength} />);
  return screen.getByRole('textbox', { name: 'Menge' }) as HTMLInputElement;
}

describe('keystrokes', () => {
  it('takes digits and one decimal point', async () => {
    const input = await renderNumber();
    type(input, '12.5');
    expect(input).toHaveValue('12.5');
  });

  it('refuses letters, signs and a comma', async () => {
    const input = await renderNumber();
    type(input, '1');
    for (const key of ['a', 'e', '-', '+', ',', ' ']) expect(press(input, key)).toBe(false);
    expect(input).toHaveValue('1');
  });

  it('refuses a second decimal point', async () => {
    const input = await renderNumber();
    type(input, '1.2');
    expect(press(input, '.')).toBe(false);
    expect(input).toHaveValue('1.2');
  });

  it('blocks input at the maximum length, unless the key replaces a selection', async () => {
    const input = await renderNumber(4);
    type(input, '123456');
    expect(input).toHaveValue('1234');
    expect(press(input, '9')).toBe(false);
    placeCaret(input, 1, 3); // 1[23]4
    expect(press(input, '9')).toBe(true);
    expect(input).toHaveValue('194');
  });

  it('lets navigation and editing keys through', async () => {
    const input = await renderNumber(2);
    type(input, '12');
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Tab', 'Enter', 'Escape', 'Delete']) {
      expect(fireEvent.keyDown(input, { key })).toBe(true);
    }
    press(input, 'Backspace');
    expect(input).toHaveValue('1');
  });

  it("leaves the browser's own keys alone (reload, developer tools, page keys)", async () => {
    const input = await renderNumber(2);
    type(input, '12');
    for (const key of ['F5', 'F12', 'PageDown', 'Shift', 'ContextMenu']) {
      expect(fireEvent.keyDown(input, { key })).toBe(true);
    }
    expect(input).toHaveValue('12');
  });

  it('lets Ctrl and Meta shortcuts through (paste, copy, select all)', async () => {
    const input = await renderNumber(2);
    type(input, '12');
    expect(press(input, 'v', { ctrlKey: true })).toBe(true);
    expect(press(input, 'a', { metaKey: true })).toBe(true);
    expect(press(input, 'c', { ctrlKey: true })).toBe(true);
  });

  it('guards beforeinput when a mobile keyboard says Unidentified on keydown', async () => {
    const input = await renderNumber(3);
    expect(typeOnMobile(input, '4')).toBe(true);
    expect(typeOnMobile(input, 'x')).toBe(false);
    expect(typeOnMobile(input, '.')).toBe(true);
    expect(typeOnMobile(input, '.')).toBe(false);
    expect(typeOnMobile(input, '5')).toBe(true);
    expect(typeOnMobile(input, '6')).toBe(false);
    expect(input).toHaveValue('4.5');
  });

  it('asks for the decimal keyboard', async () => {
    const input = await renderNumber();
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAccessibleDescription('Nur Ziffern und ein Dezimalpunkt');
  });
});

describe('paste and drop', () => {
  it('cleans pasted text to digits and the first point', async () => {
    const input = await renderNumber();
    expect(paste(input, '1,234.5.6 €')).toBe(false);
    expect(input).toHaveValue('1234.56');
  });

  it('takes only the room left by the maximum length', async () => {
    const input = await renderNumber(5);
    type(input, '12');
    paste(input, '3456789');
    expect(input).toHaveValue('12345');
  });

  it('replaces the selection, counting its room', async () => {
    const input = await renderNumber(4);
    type(input, '1234');
    placeCaret(input, 1, 3); // 1[23]4
    paste(input, 'x987');
    expect(input).toHaveValue('1984');
    expect(input.selectionStart).toBe(3);
  });

  it('drops a pasted point when the value already has one', async () => {
    const input = await renderNumber();
    type(input, '1.2');
    paste(input, '.5');
    expect(input).toHaveValue('1.25');
  });

  it('cleans dropped text the same way', async () => {
    const input = await renderNumber();
    const allowed = fireEvent.drop(input, { dataTransfer: { getData: () => 'EUR 7.50' } });
    expect(allowed).toBe(false);
    expect(input).toHaveValue('7.50');
  });
});
