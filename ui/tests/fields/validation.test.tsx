/**
 * Generic field validation (newsletter spec section 5: "default message says the field is not
 * valid; rules are regex match and required (non-empty after trim). Validation runs on blur and on
 * change, not on input; debounce 5 ms"), through `TextInput`'s `rules` and a form's own
 * `useFieldValidation`, under fake timers.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { FieldRules } from '@shop/core';
import { TextInput, useFieldValidation } from '../../src/fields';
import { advance, renderUi, theCore, type } from './helpers';

const INVALID = 'Das Feld ist nicht gültig.';
const ZIP: FieldRules = [{ kind: 'required' }, { kind: 'pattern', pattern: '^\\d{5}$' }];

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function renderZip(props: { clearOnFocus?: boolean; validationMessage?: string; rules?: FieldRules } = {}) {
  await renderUi(
    <>
      <TextInput label="PLZ" rules={ZIP} {...props} />
      <button type="button">Weiter</button>
    </>,
  );
  const input = screen.getByRole('textbox', { name: 'PLZ' }) as HTMLInputElement;
  const other = screen.getByRole('button', { name: 'Weiter' });
  return { input, other };
}

/** The shopper leaves the field: focus moves on (blur). */
function leave(input: HTMLInputElement, to: HTMLElement) {
  act(() => to.focus());
  expect(input).not.toHaveFocus();
}

describe('when validation runs', () => {
  it('does not validate while the shopper types', async () => {
    const { input } = await renderZip();
    type(input, '12a');
    advance(100);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('validates on blur after the 5 ms debounce: nothing at 4 ms, the message at 5 ms', async () => {
    const { input, other } = await renderZip();
    type(input, '12a');
    leave(input, other);
    advance(4);
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    advance(1);
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('holds the message of a blur that a mouse press on another control caused until the press ends, so the click lands', async () => {
    const { input, other } = await renderZip();
    type(input, '12a');
    // The press takes the focus (the blur), the release comes a human moment later.
    fireEvent.pointerDown(other);
    leave(input, other);
    advance(200);
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    const clicked = jest.fn();
    other.addEventListener('click', clicked);
    fireEvent.pointerUp(other);
    fireEvent.click(other);
    // The click came on the control as it stood when it was pressed; then the message shows.
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    advance(0);
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('validates on the DOM change event (a committed value), debounced too', async () => {
    const { input } = await renderZip();
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '1234' } });
    advance(4);
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(input).toHaveFocus(); // focus is not moved for the error
  });

  it('judges two triggers within 5 ms once, on the last value', async () => {
    const core = await theCore();
    const judged = jest.spyOn(core, 'validateField');
    const { input, other } = await renderZip();
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '12a' } });
    advance(3);
    fireEvent.change(input, { target: { value: '12345' } });
    leave(input, other);
    advance(4); // 7 ms after the first trigger, 4 ms after the last
    expect(judged).not.toHaveBeenCalled();
    advance(1);
    expect(judged).toHaveBeenCalledTimes(1);
    expect(judged.mock.calls[0][0]).toBe('12345');
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input.closest('.sui-field')).toHaveClass('sui-field--valid');
  });

  it('checks required on a blurred empty field', async () => {
    const { input, other } = await renderZip();
    act(() => input.focus());
    fireEvent.input(input, { target: { value: '   ' } });
    leave(input, other);
    advance(5);
    expect(screen.getByText(INVALID)).toBeInTheDocument();
  });
});

describe('the message', () => {
  it('is the default "not valid" text, or the one given', async () => {
    const { input, other } = await renderZip({ validationMessage: 'Bitte eine Postleitzahl mit 5 Ziffern.' });
    type(input, '1');
    leave(input, other);
    advance(5);
    expect(screen.getByText('Bitte eine Postleitzahl mit 5 Ziffern.')).toBeInTheDocument();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('is tied to the input with aria-describedby and sits in a live region that is always there', async () => {
    const { input, other } = await renderZip();
    const region = input.closest('.sui-field')!.querySelector('[aria-live="polite"]')!;
    expect(region).toBeEmptyDOMElement();
    expect(input).not.toHaveAccessibleDescription(INVALID);
    type(input, '1');
    leave(input, other);
    advance(5);
    expect(region).toHaveTextContent(INVALID);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(region.id);
    expect(input).toHaveAccessibleDescription(INVALID);
    expect(other).toHaveFocus();
  });

  it('clears on focus with clearOnFocus', async () => {
    const { input, other } = await renderZip({ clearOnFocus: true });
    type(input, '1');
    leave(input, other);
    advance(5);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    act(() => input.focus());
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('stays on focus without clearOnFocus', async () => {
    const { input, other } = await renderZip();
    type(input, '1');
    leave(input, other);
    advance(5);
    act(() => input.focus());
    advance(10);
    expect(screen.getByText(INVALID)).toBeInTheDocument();
  });

  it('goes away once a corrected value is committed', async () => {
    const { input, other } = await renderZip();
    type(input, '1');
    leave(input, other);
    advance(5);
    type(input, '2345');
    expect(screen.getByText(INVALID)).toBeInTheDocument(); // typing does not validate
    leave(input, other);
    advance(5);
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });
});

describe('a rule that does not compile', () => {
  it('is logged as a programming error and the field is not held against the shopper', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { input, other } = await renderZip({ rules: [{ kind: 'pattern', pattern: '(' }] });
    type(input, 'x');
    leave(input, other);
    advance(5);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][1])).toMatch(/invalid pattern rule/);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });
});

describe('validateNow (form submit)', () => {
  function Form({ onSubmitted, rules = ZIP }: { onSubmitted: (valid: boolean) => void; rules?: typeof ZIP }) {
    const [value, setValue] = useState('');
    const zip = useFieldValidation({ rules });
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmitted(zip.validateNow(value));
        }}
      >
        <TextInput label="PLZ" value={value} onValueChange={setValue} validation={zip} />
        <button type="submit">Senden</button>
      </form>
    );
  }

  it('judges at once, without waiting for the debounce', async () => {
    const results: boolean[] = [];
    await renderUi(<Form onSubmitted={(valid) => results.push(valid)} />);
    const input = screen.getByRole('textbox', { name: 'PLZ' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(results).toEqual([false]);
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    type(input, '10115');
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(results).toEqual([false, true]);
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('lets a field without rules be sent, empty or not', async () => {
    const results: boolean[] = [];
    await renderUi(<Form rules={[]} onSubmitted={(valid) => results.push(valid)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    type(screen.getByRole('textbox', { name: 'PLZ' }) as HTMLInputElement, 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(results).toEqual([true, true]);
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });
});
