/**
 * A fragment taking over a static slot never takes the keyboard focus with it: while the static
 * part (or anything else of the slot beside the fragment, such as the static header's mini cart
 * dialog) holds the focus, the static part stays and the fragment waits, hidden; the two swap
 * once the focus has gone elsewhere. Never both shown (no shift), never a focused element hidden.
 */
import { act } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { renderOverStatic } from '../src/overStatic';

function page(): { slot: HTMLElement; staticPart: HTMLElement; first: HTMLAnchorElement; second: HTMLAnchorElement; outside: HTMLButtonElement; dialog: HTMLButtonElement } {
  document.body.innerHTML = `
    <main><button type="button" id="outside">elsewhere</button></main>
    <footer id="slot"><div data-static>
      <a id="first" href="/impressum">Impressum</a> <a id="second" href="/datenschutz">Datenschutz</a>
    </div><div id="beside"><button type="button" id="in-dialog">close</button></div></footer>`;
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return {
    slot: byId('slot'),
    staticPart: document.querySelector('[data-static]') as HTMLElement,
    first: byId('first'),
    second: byId('second'),
    outside: byId('outside'),
    dialog: byId('in-dialog'),
  };
}

/** The focused element is shown: neither it nor an ancestor is `hidden`. */
function focusShown(): boolean {
  const active = document.activeElement;
  return !!active && active !== document.body && !active.closest('[hidden]');
}

/** Moves the focus as the browser does, then lets the shell's check after the move run. */
async function moveFocus(to: HTMLElement | null): Promise<void> {
  await act(async () => {
    if (to) to.focus();
    else (document.activeElement as HTMLElement | null)?.blur();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

let breakFragment: (() => void) | undefined;
function Fragment({ onReady }: { onReady(): void }) {
  const [broken, setBroken] = useState(false);
  breakFragment = () => setBroken(true);
  useLayoutEffect(() => onReady(), [onReady]);
  if (broken) throw new Error('broken fragment');
  return <a href="/impressum">Impressum</a>;
}

async function takeOver(slot: HTMLElement, staticPart: HTMLElement): Promise<HTMLElement> {
  await act(async () => {
    renderOverStatic(slot, staticPart, 'footer', 'shell-test-app', (onReady) => <Fragment onReady={onReady} />);
  });
  return slot.querySelector('.shell-test-app') as HTMLElement;
}

it('swaps at once when the focus is elsewhere', async () => {
  const { slot, staticPart, outside } = page();
  outside.focus();
  const fragment = await takeOver(slot, staticPart);
  expect(staticPart.hidden).toBe(true);
  expect(fragment.hidden).toBe(false);
  expect(document.activeElement).toBe(outside);
});

it('keeps the static part while it holds the focus, and swaps once the focus has left it', async () => {
  const { slot, staticPart, first, second, outside } = page();
  first.focus();
  const fragment = await takeOver(slot, staticPart);
  // The link the keyboard user is on stays shown and focused; the fragment waits, hidden.
  expect(focusShown()).toBe(true);
  expect(document.activeElement).toBe(first);
  expect(staticPart.hidden).toBe(false);
  expect(fragment.hidden).toBe(true);

  // Tab to the next static link: still inside, still no swap.
  await moveFocus(second);
  expect(document.activeElement).toBe(second);
  expect(staticPart.hidden).toBe(false);
  expect(fragment.hidden).toBe(true);

  // Out of the static part: now the fragment takes over.
  await moveFocus(outside);
  expect(staticPart.hidden).toBe(true);
  expect(fragment.hidden).toBe(false);
  expect(document.activeElement).toBe(outside);
});

it('swaps when the focus goes to nothing (a click beside every control)', async () => {
  const { slot, staticPart, first } = page();
  first.focus();
  const fragment = await takeOver(slot, staticPart);
  expect(staticPart.hidden).toBe(false);
  await moveFocus(null);
  expect(staticPart.hidden).toBe(true);
  expect(fragment.hidden).toBe(false);
});

it('waits while the focus is in the slot beside the fragment (the static header’s mini cart dialog)', async () => {
  const { slot, staticPart, first, dialog, outside } = page();
  dialog.focus();
  const fragment = await takeOver(slot, staticPart);
  expect(staticPart.hidden).toBe(false);
  expect(fragment.hidden).toBe(true);
  // The dialog closes and gives the focus back to its opener in the static part: still there.
  await moveFocus(first);
  expect(focusShown()).toBe(true);
  expect(staticPart.hidden).toBe(false);
  await moveFocus(outside);
  expect(staticPart.hidden).toBe(true);
  expect(fragment.hidden).toBe(false);
});

it('a fragment that throws while it waits leaves the static part as it is, and never swaps later', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { slot, staticPart, first, outside } = page();
  first.focus();
  const fragment = await takeOver(slot, staticPart);
  await act(async () => breakFragment?.());
  expect(staticPart.hidden).toBe(false);
  expect(document.activeElement).toBe(first);
  await moveFocus(outside);
  expect(staticPart.hidden).toBe(false);
  expect(fragment.hidden).toBe(true);
  warn.mockRestore();
  error.mockRestore();
});
