/**
 * The search page's field: the header fragment's search box (`header/SearchField`, at the
 * core's default widths, 170 px and 408 px on focus, with suggestions) takes the place of the
 * server's form (`form[data-static-search]`). The form stays when the fragment cannot load, and
 * comes back when it throws.
 *
 * Unlike the header and the footer (`renderOverStatic`, which waits while the focus is in the
 * static part), the swap may happen while the shopper is in the form's field (it has the focus
 * when the page is opened without a term): the two fields are the same field, so the box takes
 * what was typed and the focus along, in one synchronous render once the core is there (no
 * keystroke falls between the two).
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { ShellConfig } from './config';
import { loadCore } from './core';
import { FragmentBoundary } from './fragmentBoundary';
import { loadComponent } from './loadComponent';

/** The remote's props (`header/SearchField`), as far as the shell sets them. */
export interface SearchFieldProps {
  site: string;
  defaultValue: string;
  autoFocus: boolean;
  onReady(): void;
}

/** Mounts the search box over the search page's form; `false` when there is none or it is unavailable. */
export async function mountSearchField(config: ShellConfig): Promise<boolean> {
  const form = document.querySelector<HTMLFormElement>('form[data-static-search]');
  const field = form?.querySelector<HTMLInputElement>('input[name="query"]');
  if (!form || !field) return false;
  const [SearchField] = await Promise.all([loadComponent<SearchFieldProps>('header/SearchField'), loadCore()]);
  if (!SearchField || !form.isConnected) return false;

  const container = document.createElement('div');
  container.className = 'shell-search-app';
  form.before(container);
  const hadFocus = document.activeElement === field;
  const showForm = () => {
    container.hidden = true;
    form.hidden = false;
    if (hadFocus && (document.activeElement === document.body || document.activeElement === null)) field.focus();
  };
  flushSync(() => {
    createRoot(container).render(
      <FragmentBoundary name="search" onError={showForm}>
        <SearchField
          site={config.site}
          defaultValue={field.value}
          autoFocus={hadFocus}
          onReady={() => {
            form.hidden = true;
          }}
        />
      </FragmentBoundary>,
    );
  });
  return true;
}
