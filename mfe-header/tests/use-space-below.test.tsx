/**
 * The room below a flyout (the cart flyout hands it to the mini cart): the window's height below
 * the flyout's top, less its padding and border and a gap; never less than a usable minimum;
 * measured again when the window changes while the flyout is open.
 */
import { act, renderHook } from '@testing-library/react';
import { FLYOUT_MIN_ROOM_PX, FLYOUT_WINDOW_GAP_PX, SCROLLING_FLYOUT_MIN_ROOM_PX, useSpaceBelow } from '../src/features/flyouts/useSpaceBelow';

function panelAt(top: number): { current: HTMLElement } {
  const element = document.createElement('div');
  element.style.padding = '16px';
  element.style.border = '1px solid';
  element.getBoundingClientRect = () => ({ top }) as DOMRect;
  document.body.append(element);
  return { current: element };
}

beforeEach(() => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 700 });
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callback(0);
    return 1;
  });
});

afterEach(() => jest.restoreAllMocks());

test('the room below the flyout\'s top, less its padding, border and the gap', () => {
  const { result } = renderHook(() => useSpaceBelow(panelAt(134), true));
  expect(result.current).toBe(700 - 134 - 34 - FLYOUT_WINDOW_GAP_PX);
});

test('nothing is measured while the flyout is closed', () => {
  const { result } = renderHook(() => useSpaceBelow(panelAt(134), false));
  expect(result.current).toBeUndefined();
});

test('a flyout near the window\'s bottom keeps a usable minimum', () => {
  const { result } = renderHook(() => useSpaceBelow(panelAt(650), true));
  expect(result.current).toBe(FLYOUT_MIN_ROOM_PX);
});

test('a resize measures again', () => {
  const { result } = renderHook(() => useSpaceBelow(panelAt(134), true));
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
  expect(result.current).toBe(900 - 134 - 34 - FLYOUT_WINDOW_GAP_PX);
});

test('a flyout over a page that cannot scroll may ask for a smaller minimum', () => {
  const { result } = renderHook(() => useSpaceBelow(panelAt(530), true, SCROLLING_FLYOUT_MIN_ROOM_PX));
  expect(result.current).toBe(700 - 530 - 34 - FLYOUT_WINDOW_GAP_PX);
  const { result: tight } = renderHook(() => useSpaceBelow(panelAt(650), true, SCROLLING_FLYOUT_MIN_ROOM_PX));
  expect(tight.current).toBe(SCROLLING_FLYOUT_MIN_ROOM_PX);
});

test("a flyout that holds itself to the room (its max-height, border-box) gets the whole box's room", () => {
  const { result } = renderHook(() => useSpaceBelow(panelAt(134), true, SCROLLING_FLYOUT_MIN_ROOM_PX, 'border'));
  expect(result.current).toBe(700 - 134 - FLYOUT_WINDOW_GAP_PX);
});

describe('with an on-screen keyboard (the visual viewport shorter than the window)', () => {
  const viewport = new EventTarget() as EventTarget & { height: number; offsetTop: number; scale: number };
  beforeEach(() => {
    Object.assign(viewport, { height: 380, offsetTop: 0, scale: 1 });
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
  });
  afterEach(() => {
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: undefined });
  });

  test('the room ends above the keyboard, and is measured again when the keyboard goes', () => {
    const { result } = renderHook(() => useSpaceBelow(panelAt(60), true));
    expect(result.current).toBe(380 - 60 - 34 - FLYOUT_WINDOW_GAP_PX);
    viewport.height = 700;
    act(() => {
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(700 - 60 - 34 - FLYOUT_WINDOW_GAP_PX);
  });

  test('a page zoomed in by pinching keeps the window\'s room (the shopper pans)', () => {
    viewport.scale = 2;
    const { result } = renderHook(() => useSpaceBelow(panelAt(60), true));
    expect(result.current).toBe(700 - 60 - 34 - FLYOUT_WINDOW_GAP_PX);
  });
});
