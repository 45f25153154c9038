/**
 * The search page's field: the header fragment's search box (`header/SearchField`, at the
 * core's default widths, 170 px and 408 px on focus, the page's width on a phone, with
 * suggestions) takes the place of the
 * server's form (`form[data-static-search]`). The form stays when the fragment cannot load, and
 * comes back when it throws, with what was typed into the box and the focus.
 *
 * Unlike the header and the footer (`renderOverStatic`, which waits while the focus is in the
 * static part), the swap may happen while the shopper is in the form (the field has the focus
 * when the page is opened without a term): the two forms are the same form, so the box takes
 * what was typed, the cursor or selection in it and the focus along (the form's button's focus
 * goes to the box's search button), in one synchronous render once the core is there, so no
 * keystroke falls between the two. A composition under way (an input method's unconverted
 * text) is left to finish first. The box keeps the form's height, so the results below do not
 * move.
 */
import { FragmentBoundary } from '@shop/ui';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { ShellConfig } from './config';
import { loadCore } from './core';
import { loadComponent } from './loadComponent';

/** The remote's props (`header/SearchField`), as far as the shell sets them. */
export interface SearchFieldProps {
  site: string;
  defaultValue: string;
  onReady(): void;
}

/** Mounts the search box over the search page's form; `false` when there is none or it is unavailable. */
export async function mountSearchField(config: ShellConfig): Promise<boolean> {
  const form = document.querySelector<HTMLFormElement>('form[data-static-search]');
  const field = form?.querySelector<HTMLInputElement>('input[name="query"]');
  if (!form || !field) return false;
  let composing = false;
  field.addEventListener('compositionstart', () => (composing = true));
  field.addEventListener('compositionend', () => (composing = false));
  const [SearchField] = await Promise.all([loadComponent<SearchFieldProps>('header/SearchField'), loadCore()]);
  if (!SearchField || !form.isConnected) return false;
  if (composing) await new Promise((resolve) => field.addEventListener('compositionend', resolve, { once: true }));

  const container = document.createElement('div');
  container.className = 'shell-search-app';
  form.before(container);
  const boxInput = () => container.querySelector<HTMLInputElement>('input[role="combobox"]');
  // What is typed into the box, for the form should the box stop.
  let typed: string | undefined;
  container.addEventListener('input', (event) => {
    if (event.target === boxInput()) typed = boxInput()?.value;
  });

  const takeOver = () => {
    const box = boxInput();
    const active = document.activeElement;
    if (box && active === field) {
      box.focus();
      try {
        box.setSelectionRange(field.selectionStart, field.selectionEnd, field.selectionDirection ?? undefined);
      } catch {
        // A field type without a selection: the cursor stays where focusing put it.
      }
    } else if (active instanceof HTMLElement && form.contains(active)) {
      (container.querySelector<HTMLElement>('button[type="submit"]') ?? box)?.focus();
    }
    container.style.minHeight = `${form.offsetHeight}px`;
    form.hidden = true;
  };
  const giveBack = () => {
    const hadFocus = container.contains(document.activeElement) || document.activeElement === document.body;
    container.hidden = true;
    form.hidden = false;
    if (typed !== undefined) field.value = typed;
    if (hadFocus) field.focus();
  };
  flushSync(() => {
    createRoot(container).render(
      <FragmentBoundary source="shell" name="search fragment" onError={giveBack}>
        <SearchField site={config.site} defaultValue={field.value} onReady={takeOver} />
      </FragmentBoundary>,
    );
  });
  return true;
}
