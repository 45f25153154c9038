/**
 * Sticky mode (header spec section 4 "Navigation"): opening saves the scroll position and
 * freezes the body, closing restores it exactly. Sticky mode is the core's
 * `stickyHeader(platform, stickyBehaviour)`: not CLASSIC, or the page asks for it.
 */
import { act } from '@testing-library/react';
import {
  entry,
  fakeServices,
  isShown,
  loadCore,
  mouseMove,
  panelOf,
  pressKey,
  pressOutside,
  renderNavigation,
  resetEnvironment,
  toggleOf,
  watchConsole,
} from './navigation-helpers';

beforeAll(loadCore);

let scrollTo: jest.Mock;

/** The page scrolled to `y` (jsdom does not scroll). */
function scrolledTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  Object.defineProperty(window, 'scrollX', { value: 0, configurable: true, writable: true });
}

beforeEach(() => {
  watchConsole();
  fakeServices();
  scrollTo = jest.fn((options: ScrollToOptions) => scrolledTo(options.top ?? 0));
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  document.body.removeAttribute('style');
});

afterEach(() => {
  scrolledTo(0);
  document.body.removeAttribute('style');
  resetEnvironment();
});

const body = () => document.body.style;

test('TABLET: opening freezes the body where the page was; closing restores the position exactly', async () => {
  scrolledTo(1234);
  await renderNavigation({ platform: 'TABLET' });
  pressKey(toggleOf('Kaffee'), 'Enter');
  expect(body().position).toBe('fixed');
  expect(body().top).toBe('-1234px');
  expect(body().width).toBe('100%');
  expect(scrollTo).not.toHaveBeenCalled();

  // While frozen, the window reports no scroll; switching entries keeps the saved position.
  scrolledTo(0);
  pressKey(toggleOf('Mode'), 'Enter');
  expect(body().top).toBe('-1234px');

  pressOutside();
  expect(isShown('Mode')).toBe(false);
  expect(body().position).toBe('');
  expect(body().top).toBe('');
  expect(scrollTo).toHaveBeenCalledTimes(1);
  expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 1234, behavior: 'instant' });
  expect(window.scrollY).toBe(1234);
});

test('leaving the page from an open flyout (a link followed) thaws the page first: the way back returns to where the shopper was', async () => {
  scrolledTo(600);
  await renderNavigation({ platform: 'TABLET' });
  pressKey(toggleOf('Kaffee'), 'Enter');
  scrolledTo(0);
  expect(body().position).toBe('fixed');
  // The browser keeps the window's scroll position for the way back as the page is hidden.
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(body().position).toBe('');
  expect(body().top).toBe('');
  expect(window.scrollY).toBe(600);
  // The flyout's later closing does not scroll or touch the body again.
  pressOutside();
  expect(scrollTo).toHaveBeenCalledTimes(1);
});

test('the body\'s own inline values come back after closing', async () => {
  document.body.style.position = 'relative';
  document.body.style.top = '3px';
  scrolledTo(80);
  await renderNavigation({ platform: 'MATCH' });
  pressKey(toggleOf('Kaffee'), 'Enter');
  expect(body().position).toBe('fixed');
  pressKey(toggleOf('Kaffee'), 'Escape');
  expect(body().position).toBe('relative');
  expect(body().top).toBe('3px');
  expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 80, behavior: 'instant' });
});

test('CLASSIC without the sticky behaviour: the page is never frozen', async () => {
  jest.useFakeTimers();
  scrolledTo(500);
  await renderNavigation({ platform: 'CLASSIC' });
  mouseMove(entry('Kaffee'));
  await act(async () => {
    jest.advanceTimersByTime(300);
  });
  expect(isShown('Kaffee')).toBe(true);
  expect(body().position).toBe('');
  pressOutside();
  expect(scrollTo).not.toHaveBeenCalled();
});

test('CLASSIC without the sticky behaviour: the wheel on the page closes the flyout (the page would carry it out of sight); in the flyout it does not', async () => {
  await renderNavigation({ platform: 'CLASSIC' });
  pressKey(toggleOf('Kaffee'), 'Enter');
  act(() => {
    panelOf('Kaffee').dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 100 }));
  });
  expect(isShown('Kaffee')).toBe(true);
  act(() => {
    document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 100 }));
  });
  expect(isShown('Kaffee')).toBe(false);
});

test('in sticky mode the wheel on the frozen page leaves the flyout open', async () => {
  await renderNavigation({ platform: 'TABLET' });
  pressKey(toggleOf('Kaffee'), 'Enter');
  act(() => {
    document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 100 }));
  });
  expect(isShown('Kaffee')).toBe(true);
});

test('CLASSIC with the sticky behaviour freezes too', async () => {
  scrolledTo(640);
  await renderNavigation({ platform: 'CLASSIC', stickyBehaviour: true });
  pressKey(toggleOf('Alle Themenwelten'), 'Enter');
  expect(body().position).toBe('fixed');
  expect(body().top).toBe('-640px');
  pressOutside();
  expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 640, behavior: 'instant' });
});

test('unmounting while open restores the page and tells the header it closed', async () => {
  scrolledTo(300);
  const onOpenChange = jest.fn();
  const { unmount } = await renderNavigation({ platform: 'TABLET', onOpenChange });
  pressKey(toggleOf('Kaffee'), 'Enter');
  expect(body().position).toBe('fixed');
  unmount();
  expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  expect(body().position).toBe('');
  expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 300, behavior: 'instant' });
});
