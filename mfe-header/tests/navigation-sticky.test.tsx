/**
 * Sticky mode (header spec section 4 "Navigation"): opening saves the scroll position and
 * freezes the body, closing restores it exactly. Sticky mode is the core's
 * `stickyHeader(platform, stickyBehaviour)`: not CLASSIC, or the page asks for it.
 */
import { useRef } from 'react';
import { act, fireEvent, render } from '@testing-library/react';
import { useStuckHeader } from '../src/shared/useStuckHeader';
import { advanceTime } from '../../build/jest/settle';
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

  // While frozen, the window reports no scroll; switching entries with the mouse keeps the saved
  // position (the press focuses the next button, as Chrome does, and Kaffee stays open until the
  // click: no thaw in between).
  scrolledTo(0);
  act(() => {
    fireEvent.pointerDown(toggleOf('Mode'), { pointerType: 'mouse' });
    toggleOf('Mode').focus();
  });
  expect(isShown('Kaffee')).toBe(true);
  act(() => {
    fireEvent.pointerUp(toggleOf('Mode'), { pointerType: 'mouse' });
    fireEvent.click(toggleOf('Mode'), { detail: 1 });
  });
  expect(isShown('Mode')).toBe(true);
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

/**
 * The header's frame, header and bar as `Header` wires them to `useStuckHeader`, with the stuck
 * class and styles it sets. jsdom lays nothing out: the measures are given per element.
 */
function StuckHarness() {
  const frame = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const stuck = useStuckHeader(true, frame, header, bar);
  return (
    <div ref={frame} data-testid="frame" style={stuck.stuck ? { height: stuck.height } : undefined}>
      <div
        ref={header}
        data-testid="header"
        className={stuck.stuck ? 'shd-header shd-header--stuck' : 'shd-header'}
        style={stuck.stuck ? { top: -stuck.lift } : undefined}
      >
        <div className="shd-header__benefits" />
        <div ref={bar} data-testid="bar" className="shd-header__bar" />
      </div>
    </div>
  );
}

test('sticky mode: the header is fixed once its bar reaches the window top (its top scrolled past by the rows above the bar), not before', async () => {
  jest.useFakeTimers();
  const LIFT = 40; // the benefits row above the bar
  const HEIGHT = 160;
  let frameTop = 0;
  const { getByTestId } = render(<StuckHarness />);
  const frame = getByTestId('frame');
  const header = getByTestId('header');
  Object.defineProperty(getByTestId('bar'), 'offsetTop', { configurable: true, get: () => LIFT });
  Object.defineProperty(header, 'offsetHeight', { configurable: true, get: () => HEIGHT });
  frame.getBoundingClientRect = () => ({ top: frameTop }) as DOMRect;
  const scrollTo = async (top: number) => {
    frameTop = top;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    // Measured at most once a frame.
    await advanceTime(20);
  };
  const padding = () => document.documentElement.style.getPropertyValue('scroll-padding-top');
  const stuckHeight = () => document.documentElement.style.getPropertyValue('--shd-stuck-height');

  await scrollTo(10);
  expect(header).not.toHaveClass('shd-header--stuck');
  // The header's top is above the window's, but only the benefits row is out of view: not yet.
  await scrollTo(-30);
  expect(header).not.toHaveClass('shd-header--stuck');
  await scrollTo(-LIFT);
  expect(header).not.toHaveClass('shd-header--stuck');
  expect(padding()).toBe('');
  expect(stuckHeight()).toBe('');
  // The bar has passed the window's top: fixed, the rows above it lifted out of view.
  await scrollTo(-LIFT - 1);
  expect(header).toHaveClass('shd-header--stuck');
  expect(header.style.top).toBe(`-${LIFT}px`);
  expect(frame.style.height).toBe(`${HEIGHT}px`);
  expect(padding()).toBe(`${HEIGHT - LIFT}px`);
  // The page's offsets can take the part it covers off (the shop's pages keep a link's target
  // 8rem from the top with it).
  expect(stuckHeight()).toBe(`${HEIGHT - LIFT}px`);
  // Scrolled back until the bar is in its place again: loose.
  await scrollTo(-20);
  expect(header).not.toHaveClass('shd-header--stuck');
  expect(padding()).toBe('');
  expect(stuckHeight()).toBe('');
});
