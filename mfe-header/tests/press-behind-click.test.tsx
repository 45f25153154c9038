/**
 * The press behind a click: a tap is told from a mouse click by the `pointerdown` before it, on
 * the same icon or navigation entry, read once. A click on something else, or a keyboard's click
 * (no press), finds none: a finger's press on one entry never turns a click elsewhere into a tap.
 */
import { renderHook } from '@testing-library/react';
import { repeatsMouseClick, usePressBehindClick } from '../src/shared/pressBehindClick';

test('the press is read by a click on the same thing, once', () => {
  const { result } = renderHook(() => usePressBehindClick<string>());
  result.current.note('kaffee', 'touch');
  expect(result.current.take('kaffee')).toBe('touch');
  // A second click (a keyboard's Enter after the tap) has no press behind it.
  expect(result.current.take('kaffee')).toBeUndefined();
});

test('a click on another entry finds no press, and the press is gone', () => {
  const { result } = renderHook(() => usePressBehindClick<string>());
  result.current.note('kaffee', 'touch');
  expect(result.current.take('mode')).toBeUndefined();
  expect(result.current.take('kaffee')).toBeUndefined();
});

test('a cancelled press (a finger that scrolled) is forgotten, and the memory is the same object across renders', () => {
  const { result, rerender } = renderHook(() => usePressBehindClick<string>());
  const first = result.current;
  result.current.note('kaffee', 'touch');
  rerender();
  expect(result.current).toBe(first);
  result.current.note(undefined);
  expect(result.current.take('kaffee')).toBeUndefined();
});

test.each([
  [{ detail: 2 }, 'mouse', true],
  [{ detail: 3 }, 'mouse', true],
  [{ detail: 1 }, 'mouse', false],
  [{ detail: 2 }, 'touch', false],
  [{ detail: 2 }, undefined, false],
])("a click %p by %p repeats a mouse's click: %p", (event, pointerType, repeats) => {
  expect(repeatsMouseClick(event, pointerType)).toBe(repeats);
});
