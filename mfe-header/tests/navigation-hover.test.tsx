/**
 * Opening and closing the navigation's flyouts with the mouse (header spec section 4
 * "Navigation"): hover intent of 300 ms, content rendered once and kept, moving between
 * entries, leaving, a press outside; what the header and the page are told.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { HEADER_FLYOUT_OPEN_EVENT } from '../src/features/promotions/events';
import {
  advance,
  entry,
  entryLink,
  fakeServices,
  isShown,
  loadCore,
  mouseLeave,
  mouseMove,
  panelOf,
  pointerClick,
  pressOutside,
  renderNavigation,
  resetEnvironment,
  toggleOf,
  watchConsole,
} from './navigation-helpers';

beforeAll(loadCore);
beforeEach(() => {
  watchConsole();
  fakeServices();
  jest.useFakeTimers();
});
afterEach(resetEnvironment);

describe('hover intent', () => {
  test('resting on an entry opens its flyout after 300 ms, not before', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(299);
    expect(isShown('Kaffee')).toBe(false);
    await advance(1);
    expect(isShown('Kaffee')).toBe(true);
    expect(within(panelOf('Kaffee')).getByRole('button', { name: 'Espresso' })).toBeVisible();
    expect(within(panelOf('Kaffee')).getByRole('link', { name: 'Filterkaffee' })).toHaveAttribute('href', '/kaffee/filter');
  });

  test("coming back onto an entry from where the page overlay was opens it (the browser's pointerover then names an element that sent no pointerout)", async () => {
    await renderNavigation();
    // What Chrome sends after the overlay under a resting mouse went and the mouse moves onto
    // the entry: over and enter, related to the navigation, which got no out before.
    const before = screen.getByRole('navigation');
    const link = entryLink('Kaffee');
    act(() => {
      link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: before }));
      entry('Kaffee').dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse', relatedTarget: before }));
      link.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse', relatedTarget: before }));
    });
    await advance(300);
    expect(isShown('Kaffee')).toBe(true);
  });

  test('a mouse click on the entry the mouse rested on confirms its flyout (also when it opened during the press); the next click closes it', async () => {
    await renderNavigation();
    // Rested, opened, then clicked.
    mouseMove(entry('Kaffee'));
    await advance(300);
    expect(isShown('Kaffee')).toBe(true);
    pointerClick(toggleOf('Kaffee'), 'mouse');
    await advance(0);
    expect(isShown('Kaffee')).toBe(true);
    pointerClick(toggleOf('Kaffee'), 'mouse');
    await advance(0);
    expect(isShown('Kaffee')).toBe(false);

    // Pressed at 250 ms, the hover's opening at 300 ms comes during the press, released after.
    mouseMove(entry('Mode'), entry('Kaffee'));
    await advance(250);
    act(() => {
      fireEvent.pointerDown(toggleOf('Mode'), { pointerType: 'mouse' });
    });
    await advance(100);
    expect(isShown('Mode')).toBe(true);
    act(() => {
      fireEvent.pointerUp(toggleOf('Mode'), { pointerType: 'mouse' });
      fireEvent.click(toggleOf('Mode'), { detail: 1 });
    });
    await advance(0);
    expect(isShown('Mode')).toBe(true);
  });

  test("a double click on an entry's button leaves its flyout open", async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(100);
    pointerClick(toggleOf('Kaffee'), 'mouse');
    pointerClick(toggleOf('Kaffee'), 'mouse', 2);
    await advance(1000);
    expect(isShown('Kaffee')).toBe(true);
  });

  test('passing over an entry quickly opens nothing', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(200);
    mouseLeave(entry('Kaffee'), screen.getByRole('link', { name: 'Außerhalb' }));
    await advance(1000);
    expect(isShown('Kaffee')).toBe(false);
    expect(document.querySelector('.shd-nav__panel:not([hidden])')).toBeNull();
  });

  test('passing over an entry onto the bar\'s empty part opens nothing; an open flyout stays', async () => {
    await renderNavigation();
    const bar = document.querySelector('.shd-nav__bar') as HTMLElement;
    mouseMove(entry('Mode'));
    await advance(60);
    mouseMove(bar, entry('Mode'));
    await advance(1000);
    expect(isShown('Mode')).toBe(false);

    mouseMove(entry('Kaffee'));
    await advance(300);
    mouseMove(entry('Mode'), entry('Kaffee'));
    await advance(60);
    mouseMove(bar, entry('Mode'));
    await advance(1000);
    expect(isShown('Mode')).toBe(false);
    expect(isShown('Kaffee')).toBe(true);
  });

  test('while the page is idle each flyout is rendered ahead, hidden, one at a time, so that a first opening only shows it', async () => {
    const idle: IdleRequestCallback[] = [];
    window.requestIdleCallback = (callback) => idle.push(callback);
    window.cancelIdleCallback = () => undefined;
    try {
      await renderNavigation();
      const panels = () => [...document.querySelectorAll<HTMLElement>('.shd-nav__panel')];
      const renderedPanels = () => panels().filter((panel) => panel.childElementCount > 0).length;
      expect(panels().length).toBeGreaterThan(1);
      expect(renderedPanels()).toBe(0);
      // One idle period renders one entry's flyout, and asks for the next.
      for (let done = 1; done <= panels().length; done++) {
        const callback = idle.shift();
        await act(async () => callback?.({ didTimeout: false, timeRemaining: () => 50 }));
        expect(renderedPanels()).toBe(done);
      }
      expect(idle).toHaveLength(0);
      expect(panels().every((panel) => panel.hidden)).toBe(true);
      expect(screen.queryByRole('link', { name: 'Filterkaffee' })).toBeNull();
    } finally {
      delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
      delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
    }
  });

  test('the content stays rendered (hidden) once the flyout has been open', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(300);
    pressOutside();
    expect(isShown('Kaffee')).toBe(false);
    // Hidden from everyone, yet still in the page: the next opening shows it without a render.
    expect(screen.queryByRole('link', { name: 'Filterkaffee' })).toBeNull();
    expect(within(panelOf('Kaffee')).getByText('Filterkaffee')).not.toBeVisible();
  });

  test('moving to another entry starts its own 300 ms; the open flyout stays until then', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(300);
    mouseMove(entry('Mode'), entry('Kaffee'));
    await advance(299);
    expect(isShown('Kaffee')).toBe(true);
    expect(isShown('Mode')).toBe(false);
    await advance(1);
    expect(isShown('Kaffee')).toBe(false);
    expect(isShown('Mode')).toBe(true);
    expect(within(panelOf('Mode')).getByRole('link', { name: 'Damen' })).toBeVisible();
  });

  test('resting on an entry without a flyout closes the open one after 300 ms', async () => {
    await renderNavigation();
    mouseMove(entry('Mode'));
    await advance(300);
    mouseMove(entry('Geschenke'), entry('Mode'));
    await advance(299);
    expect(isShown('Mode')).toBe(true);
    await advance(1);
    expect(isShown('Mode')).toBe(false);
  });

  test('moving from the entry down into its flyout keeps it open', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(300);
    const link = within(panelOf('Kaffee')).getByRole('link', { name: 'Filterkaffee' });
    mouseMove(link, entry('Kaffee').querySelector('a'));
    await advance(1000);
    expect(isShown('Kaffee')).toBe(true);
  });
});

describe('closing', () => {
  test('leaving the bar and the flyout with a flyout open keeps it open until a press outside', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(300);
    const inFlyout = within(panelOf('Kaffee')).getByRole('link', { name: 'Filterkaffee' });
    const outside = screen.getByRole('link', { name: 'Außerhalb' });
    mouseLeave(inFlyout, outside);
    await advance(1000);
    expect(isShown('Kaffee')).toBe(true);
    pressOutside();
    expect(isShown('Kaffee')).toBe(false);
  });

  test('with one flyout open, an entry the mouse passes on its way out does not open; the open one stays', async () => {
    await renderNavigation();
    const outside = screen.getByRole('link', { name: 'Außerhalb' });
    mouseMove(entry('Kaffee'));
    await advance(300);
    mouseMove(entry('Mode'), entry('Kaffee'));
    await advance(200);
    mouseLeave(entry('Mode'), outside);
    await advance(1000);
    expect(isShown('Mode')).toBe(false);
    expect(isShown('Kaffee')).toBe(true);
  });

  test('Escape closes it when the mouse opened it and the focus is elsewhere on the page', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(300);
    mouseLeave(entry('Kaffee'), screen.getByRole('link', { name: 'Außerhalb' }));
    expect(document.activeElement).toBe(document.body);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(isShown('Kaffee')).toBe(false);
  });

  test('closing while the mouse rests on another entry drops its pending opening: Escape or a press outside within the 300 ms, and no flyout opens after', async () => {
    await renderNavigation();
    const escape = () =>
      act(() => {
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      });
    for (const closeNavigation of [escape, pressOutside]) {
      mouseMove(entry('Kaffee'));
      await advance(300);
      expect(isShown('Kaffee')).toBe(true);
      mouseMove(entry('Mode'), entry('Kaffee'));
      await advance(100);
      expect(document.activeElement).toBe(document.body);
      closeNavigation();
      expect(isShown('Kaffee')).toBe(false);
      await advance(1000);
      expect(isShown('Mode')).toBe(false);
      expect(isShown('Kaffee')).toBe(false);
      expect(document.querySelector('.shd-nav__panel:not([hidden])')).toBeNull();
      mouseLeave(entry('Mode'), screen.getByRole('link', { name: 'Außerhalb' }));
      await advance(1000);
    }
  });

  test('one of the header\'s icon flyouts opening closes it', async () => {
    await renderNavigation();
    mouseMove(entry('Kaffee'));
    await advance(300);
    expect(isShown('Kaffee')).toBe(true);
    act(() => {
      document.dispatchEvent(new CustomEvent(HEADER_FLYOUT_OPEN_EVENT));
    });
    expect(isShown('Kaffee')).toBe(false);
  });

  test('a press outside closes it; a press inside does not', async () => {
    await renderNavigation();
    mouseMove(entry('Mode'));
    await advance(300);
    const inside = within(panelOf('Mode')).getByRole('link', { name: 'Damen' });
    inside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse' }));
    expect(isShown('Mode')).toBe(true);
    pressOutside();
    expect(isShown('Mode')).toBe(false);
  });
});

describe('what the header and the page are told', () => {
  test('onOpenChange(true) and the flyout-open event on opening, onOpenChange(false) on closing', async () => {
    const onOpenChange = jest.fn();
    const announced = jest.fn();
    document.addEventListener(HEADER_FLYOUT_OPEN_EVENT, announced);
    try {
      await renderNavigation({ onOpenChange });
      expect(onOpenChange).not.toHaveBeenCalled();
      mouseMove(entry('Kaffee'));
      await advance(300);
      expect(onOpenChange.mock.calls).toEqual([[true]]);
      expect(announced).toHaveBeenCalledTimes(1);
      // Switching to another entry keeps the flyout open: nothing new to tell.
      mouseMove(entry('Mode'), entry('Kaffee'));
      await advance(300);
      expect(onOpenChange.mock.calls).toEqual([[true]]);
      pressOutside();
      expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
      expect(announced).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener(HEADER_FLYOUT_OPEN_EVENT, announced);
    }
  });
});
