/**
 * The icon bar and its flyouts: hover intent, touch, click and keyboard, one flyout at a time,
 * Escape and clicks outside, the cart's rules, the page overlay and the body class, the event
 * that closes the top banner's legal hint, the search flyout's forms and the badge. The core is
 * real; nothing is faked but time and the browser's input.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { HEADER_FLYOUT_OPEN_EVENT } from '../src/features/promotions/events';
import { FLYOUT_WINDOW_GAP_PX } from '../src/features/flyouts/useSpaceBelow';
import { movePointerBetween } from './pointer';
import {
  advance,
  area,
  cartLink,
  cartToggle,
  click,
  escape,
  flush,
  hover,
  leaveToPage,
  movePointer,
  overlay,
  pressKey,
  queryCartToggle,
  renderBar,
  resetEnvironment,
  searchButton,
  shownPanel,
  storeButton,
  tap,
  TEXT,
  userButton,
} from './flyouts-helpers';

afterEach(resetEnvironment);

/** jsdom cannot judge colours (no canvas) and the test page has no landmarks around the header. */
const AXE_OPTIONS = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

/** A mini cart loader that never answers (the flyout shows its loading text). */
const pendingMiniCart = () => new Promise<undefined>(() => undefined);

const storeFinderShown = () => screen.queryByRole('heading', { name: TEXT.storeHeadline });
const userMenuShown = () => screen.queryByText(TEXT.welcome);
const searchShown = () => screen.queryByRole('combobox');
const cartShown = () => screen.queryByText(TEXT.loading);

describe('the icons', () => {
  it('are search, store finder, user menu and cart, in this order; three disclosure buttons and a cart link', async () => {
    await renderBar();
    const bar = within(area());
    const items = bar.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]).getByRole('button')).toBe(searchButton());
    expect(within(items[1]).getByRole('button')).toBe(storeButton());
    expect(within(items[2]).getByRole('button')).toBe(userButton());
    expect(within(items[3]).getByRole('link')).toBe(cartLink());
    for (const button of [searchButton(), storeButton(), userButton()]) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).not.toBeNull();
      expect(button).not.toHaveAttribute('aria-haspopup');
    }
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Every icon is decorative: the names come from the texts.
    for (const svg of area().querySelectorAll('svg')) expect(svg).toHaveAttribute('aria-hidden', 'true');
  });

  it('the cart icon links to the cart page, under the site prefix on other sites', async () => {
    await renderBar();
    expect(cartLink()).toHaveAttribute('href', '/cart?step=shopping_cart');
    resetEnvironment();
    document.body.innerHTML = '';
    await renderBar({ site: 'AT', basePath: '/at' });
    expect(cartLink()).toHaveAttribute('href', '/at/cart?step=shopping_cart');
  });

  it('have no axe violations, closed and with the user menu open', async () => {
    await renderBar({ loadMiniCart: pendingMiniCart });
    const closed = await axe.run(document.body, AXE_OPTIONS);
    expect(closed.violations).toEqual([]);
    click(userButton());
    const open = await axe.run(document.body, AXE_OPTIONS);
    expect(open.violations).toEqual([]);
  });
});

describe('the room below', () => {
  // The panels' tops are at the window's top in jsdom: the room is the window's height less the gap.
  const room = () => `${window.innerHeight - FLYOUT_WINDOW_GAP_PX}px`;

  it('the store finder and the user menu scroll within the room the window has below them', async () => {
    await renderBar();
    click(storeButton());
    expect(shownPanel(storeButton())?.style.maxHeight).toBe(room());
    click(userButton());
    expect(shownPanel(userButton())?.style.maxHeight).toBe(room());
  });

  it("the cart flyout hands the mini cart its room, for the mini cart's list to scroll in", async () => {
    await renderBar({ loadMiniCart: pendingMiniCart });
    click(cartToggle());
    expect(shownPanel(cartToggle())?.style.getPropertyValue('--smc-flyout-max-height')).toBe(room());
  });
});

