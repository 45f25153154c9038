/**
 * The search page's field: the header's search box takes the place of the server's form in one
 * synchronous render, with what the shopper typed and the focus; when the box cannot load the
 * form stays, and when it throws the form comes back with the focus.
 */
import { useLayoutEffect } from 'react';
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

function SearchField(props: SearchFieldProps) {
  received.push(props);
  useLayoutEffect(() => props.onReady(), [props]);
  if (throwOnRender) throw new Error('broken box');
  return <input aria-label="the box" defaultValue={props.defaultValue} autoFocus={props.autoFocus} />;
}

afterEach(() => {
  load.mockReset();
  received.length = 0;
  throwOnRender = false;
});

it('leaves the server\'s form when the box cannot load', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  load.mockResolvedValue(undefined);
  const { form } = page();
  await expect(mountSearchField(config)).resolves.toBe(false);
  expect(form.hidden).toBe(false);
  expect(document.querySelector('.shell-search-app')).toBeNull();
  warn.mockRestore();
});

it('takes the typed text and the focus along, in the same task, and hides the form', async () => {
  load.mockResolvedValue({ default: SearchField });
  const { form, field } = page();
  field.focus();
  field.value = 'kávo';
  await expect(mountSearchField(config)).resolves.toBe(true);
  expect(received[0]).toMatchObject({ site: 'CZ', defaultValue: 'kávo', autoFocus: true });
  expect(form.hidden).toBe(true);
  const box = document.querySelector('.shell-search-app input') as HTMLInputElement;
  expect(box).toHaveValue('kávo');
  expect(box).toHaveFocus();
});

it('does not take the focus when the shopper is elsewhere', async () => {
  load.mockResolvedValue({ default: SearchField });
  page();
  await mountSearchField(config);
  expect(received[0]).toMatchObject({ defaultValue: '', autoFocus: false });
  expect(document.body).toHaveFocus();
});

it('gives the form back, with the focus, when the box throws', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  throwOnRender = true;
  load.mockResolvedValue({ default: SearchField });
  const { form, field } = page();
  field.focus();
  await mountSearchField(config);
  expect(form.hidden).toBe(false);
  expect((document.querySelector('.shell-search-app') as HTMLElement).hidden).toBe(true);
  expect(field).toHaveFocus();
  warn.mockRestore();
  error.mockRestore();
});
