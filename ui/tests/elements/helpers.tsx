/**
 * Shared set-up of the element tests: the real core (Jest maps `@shop/core` to its Node build),
 * a render inside `UiProvider` and `ThemeScope`, and the two browser behaviours jsdom lacks that
 * the elements rely on.
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ready, type Core, type Site } from '@shop/core';
import { uiTexts } from '@shop/texts';
import { ThemeScope, UiProvider } from '@shop/ui';

let loaded: Core | undefined;

/** The core, once its WebAssembly is ready; call in `beforeAll`. */
export async function loadCore(): Promise<Core> {
  loaded = await ready();
  return loaded;
}

function core(): Core {
  if (!loaded) throw new Error('call loadCore() in beforeAll');
  return loaded;
}

function wrap(element: ReactElement, site: Site) {
  return (
    <UiProvider core={core()} site={site}>
      <ThemeScope>{element}</ThemeScope>
    </UiProvider>
  );
}

/** Renders an element inside the design system's provider (site DE unless given). */
export function renderUi(element: ReactElement, site: Site = 'DE') {
  const utils = render(wrap(element, site));
  return { ...utils, rerender: (next: ReactElement, nextSite: Site = site) => utils.rerender(wrap(next, nextSite)) };
}

/** A text of `texts/ui.json` in a locale (for sites whose wording the texts' owner keeps). */
export function uiText(locale: string, key: string): string {
  const text = uiTexts.loaded(locale)?.[key];
  if (text === undefined) throw new Error(`no ${key} in ${locale}`);
  return text;
}

/**
 * A key press on a focusable element, with the activation the browser adds (HTML "activation
 * behaviour"; jsdom has none): the element takes focus, then keydown; Enter on a button or a link
 * clicks at keydown, Space on a button clicks at keyup, unless a handler prevented the default.
 * An element that is not a native button or link is never clicked, so a `<div onClick>` fails.
 */
export function pressKey(element: HTMLElement, key: 'Enter' | ' '): void {
  act(() => element.focus());
  expect(element).toHaveFocus();
  const code = key === 'Enter' ? 'Enter' : 'Space';
  const button = element instanceof HTMLButtonElement && !element.disabled;
  const link = element instanceof HTMLAnchorElement && element.hasAttribute('href');
  const down = fireEvent.keyDown(element, { key, code });
  if (key === 'Enter' && down && (button || link)) fireEvent.click(element);
  const up = fireEvent.keyUp(element, { key, code });
  if (key === ' ' && down && up && button) fireEvent.click(element);
}

