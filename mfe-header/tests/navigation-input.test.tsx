/**
 * Touch, mouse clicks and the keyboard on the navigation (header spec section 4 "Navigation",
 * section 7 tracking; WAI-ARIA disclosure navigation): the first tap opens, the second follows;
 * a click is tracked and followed; the disclosure buttons open with Enter and Space, Escape
 * closes and returns focus, Tab runs through the open flyout.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  entry,
  entryLink,
  fakeServices,
  followedLinks,
  isShown,
  loadCore,
  panelOf,
  pointerClick,
  pressKey,
  renderNavigation,
  resetEnvironment,
  tabbable,
  toggleOf,
  watchConsole,
  watchLinks,
} from './navigation-helpers';

beforeAll(loadCore);
beforeEach(() => {
  watchConsole();
  watchLinks();
  fakeServices();
});
afterEach(resetEnvironment);

const dataLayer = () => {
  const layer: unknown[] = [];
  (window as { dataLayer?: unknown }).dataLayer = layer;
  return layer;
};

describe('touch', () => {
  test('the first tap opens the flyout instead of following the link; the second follows', async () => {
    const layer = dataLayer();
    await renderNavigation();
    pointerClick(entryLink('Kaffee'), 'touch');
    expect(followedLinks()).toEqual([]);
    expect(isShown('Kaffee')).toBe(true);
    expect(layer).toEqual([]);

    pointerClick(entryLink('Kaffee'), 'touch');
    expect(followedLinks()).toEqual(['/kaffee']);
    expect(layer).toEqual([expect.objectContaining({ event: 'ga_event', action: 'click', label: 'Kaffee' })]);
  });

  test('a pen tap is a tap too: the first opens the flyout instead of following the link', async () => {
    await renderNavigation();
    pointerClick(entryLink('Kaffee'), 'pen');
    expect(followedLinks()).toEqual([]);
    expect(isShown('Kaffee')).toBe(true);

    pointerClick(entryLink('Kaffee'), 'pen');
    expect(followedLinks()).toEqual(['/kaffee']);
  });

  test('a tap on another entry opens that one instead', async () => {
    await renderNavigation();
    pointerClick(entryLink('Kaffee'), 'touch');
    pointerClick(entryLink('Mode'), 'touch');
    expect(followedLinks()).toEqual([]);
    expect(isShown('Kaffee')).toBe(false);
    expect(isShown('Mode')).toBe(true);
  });

  test('a tap on an entry without a flyout follows at once', async () => {
    await renderNavigation();
    pointerClick(entryLink('Geschenke'), 'touch');
    expect(followedLinks()).toEqual(['/geschenke']);
  });

  test('a finger passing over the bar opens nothing (no hover on touch)', async () => {
    jest.useFakeTimers();
    await renderNavigation();
    act(() => {
      fireEvent.pointerOver(entry('Kaffee'), { pointerType: 'touch' });
      jest.advanceTimersByTime(1000);
    });
    expect(isShown('Kaffee')).toBe(false);
  });

  test('after a tap opened it, the finger lifting off the bar does not close it', async () => {
    await renderNavigation();
    pointerClick(entryLink('Kaffee'), 'touch');
    act(() => {
      fireEvent.pointerOut(entryLink('Kaffee'), { pointerType: 'touch', relatedTarget: null });
    });
    expect(isShown('Kaffee')).toBe(true);
  });
});

describe('mouse clicks', () => {
  test('a click on a bar link pushes the tracking event and follows, without opening', async () => {
    const layer = dataLayer();
    await renderNavigation();
    pointerClick(entryLink('Kaffee'), 'mouse');
    expect(followedLinks()).toEqual(['/kaffee']);
    expect(layer).toEqual([
      { event: 'ga_event', category: 'navigation', action: 'click', label: 'Kaffee', nonInteraction: false },
    ]);
    expect(isShown('Kaffee')).toBe(false);
  });

  test('a click deep in a flyout tracks the whole path, joined by ">"', async () => {
    const layer = dataLayer();
    await renderNavigation();
    pointerClick(toggleOf('Kaffee'), 'mouse');
    const flyout = within(panelOf('Kaffee'));
    pointerClick(flyout.getByRole('button', { name: 'Espresso' }), 'mouse');
    pointerClick(flyout.getByRole('link', { name: 'Ganze Bohnen' }), 'mouse');
    expect(followedLinks()).toEqual(['/kaffee/espresso/bohnen']);
    expect(layer).toEqual([expect.objectContaining({ label: 'Kaffee>Espresso>Ganze Bohnen', category: 'navigation' })]);
  });

  test('a teaser click tracks the category and the teaser title', async () => {
    const layer = dataLayer();
    await renderNavigation();
    pointerClick(toggleOf('Kaffee'), 'mouse');
    pointerClick(within(panelOf('Kaffee')).getByRole('link', { name: /Barista Espresso/ }), 'mouse');
    expect(followedLinks()).toEqual(['/p/barista']);
    expect(layer).toEqual([expect.objectContaining({ label: 'Kaffee>Barista Espresso' })]);
  });

  test('without a data layer the link is still followed and nothing breaks', async () => {
    (window as { dataLayer?: unknown }).dataLayer = { push: () => { throw new Error('not an array'); } };
    await renderNavigation();
    pointerClick(entryLink('Mode'), 'mouse');
    expect(followedLinks()).toEqual(['/mode']);
  });
});

describe('keyboard', () => {
  test('Enter on the disclosure button opens the flyout, Enter again closes it', async () => {
    await renderNavigation();
    const toggle = toggleOf('Kaffee');
    expect(toggle).toHaveAttribute('aria-controls', panelOf('Kaffee').id);
    pressKey(toggle, 'Enter');
    expect(isShown('Kaffee')).toBe(true);
    pressKey(toggle, 'Enter');
    expect(isShown('Kaffee')).toBe(false);
  });

  test('Space opens it too; opening another entry closes the first', async () => {
    await renderNavigation();
    pressKey(toggleOf('Mode'), ' ');
    expect(isShown('Mode')).toBe(true);
    pressKey(toggleOf('Alle Themenwelten'), ' ');
    expect(isShown('Alle Themenwelten')).toBe(true);
    expect(isShown('Mode')).toBe(false);
  });

  test('Escape in the open flyout closes it and puts focus back on its button', async () => {
    await renderNavigation();
    pressKey(toggleOf('Kaffee'), 'Enter');
    const link = within(panelOf('Kaffee')).getByRole('link', { name: 'Filterkaffee' });
    pressKey(link, 'Escape');
    expect(isShown('Kaffee')).toBe(false);
    expect(toggleOf('Kaffee')).toHaveFocus();
  });

  test('Tab runs from the button through the open flyout, then on to the next entry', async () => {
    await renderNavigation();
    const nav = screen.getByRole('navigation');
    const before = tabbable(nav).map((element) => element.textContent || element.getAttribute('aria-label'));
    expect(before).toEqual([
      'Alle Themenwelten',
      'Alle Themenwelten – Untermenü öffnen',
      'Kaffee',
      'Kaffee – Untermenü öffnen',
      'Mode',
      'Mode – Untermenü öffnen',
      'Geschenke',
    ]);
    pressKey(toggleOf('Kaffee'), 'Enter');
    const order = tabbable(nav).map((element) => element.textContent || element.getAttribute('aria-label'));
    const from = order.indexOf('Kaffee – Untermenü öffnen');
    expect(order.slice(from, from + 6)).toEqual([
      'Kaffee – Untermenü öffnen',
      'Alle anzeigen',
      'Espresso',
      'Filterkaffee',
      'Maschinen',
      expect.stringContaining('Barista Espresso'),
    ]);
    expect(order[order.indexOf('Mode') - 1]).toEqual(expect.stringContaining('Kaffeevollautomat'));
  });

  test('focus leaving the navigation closes the flyout; moving inside it does not', async () => {
    await renderNavigation();
    pressKey(toggleOf('Kaffee'), 'Enter');
    const inside = within(panelOf('Kaffee')).getByRole('link', { name: 'Filterkaffee' });
    act(() => inside.focus());
    expect(isShown('Kaffee')).toBe(true);
    act(() => screen.getByRole('link', { name: 'Außerhalb' }).focus());
    expect(isShown('Kaffee')).toBe(false);
  });

  test("focus moving on from the open entry's flyout to the next entry closes it", async () => {
    await renderNavigation();
    pressKey(toggleOf('Kaffee'), 'Enter');
    const inside = within(panelOf('Kaffee')).getByRole('link', { name: 'Filterkaffee' });
    act(() => inside.focus());
    act(() => entryLink('Mode').focus());
    expect(isShown('Kaffee')).toBe(false);
    // Its own link and button, and back into its flyout, keep it open.
    pressKey(toggleOf('Kaffee'), 'Enter');
    act(() => entryLink('Kaffee').focus());
    act(() => toggleOf('Kaffee').focus());
    expect(isShown('Kaffee')).toBe(true);
  });

  test('focus going to no element (the window losing it, a click on plain text) leaves the flyout open', async () => {
    await renderNavigation();
    pressKey(toggleOf('Kaffee'), 'Enter');
    const inside = within(panelOf('Kaffee')).getByRole('link', { name: 'Filterkaffee' });
    act(() => inside.focus());
    act(() => inside.blur());
    expect(document.body).toHaveFocus();
    expect(isShown('Kaffee')).toBe(true);
  });

  test('Enter on a bar link follows it and is tracked (a keyboard click is not a tap)', async () => {
    const layer = dataLayer();
    await renderNavigation();
    // A finger touched the link earlier without a click (a scroll gesture).
    act(() => {
      fireEvent.pointerDown(entryLink('Kaffee'), { pointerType: 'touch' });
    });
    act(() => {
      fireEvent.click(entryLink('Kaffee'), { detail: 0 });
    });
    expect(followedLinks()).toEqual(['/kaffee']);
    expect(layer).toEqual([expect.objectContaining({ label: 'Kaffee' })]);
  });
});