describe('the mouse', () => {
  beforeEach(() => jest.useFakeTimers());

  it('opens a flyout after resting 200 ms on its icon, not at 199 ms', async () => {
    await renderBar();
    hover(storeButton());
    await advance(199);
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(storeButton()).toHaveAttribute('aria-expanded', 'false');
    await advance(1);
    expect(storeFinderShown()).toBeVisible();
    expect(storeButton()).toHaveAttribute('aria-expanded', 'true');
    expect(shownPanel(storeButton())).toContainElement(storeFinderShown());
  });

  it("opens when the mouse comes back onto the icon from where the page overlay was (the browser's pointerover then names an element that sent no pointerout)", async () => {
    await renderBar();
    // What Chrome sends once the overlay under a resting mouse went and the mouse moves onto the
    // icon: over and enter, related to the icon bar, which got no out before.
    const before = area();
    const item = storeButton().closest('li')!;
    act(() => {
      storeButton().dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: before }));
      for (const element of [item, storeButton()]) element.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse', relatedTarget: before }));
    });
    await advance(200);
    expect(storeFinderShown()).toBeVisible();
  });

  it('a mouse leaving the bar heading down into the open panel (its part left of the bar) gets 400 ms to arrive; leaving any other way closes at once', async () => {
    await renderBar();
    hover(storeButton());
    await advance(200);
    const panel = shownPanel(storeButton())!;
    // The panel lies below the bar and reaches further left than it.
    panel.getBoundingClientRect = () => ({ top: 100, left: 0, right: 400, bottom: 400, width: 400, height: 300, x: 0, y: 100, toJSON: () => ({}) });
    const leave = (from: { x: number; y: number }, to: { x: number; y: number }) => {
      act(() => {
        area().dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', clientX: from.x, clientY: from.y }));
        area().dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse', relatedTarget: document.body, clientX: to.x, clientY: to.y }));
      });
    };
    // Down and to the left, towards the panel's left part: it waits, and the mouse arrives.
    leave({ x: 350, y: 50 }, { x: 330, y: 70 });
    await advance(399);
    expect(storeFinderShown()).toBeVisible();
    act(() => {
      panel.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: document.body }));
      for (const element of [area(), panel]) element.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse', relatedTarget: document.body }));
    });
    await advance(1000);
    expect(storeFinderShown()).toBeVisible();
    // The same way, but the mouse stops short: closed once the 400 ms are over.
    leave({ x: 350, y: 50 }, { x: 330, y: 70 });
    await advance(400);
    expect(storeFinderShown()).not.toBeInTheDocument();
    // Upwards, away from the panel: closed at once.
    hover(storeButton());
    await advance(200);
    shownPanel(storeButton())!.getBoundingClientRect = panel.getBoundingClientRect;
    leave({ x: 350, y: 50 }, { x: 340, y: 30 });
    await advance(0);
    expect(storeFinderShown()).not.toBeInTheDocument();
  });

  it('moving away from the icon before 200 ms cancels it', async () => {
    await renderBar();
    hover(userButton());
    await advance(150);
    // Still in the bar, but off the icon.
    movePointer(userButton(), area().querySelector('ul')!);
    await advance(500);
    expect(userMenuShown()).not.toBeInTheDocument();
    expect(userButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows one flyout at a time: resting on another icon replaces the open one', async () => {
    await renderBar();
    hover(storeButton());
    await advance(200);
    expect(storeFinderShown()).toBeVisible();

    movePointer(storeButton(), userButton());
    await advance(199);
    expect(storeFinderShown()).toBeVisible();
    await advance(1);
    expect(userMenuShown()).toBeVisible();
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(storeButton()).toHaveAttribute('aria-expanded', 'false');
    expect(userButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('resting on another icon does not take away the flyout the keyboard focus is in', async () => {
    await renderBar();
    click(userButton());
    const register = within(shownPanel(userButton()) as HTMLElement).getByRole('link', { name: 'Registrieren' });
    act(() => register.focus());
    hover(searchButton());
    await advance(1000);
    expect(userMenuShown()).toBeVisible();
    expect(searchShown()).not.toBeInTheDocument();
    expect(register).toHaveFocus();

    // Without the focus in it, resting on another icon replaces it as before.
    act(() => register.blur());
    movePointer(searchButton(), storeButton());
    await advance(200);
    expect(storeFinderShown()).toBeVisible();
    expect(userMenuShown()).not.toBeInTheDocument();
  });

  it('moving from the icon onto its open flyout keeps it open; leaving the header closes it', async () => {
    await renderBar();
    hover(userButton());
    await advance(200);
    const panel = shownPanel(userButton())!;
    const login = within(panel).getByRole('link', { name: 'Anmelden' });
    movePointer(userButton(), login);
    await advance(2000);
    expect(userMenuShown()).toBeVisible();

    leaveToPage(login);
    await flush();
    expect(userMenuShown()).not.toBeInTheDocument();
    expect(userButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on the flyout the hover just opened keeps it open (and overlays the page at once); the next click closes it', async () => {
    await renderBar();
    hover(searchButton());
    await advance(200);
    expect(searchShown()).toBeVisible();
    expect(overlay()).toBeNull();
    click(searchButton());
    expect(searchShown()).toBeVisible();
    expect(searchButton()).toHaveAttribute('aria-expanded', 'true');
    expect(overlay()).not.toBeNull();
    // Now opened on purpose: the search input has focus, ready to type.
    expect(screen.getByRole('combobox')).toHaveFocus();
    click(searchButton());
    expect(searchShown()).not.toBeInTheDocument();
  });

  it('a search term typed into the box the hover opened stays when a click then confirms it', async () => {
    await renderBar();
    hover(searchButton());
    await advance(200);
    const box = screen.getByRole('combobox');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'kaffee' } });
    click(searchButton());
    expect(searchButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox')).toHaveValue('kaffee');
    expect(screen.getByRole('combobox')).toHaveFocus();
  });

  it('a mouse press into the flyout the hover opened is no click on its icon: Enter on the icon then closes it', async () => {
    await renderBar();
    hover(searchButton());
    await advance(200);
    const box = screen.getByRole('combobox');
    act(() => {
      fireEvent.pointerDown(box, { pointerType: 'mouse', button: 0 });
      box.focus();
    });
    fireEvent.change(box, { target: { value: 'kaffee' } });
    leaveToPage(searchButton());
    pressKey(searchButton(), 'Enter');
    expect(searchButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('the pointer leaving does not close a flyout the shopper is typing in; Escape, a press outside or the focus moving on does', async () => {
    await renderBar();
    click(storeButton());
    const postcode = within(shownPanel(storeButton()) as HTMLElement).getByRole('textbox');
    act(() => postcode.focus());
    fireEvent.change(postcode, { target: { value: '2009' } });
    leaveToPage(storeButton());
    expect(storeFinderShown()).toBeVisible();
    expect(postcode).toHaveValue('2009');
    expect(postcode).toHaveFocus();
    escape();
    expect(storeFinderShown()).not.toBeInTheDocument();

    // The same for a search box, also one the hover opened, once the shopper types in it.
    hover(searchButton());
    await advance(200);
    const box = screen.getByRole('combobox');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'kaff' } });
    leaveToPage(searchButton());
    expect(screen.getByRole('combobox')).toHaveValue('kaff');

    // Without the focus in it, leaving closes as before.
    act(() => box.blur());
    leaveToPage(searchButton());
    expect(searchShown()).not.toBeInTheDocument();
  });

  it('a mouse press on the icon released elsewhere is no click: Enter on the icon then closes the flyout the hover opened', async () => {
    await renderBar();
    hover(storeButton());
    await advance(200);
    expect(storeFinderShown()).toBeVisible();
    // Pressed, then dragged off and released: the browser sends no click.
    act(() => {
      fireEvent.pointerDown(storeButton(), { pointerType: 'mouse', button: 0 });
    });
    pressKey(storeButton(), 'Enter');
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(storeButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape with the keyboard focus on the page closes a flyout the mouse opened and leaves the focus on the page', async () => {
    await renderBar();
    const onPage = screen.getByRole('button', { name: 'Auf der Seite' });
    act(() => onPage.focus());
    hover(storeButton());
    await advance(200);
    expect(storeFinderShown()).toBeVisible();
    escape();
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(onPage).toHaveFocus();
  });

  it('Escape while the mouse rests on another icon drops that pending opening: nothing opens after', async () => {
    await renderBar();
    click(storeButton());
    movePointer(storeButton(), userButton());
    await advance(100);
    escape();
    expect(storeFinderShown()).not.toBeInTheDocument();
    await advance(1000);
    expect(userMenuShown()).not.toBeInTheDocument();
    expect(userButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter on a button whose flyout the hover opened closes it (the keyboard toggles)', async () => {
    await renderBar();
    hover(storeButton());
    await advance(200);
    pressKey(storeButton(), 'Enter');
    expect(storeFinderShown()).not.toBeInTheDocument();
  });

  it('a double click on an icon leaves its flyout open', async () => {
    await renderBar();
    hover(storeButton());
    await advance(100);
    click(storeButton());
    click(storeButton(), 2);
    await advance(1000);
    expect(storeFinderShown()).toBeVisible();
    expect(storeButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('a click opens at once and a second click closes (the pending hover is dropped)', async () => {
    await renderBar();
    hover(searchButton());
    click(searchButton());
    expect(searchShown()).toBeVisible();
    click(searchButton());
    expect(searchShown()).not.toBeInTheDocument();
    // The hover that started before the click does not reopen it.
    await advance(1000);
    expect(searchShown()).not.toBeInTheDocument();
  });
});

describe('touch', () => {
  it('a tap opens the icon flyout, a tap on the open one closes it, a tap on another replaces it', async () => {
    await renderBar({ loadMiniCart: pendingMiniCart });
    tap(storeButton());
    expect(storeFinderShown()).toBeVisible();
    tap(userButton());
    expect(userMenuShown()).toBeVisible();
    expect(storeFinderShown()).not.toBeInTheDocument();
    tap(userButton());
    expect(userMenuShown()).not.toBeInTheDocument();
  });

  it('a tap on the cart does not open the cart flyout: the cart link goes to the cart page', async () => {
    const { open } = await renderBar({ loadMiniCart: pendingMiniCart });
    // Whether the header left the link's navigation alone (seen last, on document; then
    // stopped, as jsdom cannot navigate).
    let headerPrevented: boolean | undefined;
    const onClick = (event: Event) => {
      headerPrevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', onClick);
    try {
      tap(cartLink());
    } finally {
      document.removeEventListener('click', onClick);
    }
    expect(headerPrevented).toBe(false);
    expect(open()).toBe('NONE');
    expect(cartShown()).not.toBeInTheDocument();
  });

  it('a finger on the cart preview button (shown where the device can also hover) opens and closes the preview', async () => {
    const { open } = await renderBar({ loadMiniCart: pendingMiniCart });
    tap(cartToggle());
    expect(open()).toBe('CART');
    expect(cartToggle()).toHaveAttribute('aria-expanded', 'true');
    tap(cartToggle());
    expect(open()).toBe('NONE');
  });

  it('a second tap in quick succession (a double click to the browser) closes what the first opened', async () => {
    await renderBar();
    tap(userButton());
    expect(userMenuShown()).toBeVisible();
    tap(userButton(), 2);
    expect(userMenuShown()).not.toBeInTheDocument();
  });

  it('touch pointers passing over an icon are not a hover', async () => {
    jest.useFakeTimers();
    await renderBar();
    movePointerBetween(null, userButton(), 'touch');
    await advance(1000);
    expect(userMenuShown()).not.toBeInTheDocument();
  });
});

describe('the keyboard', () => {
  it.each([['Enter' as const], [' ' as const]])('%j on an icon button opens its flyout and again closes it', async (key) => {
    await renderBar();
    pressKey(storeButton(), key);
    expect(storeFinderShown()).toBeVisible();
    expect(storeButton()).toHaveAttribute('aria-expanded', 'true');
    // Focus stays on the button (disclosure); the flyout's content follows it in tab order.
    expect(storeButton()).toHaveFocus();
    const panel = shownPanel(storeButton())!;
    expect(storeButton().compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    pressKey(storeButton(), key);
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(storeButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the open flyout and returns focus to its icon button', async () => {
    await renderBar();
    pressKey(userButton(), 'Enter');
    const panel = shownPanel(userButton())!;
    const account = within(panel).getByRole('link', { name: 'Mein Konto' });
    act(() => account.focus());
    escape();
    expect(userMenuShown()).not.toBeInTheDocument();
    expect(userButton()).toHaveFocus();
  });

  it('Escape in the search field closes the search flyout and focus goes back to the search button', async () => {
    await renderBar();
    pressKey(searchButton(), 'Enter');
    const input = screen.getByRole('combobox');
    // Opened on purpose: focus is in the search input, ready to type.
    expect(input).toHaveFocus();
    act(() => {
      fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' });
    });
    expect(searchShown()).not.toBeInTheDocument();
    expect(searchButton()).toHaveFocus();
  });

  it('focus going to no element (a click on plain text) leaves the flyout open', async () => {
    await renderBar();
    pressKey(userButton(), 'Enter');
    const account = within(shownPanel(userButton()) as HTMLElement).getByRole('link', { name: 'Mein Konto' });
    act(() => account.focus());
    act(() => account.blur());
    expect(document.body).toHaveFocus();
    expect(userMenuShown()).toBeVisible();
  });

  it('an Escape something on the page has handled already (preventDefault) leaves the flyout open', async () => {
    await renderBar();
    click(storeButton());
    const onPage = screen.getByRole('button', { name: 'Auf der Seite' });
    onPage.addEventListener('keydown', (event) => event.preventDefault());
    act(() => onPage.focus());
    escape();
    expect(storeFinderShown()).toBeVisible();
    expect(onPage).toHaveFocus();
  });

  it('Tab moving focus out of the header closes the flyout', async () => {
    await renderBar();
    pressKey(storeButton(), 'Enter');
    const onPage = screen.getByRole('button', { name: 'Auf der Seite' });
    act(() => {
      fireEvent.blur(storeButton(), { relatedTarget: onPage });
      onPage.focus();
    });
    expect(storeFinderShown()).not.toBeInTheDocument();
  });

  it('Tab moving on from an open flyout to the next icon closes it; moving within it, or from another icon onto its own, does not', async () => {
    await renderBar();
    pressKey(storeButton(), 'Enter');
    const field = screen.getByRole('textbox', { name: 'PLZ oder Ort' });
    act(() => {
      fireEvent.blur(storeButton(), { relatedTarget: field });
      field.focus();
    });
    expect(storeFinderShown()).toBeVisible();
    const panelLinks = within(field.closest('li') as HTMLElement).getAllByRole('link');
    const last = panelLinks[panelLinks.length - 1] ?? field;
    act(() => last.focus());
    act(() => {
      fireEvent.blur(last, { relatedTarget: userButton() });
      userButton().focus();
    });
    expect(storeFinderShown()).not.toBeInTheDocument();
    // The user menu, open, with the focus coming to its own icon from the one before.
    pressKey(userButton(), 'Enter');
    act(() => {
      fireEvent.blur(storeButton(), { relatedTarget: userButton() });
    });
    expect(userMenuShown()).toBeVisible();
  });

  it('a mouse press on the next icon, which takes the focus at the press, leaves the open flyout to the click (no flash of no flyout)', async () => {
    await renderBar();
    pressKey(storeButton(), 'Enter');
    act(() => {
      fireEvent.pointerDown(userButton(), { pointerType: 'mouse' });
      fireEvent.blur(storeButton(), { relatedTarget: userButton() });
      userButton().focus();
    });
    expect(storeFinderShown()).toBeVisible();
    act(() => {
      fireEvent.pointerUp(userButton(), { pointerType: 'mouse' });
      fireEvent.click(userButton(), { detail: 1 });
    });
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(userMenuShown()).toBeVisible();
  });

  it("a finger's tap on the next icon, which moves the focus after lifting, leaves the open flyout to the tap too", async () => {
    await renderBar();
    pressKey(storeButton(), 'Enter');
    act(() => {
      fireEvent.pointerDown(userButton(), { pointerType: 'touch' });
      fireEvent.pointerUp(userButton(), { pointerType: 'touch' });
      fireEvent.blur(storeButton(), { relatedTarget: userButton() });
      userButton().focus();
    });
    expect(storeFinderShown()).toBeVisible();
    act(() => {
      fireEvent.click(userButton(), { detail: 1 });
    });
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(userMenuShown()).toBeVisible();
    // The press is over: Tab on from the user menu's icon closes it again.
    act(() => {
      fireEvent.keyDown(userButton(), { key: 'Tab', code: 'Tab' });
      fireEvent.blur(userButton(), { relatedTarget: searchButton() });
      searchButton().focus();
    });
    expect(userMenuShown()).not.toBeInTheDocument();
  });
});

describe('a click outside', () => {
  it('closes the flyout; a click inside it does not', async () => {
    await renderBar();
    click(storeButton());
    click(screen.getByRole('textbox', { name: 'PLZ oder Ort' }));
    expect(storeFinderShown()).toBeVisible();
    click(screen.getByText('Seiteninhalt'));
    expect(storeFinderShown()).not.toBeInTheDocument();
  });
});

describe('the cart flyout', () => {
  beforeEach(() => jest.useFakeTimers());

  it('opens on hover and from its preview button where the mini cart is on', async () => {
    await renderBar({ loadMiniCart: pendingMiniCart });
    hover(cartLink());
    await advance(200);
    expect(cartShown()).toBeVisible();
    leaveToPage(cartLink());
    await flush();
    expect(cartShown()).not.toBeInTheDocument();

    pressKey(cartToggle(), 'Enter');
    expect(cartShown()).toBeVisible();
    expect(cartToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(shownPanel(cartToggle())).toContainElement(cartShown());
  });

  it.each([
    ['on the basket page', { pageIsBasket: true, miniCartEnabled: true }],
    ['with the mini cart switched off', { pageIsBasket: false, miniCartEnabled: false }],
  ])('never opens %s: hover keeps the open flyout, no preview button', async (_case, context) => {
    const { open } = await renderBar({ ...context, loadMiniCart: pendingMiniCart });
    expect(queryCartToggle()).not.toBeInTheDocument();
    hover(cartLink());
    await advance(1000);
    expect(open()).toBe('NONE');
    expect(cartShown()).not.toBeInTheDocument();

    // Another flyout stays open when the mouse goes on to the cart.
    movePointer(cartLink(), storeButton());
    await advance(200);
    movePointer(storeButton(), cartLink());
    await advance(1000);
    expect(open()).toBe('STORE_FINDER');
    expect(storeFinderShown()).toBeVisible();
  });
});

describe('the page overlay', () => {
  beforeEach(() => jest.useFakeTimers());

  it('a flyout opened on purpose overlays the page and marks the body at once; closing removes both', async () => {
    await renderBar();
    expect(overlay()).toBeNull();
    expect(document.body).not.toHaveClass('flyout-open');
    click(userButton());
    expect(overlay()).not.toBeNull();
    expect(document.body).toHaveClass('flyout-open');
    escape();
    expect(overlay()).toBeNull();
    expect(document.body).not.toHaveClass('flyout-open');
  });

  it('a flyout the mouse opened overlays the page once the mouse has rested on it one second', async () => {
    await renderBar();
    hover(storeButton());
    await advance(200);
    expect(storeFinderShown()).toBeVisible();
    expect(overlay()).toBeNull();
    await advance(999);
    expect(overlay()).toBeNull();
    expect(document.body).not.toHaveClass('flyout-open');
    await advance(1);
    expect(overlay()).not.toBeNull();
    expect(document.body).toHaveClass('flyout-open');

    // Replacing it by hover keeps the overlay; leaving closes both.
    movePointer(storeButton(), userButton());
    await advance(200);
    expect(userMenuShown()).toBeVisible();
    expect(overlay()).not.toBeNull();
    leaveToPage(userButton());
    await flush();
    expect(overlay()).toBeNull();
    expect(document.body).not.toHaveClass('flyout-open');
  });

  it('a mouse passing over the icons and leaving never overlays the page', async () => {
    await renderBar();
    hover(storeButton());
    await advance(500);
    leaveToPage(storeButton());
    await advance(2000);
    expect(overlay()).toBeNull();
    expect(document.body).not.toHaveClass('flyout-open');
  });

  it('a click on the overlay closes the flyout', async () => {
    await renderBar();
    click(storeButton());
    click(overlay()!);
    expect(storeFinderShown()).not.toBeInTheDocument();
    expect(overlay()).toBeNull();
  });

  it('a finger pressing the overlay leaves it in place until its click, so the tap does not reach the page beneath', async () => {
    await renderBar();
    click(userButton());
    const shield = overlay()!;
    act(() => {
      fireEvent.pointerDown(shield, { pointerType: 'touch' });
      fireEvent.pointerUp(shield, { pointerType: 'touch' });
    });
    // Still there when the browser picks the tap's click target.
    expect(overlay()).toBe(shield);
    expect(userMenuShown()).toBeVisible();
    tap(shield);
    expect(userMenuShown()).not.toBeInTheDocument();
    expect(overlay()).toBeNull();
  });

  it('the open navigation overlays the page too (the core decides)', async () => {
    await renderBar({ navigationOpen: true });
    expect(overlay()).not.toBeNull();
    expect(document.body).toHaveClass('flyout-open');
  });
});

describe('the legal hint event', () => {
  it('fires on document when a flyout opens or replaces another, not when one closes', async () => {
    await renderBar();
    const heard = jest.fn();
    document.addEventListener(HEADER_FLYOUT_OPEN_EVENT, heard);
    try {
      click(storeButton());
      expect(heard).toHaveBeenCalledTimes(1);
      click(userButton());
      expect(heard).toHaveBeenCalledTimes(2);
      click(userButton());
      escape();
      expect(heard).toHaveBeenCalledTimes(2);
    } finally {
      document.removeEventListener(HEADER_FLYOUT_OPEN_EVENT, heard);
    }
  });
});

describe('the search flyout', () => {
  it.each([
    ['CLASSIC' as const, 'shd-search--inline', '350px'],
    ['TABLET' as const, 'shd-search--inline', '270px'],
    ['MATCH' as const, 'shd-search--overlay', '550px'],
  ])('on %s holds the search box (%s, %s wide)', async (platform, variant, width) => {
    await renderBar({ platform });
    click(searchButton());
    const form = screen.getByRole('search', { name: 'Produktsuche' });
    expect(form).toHaveClass(variant);
    expect(form.style.getPropertyValue('--shd-search-width')).toBe(width);
    expect(shownPanel(searchButton())).toContainElement(form);
    expect(screen.getByRole('combobox')).toHaveFocus();
  });

  it('on MATCH the overlay box has a close button that closes the flyout', async () => {
    await renderBar({ platform: 'MATCH' });
    click(searchButton());
    click(screen.getByRole('button', { name: 'Suche schließen' }));
    expect(searchShown()).not.toBeInTheDocument();
  });

  it('opened by the mouse resting on the icon, focus stays where it was', async () => {
    jest.useFakeTimers();
    await renderBar();
    const onPage = screen.getByRole('button', { name: 'Auf der Seite' });
    act(() => onPage.focus());
    hover(searchButton());
    await advance(200);
    expect(searchShown()).toBeVisible();
    expect(onPage).toHaveFocus();
  });
});

describe('the cart badge', () => {
  /** An event the badge does not listen to. */
  const announceElsewhere = (itemCount: number) =>
    act(() => {
      document.dispatchEvent(new CustomEvent('somethingElseChanged', { detail: { itemCount } }));
    });

  it('is hidden at 0, shows the count, "+99" above 99, and the link says the count', async () => {
    const { core } = await renderBar({ initialItemCount: 0 });
    const eventName = core.cartSettings('DE').itemCountEvent;
    const badge = () => area().querySelector('.shd-icon-bar__badge');
    expect(badge()).toBeNull();
    expect(cartLink()).toHaveAccessibleName('Warenkorb');

    act(() => {
      document.dispatchEvent(new CustomEvent(eventName, { detail: { itemCount: 3 } }));
    });
    expect(badge()).toHaveTextContent('3');
    expect(cartLink()).toHaveAccessibleName('Warenkorb, 3 Artikel');

    act(() => {
      document.dispatchEvent(new CustomEvent(eventName, { detail: { itemCount: 120 } }));
    });
    expect(badge()).toHaveTextContent('+99');
    expect(cartLink()).toHaveAccessibleName('Warenkorb, 120 Artikel');

    act(() => {
      document.dispatchEvent(new CustomEvent(eventName, { detail: { itemCount: 0 } }));
    });
    expect(badge()).toBeNull();
    expect(cartLink()).toHaveAccessibleName('Warenkorb');
    // An unrelated event name changes nothing.
    announceElsewhere(5);
    expect(badge()).toBeNull();
  });

  it('starts from the count the page rendered, 99 as it is', async () => {
    await renderBar({ initialItemCount: 99 });
    expect(area().querySelector('.shd-icon-bar__badge')).toHaveTextContent(/^99$/);
  });

  it.each([
    ['DE', 'Warenkorb, 1 Artikel', 'Warenkorb, 2 Artikel'],
    ['CH_FR', 'Panier, 1 article', 'Panier, 2 articles'],
    ['PL', 'Koszyk, 1 produkt', 'Koszyk, liczba produktów: 2'],
    ['CZ', 'Košík, 1 položka', 'Košík, počet položek: 2'],
    ['SK', 'Košík, 1 položka', 'Košík, počet položiek: 2'],
    ['HU', 'Kosár, 1 termék', 'Kosár, 2 termék'],
    ['TR', 'Sepet, 1 ürün', 'Sepet, 2 ürün'],
  ] as const)('in %s, the link names one item in the singular and more in the plural', async (site, one, two) => {
    const { core } = await renderBar({ site, initialItemCount: 1 });
    const link = () => within(area()).getAllByRole('link').find((element) => element.classList.contains('shd-icon-bar__cart'));
    expect(link()).toHaveAccessibleName(one);
    act(() => {
      document.dispatchEvent(new CustomEvent(core.cartSettings(site).itemCountEvent, { detail: { itemCount: 2 } }));
    });
    expect(link()).toHaveAccessibleName(two);
    act(() => {
      document.dispatchEvent(new CustomEvent(core.cartSettings(site).itemCountEvent, { detail: { itemCount: 1 } }));
    });
    expect(link()).toHaveAccessibleName(one);
  });

  it('speaks the site language', async () => {
    await renderBar({ site: 'PL', initialItemCount: 2 });
    expect(screen.getByRole('link', { name: 'Koszyk, liczba produktów: 2' })).toHaveAttribute('href', '/cart?step=shopping_cart');
    expect(screen.getByRole('button', { name: 'Szukaj' })).toBeInTheDocument();
  });
});
