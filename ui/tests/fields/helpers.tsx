/// <reference types="@testing-library/jest-dom" />
/**
 * Shared helpers of the field tests: rendering inside a `UiProvider` with the real core (Jest
 * maps `@shop/core` to its Node build), and what a browser does for a key press or a paste, as
 * jsdom does not edit inputs on key events. No fakes: the rules are the core's.
 */
import type { ReactElement } from 'react';
import { act, fireEvent, render } from '@testing-library/react';
import { ready, type Core } from '@shop/core';
import { UiProvider } from '../../src/provider/UiProvider';

export async function theCore(): Promise<Core> {
  return ready();
}

export async function renderUi(ui: ReactElement) {
  const core = await ready();
  const utils = render(
    <UiProvider core={core} site="DE">
      {ui}
    </UiProvider>,
  );
  return { ...utils, core };
}

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** Focuses the input and puts the caret (or a selection) where a shopper would click. */
export function placeCaret(input: HTMLInputElement, start: number, end = start): void {
  act(() => input.focus());
  input.setSelectionRange(start, end);
}

/** What the browser would write after an edit: the value, the caret, then the `input` event. */
function edit(input: HTMLInputElement, value: string, caret: number, inputType: string, data: string | null): void {
  setValue.call(input, value);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input, { inputType, data });
}

/**
 * One key press as a browser handles it in a text input: `keydown` (the page may refuse it),
 * `beforeinput` (may be refused too), the edit at the selection, `input`. Returns whether the key
 * got through its `keydown`. Keys other than characters, Backspace and Delete edit nothing here.
 */
export function press(input: HTMLInputElement, key: string, init: Omit<KeyboardEventInit, 'key'> = {}): boolean {
  if (input.ownerDocument.activeElement !== input) act(() => input.focus());
  if (!fireEvent.keyDown(input, { key, ...init })) return false;
  if (init.ctrlKey || init.metaKey) return true;
  const value = input.value;
  const start = input.selectionStart ?? value.length;
  const end = input.selectionEnd ?? start;
  let next: string;
  let caret: number;
  let inputType: string;
  let data: string | null = null;
  if (key === 'Backspace' || key === 'Delete') {
    const from = start !== end ? start : key === 'Backspace' ? start - 1 : start;
    const to = start !== end ? end : key === 'Backspace' ? start : start + 1;
    if (from < 0 || to > value.length) return true;
    next = value.slice(0, from) + value.slice(to);
    caret = from;
    inputType = key === 'Backspace' ? 'deleteContentBackward' : 'deleteContentForward';
  } else if ([...key].length === 1) {
    next = value.slice(0, start) + key + value.slice(end);
    caret = start + key.length;
    inputType = 'insertText';
    data = key;
  } else {
    return true;
  }
  const before = new InputEvent('beforeinput', { inputType, data, bubbles: true, cancelable: true });
  if (!fireEvent(input, before)) return true;
  edit(input, next, caret, inputType, data);
  return true;
}

/** Types each character at the caret (each one a `press`). */
export function type(input: HTMLInputElement, text: string): void {
  for (const character of text) press(input, character);
}

/**
 * A mobile keyboard: `keydown` says `Unidentified`, the character comes with `beforeinput`.
 * Returns whether the `beforeinput` was let through.
 */
export function typeOnMobile(input: HTMLInputElement, character: string): boolean {
  if (input.ownerDocument.activeElement !== input) act(() => input.focus());
  fireEvent.keyDown(input, { key: 'Unidentified' });
  const value = input.value;
  const start = input.selectionStart ?? value.length;
  const end = input.selectionEnd ?? start;
  const before = new InputEvent('beforeinput', {
    inputType: 'insertText',
    data: character,
    bubbles: true,
    cancelable: true,
  });
  if (!fireEvent(input, before)) return false;
  edit(input, value.slice(0, start) + character + value.slice(end), start + character.length, 'insertText', character);
  return true;
}

/** Pastes text at the selection; returns whether the page let the browser paste it itself. */
export function paste(input: HTMLInputElement, text: string): boolean {
  if (input.ownerDocument.activeElement !== input) act(() => input.focus());
  return fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

/** Lets fake time run and React render what it triggers. */
export function advance(ms: number): void {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}
