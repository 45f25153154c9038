/**
 * The search page's field: the header's search box takes the place of the server's form in one
 * synchronous render, with what the shopper typed and the focus; when the box cannot load the
 * form stays, and when it throws the form comes back with the focus.
 */
import { waitFor } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { shellConfig } from './shellConfig';
import { mountSearchField, type SearchFieldProps } from '../src/searchSlot';
import { loadFragment } from '../src/federation';

jest.mock('../src/federation', () => ({ loadFragment: jest.fn() }));
const load = loadFragment as jest.MockedFunction<typeof loadFragment>;

const config = shellConfig('CZ', { pageType: 'search' });

function page(): { form: HTMLFormElement; field: HTMLInputElement } {
  document.body.innerHTML = `
    <main><form data-static-search action="/search"><label for="q">Hledat</label>
      <input id="q" type="search" name="query" value=""><button type="submit">Hledat</button></form></main>`;
  return {
    form: document.querySelector('form') as HTMLFormElement,
    field: document.querySelector('input') as HTMLInputElement,
  };
}

const received: SearchFieldProps[] = [];
let throwOnRender = false;
let breakNextRender: (() => void) | undefined;

/** A stand-in for the header's box: a combobox and a search button, ready in its layout effect. */
function SearchField(props: SearchFieldProps) {
  received.push(props);
  const [broken, setBroken] = useState(false);
  breakNextRender = () => setBroken(true);
  useLayoutEffect(() => props.onReady(), [props]);
  if (throwOnRender || broken) throw new Error('broken box');
  return (
    <form>
      <input role="combobox" aria-expanded="false" aria-controls="none" aria-label="the box" defaultValue={props.defaultValue} />
      <button type="submit">search</button>
    </form>
  );
}

// The slot renders its own root with flushSync, in the page's task, as in a browser: the tests
// check that same-task result, so React is told this is not an act() environment (act would
// flush for the slot and hide a render that came a task late).
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  load.mockReset();
  received.length = 0;
  throwOnRender = false;
});

const box = () => document.querySelector('.shell-search-app input') as HTMLInputElement;

it('leaves the server\'s form when the box cannot load', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  load.mockResolvedValue(undefined);
  const { form } = page();
  await expect(mountSearchField(config)).resolves.toBe(false);
  expect(form.hidden).toBe(false);
  expect(document.querySelector('.shell-search-app')).toBeNull();
  warn.mockRestore();
});

it('takes the typed text, the cursor and the focus along, in the same task, and hides the form', async () => {
  load.mockResolvedValue({ default: SearchField });
  const { form, field } = page();
  field.focus();
  field.value = 'kaffee';
  field.setSelectionRange(3, 3);
  await expect(mountSearchField(config)).resolves.toBe(true);
  expect(received[0]).toMatchObject({ site: 'CZ', defaultValue: 'kaffee' });
  expect(form.hidden).toBe(true);
  expect(box()).toHaveValue('kaffee');
  expect(box()).toHaveFocus();
  expect([box().selectionStart, box().selectionEnd]).toEqual([3, 3]);
});

it('keeps a selection as it was', async () => {
  load.mockResolvedValue({ default: SearchField });
  const { field } = page();
  field.focus();
  field.value = 'kaffee';
  field.setSelectionRange(0, 6);
  await mountSearchField(config);
  expect([box().selectionStart, box().selectionEnd]).toEqual([0, 6]);
});

it("the form's button's focus goes to the box's search button", async () => {
  load.mockResolvedValue({ default: SearchField });
  const { form } = page();
  (form.querySelector('button') as HTMLButtonElement).focus();
  await mountSearchField(config);
  expect(document.querySelector('.shell-search-app button')).toHaveFocus();
});

it('does not take the focus when the shopper is elsewhere', async () => {
  load.mockResolvedValue({ default: SearchField });
  page();
  await mountSearchField(config);
  expect(received[0]).toMatchObject({ defaultValue: '' });
  expect(document.body).toHaveFocus();
});

it('waits for a composition under way to finish', async () => {
  let arrive!: (module: { default: typeof SearchField }) => void;
  load.mockReturnValue(new Promise((resolve) => (arrive = resolve)) as ReturnType<typeof loadFragment>);
  const { form, field } = page();
  field.focus();
  const mounted = mountSearchField(config);
  field.dispatchEvent(new CompositionEvent('compositionstart'));
  arrive({ default: SearchField });
  for (let round = 0; round < 10; round++) await Promise.resolve();
  expect(form.hidden).toBe(false);
  field.value = 'ふえ';
  field.dispatchEvent(new CompositionEvent('compositionend'));
  await mounted;
  expect(form.hidden).toBe(true);
  expect(box()).toHaveValue('ふえ');
});

it('gives the form back, with the focus and what was typed into the box, when the box throws', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  load.mockResolvedValue({ default: SearchField });
  const { form, field } = page();
  field.focus();
  await mountSearchField(config);
  box().value = 'kaffeebohnen';
  box().dispatchEvent(new Event('input', { bubbles: true }));
  breakNextRender?.();
  await waitFor(() => expect(form.hidden).toBe(false));
  expect((document.querySelector('.shell-search-app') as HTMLElement).hidden).toBe(true);
  expect(field).toHaveValue('kaffeebohnen');
  expect(field).toHaveFocus();
  warn.mockRestore();
  error.mockRestore();
});

it('a box that throws at once leaves the form as it was, focus included', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  throwOnRender = true;
  load.mockResolvedValue({ default: SearchField });
  const { form, field } = page();
  field.focus();
  field.value = 'tee';
  await mountSearchField(config);
  expect(form.hidden).toBe(false);
  expect(field).toHaveValue('tee');
  expect(field).toHaveFocus();
  warn.mockRestore();
  error.mockRestore();
});
