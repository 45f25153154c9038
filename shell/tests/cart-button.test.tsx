/**
 * The static header's cart preview toggle: it opens the mini cart fragment as a dialog and says
 * so (`aria-expanded`); the fragment's close puts the focus back on the toggle. A mini cart that
 * throws while open closes as far as the toggle is concerned: `aria-expanded` back to "false"
 * and the focus back on the toggle, not lost to `<body>` with the dialog. One that throws while
 * closed takes nobody's focus.
 */
import { act } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { enhanceCartButton } from '../src/cartButton';
import { shellConfig } from './shellConfig';
import { loadFragment } from '../src/federation';

jest.mock('../src/federation', () => ({ loadFragment: jest.fn() }));
const load = loadFragment as jest.MockedFunction<typeof loadFragment>;

const config = shellConfig('AT');

let breakMiniCart: (() => void) | undefined;
/** The `reloadFirst` the stand-in was mounted with. */
let mountedReloadFirst: boolean | undefined;
/** A stand-in for `minicart/MiniCart`: a dialog that takes the focus while open. */
function MiniCart({ open, onClose, reloadFirst }: { open: boolean; onClose(): void; reloadFirst?: boolean }) {
  mountedReloadFirst ??= reloadFirst;
  const [broken, setBroken] = useState(false);
  breakMiniCart = () => setBroken(true);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);
  if (broken) throw new Error('broken mini cart');
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Warenkorb">
      <button type="button" ref={close} onClick={onClose}>
        Schließen
      </button>
    </div>
  );
}

function page(): { toggle: HTMLButtonElement; slot: HTMLElement } {
  document.body.innerHTML = `
    <header id="shell-header"><div data-static-header>
      <a id="shell-cart" href="/at/cart">Warenkorb</a>
      <button id="shell-cart-preview" type="button" aria-haspopup="dialog" aria-expanded="false" hidden>Vorschau</button>
    </div><div id="shell-minicart"></div></header>`;
  return {
    toggle: document.getElementById('shell-cart-preview') as HTMLButtonElement,
    slot: document.getElementById('shell-minicart') as HTMLElement,
  };
}

/** Lets the toggle's promises (the slot's import, the fragment's load) settle. */
async function settle() {
  for (let round = 0; round < 10; round++) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

let warn: jest.SpyInstance;
let error: jest.SpyInstance;
beforeEach(() => {
  mountedReloadFirst = undefined;
  load.mockResolvedValue({ default: MiniCart });
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  load.mockReset();
  warn.mockRestore();
  error.mockRestore();
});

async function openMiniCart(toggle: HTMLButtonElement, slot: HTMLElement) {
  toggle.focus();
  await act(async () => toggle.click());
  await settle();
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(document.activeElement).toBe(slot.querySelector('[role="dialog"] button'));
}

it('opens the mini cart from the toggle and gets the focus back when it closes', async () => {
  const { toggle, slot } = page();
  enhanceCartButton(config);
  expect(toggle.hidden).toBe(false);
  await openMiniCart(toggle, slot);
  await act(async () => (slot.querySelector('[role="dialog"] button') as HTMLButtonElement).click());
  await settle();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
});

it("a cart reload asked before the mini cart is there makes its first load a forced one", async () => {
  const { toggle, slot } = page();
  enhanceCartButton(config);
  // A tile's add asks the page to reload the cart.
  document.dispatchEvent(new CustomEvent(config.cart.reloadEvents[0]!));
  await openMiniCart(toggle, slot);
  expect(mountedReloadFirst).toBe(true);
});

it("a cart another tab kept before the mini cart is there makes its first load a forced one", async () => {
  const { toggle, slot } = page();
  enhanceCartButton(config);
  window.dispatchEvent(new StorageEvent('storage', { key: config.cart.storageKey }));
  await openMiniCart(toggle, slot);
  expect(mountedReloadFirst).toBe(true);
});

it("a cart kept under another key by another tab is no reload", async () => {
  const { toggle, slot } = page();
  enhanceCartButton(config);
  window.dispatchEvent(new StorageEvent('storage', { key: 'some.other.key' }));
  await openMiniCart(toggle, slot);
  expect(mountedReloadFirst).toBe(false);
});

it('without a reload asked the mini cart loads as usual', async () => {
  const { toggle, slot } = page();
  enhanceCartButton(config);
  await openMiniCart(toggle, slot);
  expect(mountedReloadFirst).toBe(false);
});

/** The page with its toggle focused and clicked while the mini cart is still on its way. */
async function clickedWhileLoading() {
  const { toggle, slot } = page();
  let arrive!: (module: { default: typeof MiniCart }) => void;
  load.mockReturnValue(new Promise((resolve) => (arrive = resolve)) as ReturnType<typeof loadFragment>);
  enhanceCartButton(config);
  toggle.focus();
  await act(async () => toggle.click());
  return { toggle, slot, arrive };
}

it('a mini cart that comes after the shopper moved on opens nothing; one that comes in time opens', async () => {
  const { toggle, slot, arrive } = await clickedWhileLoading();
  expect(toggle).toHaveAttribute('aria-busy', 'true');
  // The shopper presses something else meanwhile.
  const elsewhere = document.createElement('a');
  elsewhere.href = '/at/p/400001';
  document.body.append(elsewhere);
  elsewhere.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  await act(async () => arrive({ default: MiniCart }));
  await settle();
  expect(toggle).not.toHaveAttribute('aria-busy');
  expect(slot.querySelector('[role="dialog"]')).toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');

  // Now loaded: a click opens at once.
  await openMiniCart(toggle, slot);
});

it("a mini cart that comes after the header fragment took the static header's place opens nothing", async () => {
  const { toggle, slot, arrive } = await clickedWhileLoading();
  // The header fragment has rendered: the static header, the toggle with it, is hidden.
  (document.querySelector('[data-static-header]') as HTMLElement).hidden = true;
  await act(async () => arrive({ default: MiniCart }));
  await settle();
  expect(toggle).not.toHaveAttribute('aria-busy');
  expect(slot.querySelector('[role="dialog"]')).toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

/** The page with the mini cart opened from its toggle, then throwing. */
async function miniCartThrownWhileOpen() {
  const shown = page();
  enhanceCartButton(config);
  await openMiniCart(shown.toggle, shown.slot);
  await act(async () => breakMiniCart?.());
  await settle();
  return shown;
}

it('a mini cart that throws while open is closed for the toggle: aria-expanded false, focus back on the toggle', async () => {
  const { toggle, slot } = await miniCartThrownWhileOpen();
  expect(slot.querySelector('[role="dialog"]')).toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
  expect(warn).toHaveBeenCalledWith('[shell] the mini cart fragment stopped after an error', expect.any(Error));
});

it('a mini cart that throws while closed takes nobody’s focus', async () => {
  const { toggle } = page();
  const elsewhere = document.createElement('button');
  document.body.append(elsewhere);
  enhanceCartButton(config);
  // Intent (focus on the toggle) loads the fragment; the shopper has moved on when it throws.
  toggle.focus();
  await settle();
  elsewhere.focus();
  await act(async () => breakMiniCart?.());
  await settle();
  expect(document.activeElement).toBe(elsewhere);
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

it('a mini cart that cannot come sends the toggle\'s click to the cart page; offline nowhere (only the browser\'s error page would be there)', async () => {
  load.mockRejectedValue(new TypeError('Failed to fetch'));
  const { followed, stop } = watchFollowedLinks();
  try {
    for (const online of [false, true]) {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: online });
      const { toggle } = page();
      enhanceCartButton(config);
      toggle.hidden = false;
      toggle.focus();
      await act(async () => toggle.click());
      await settle();
      expect({ online, followed }).toEqual({ online, followed: online ? ['/at/cart'] : [] });
    }
  } finally {
    stop();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  }
});

/** Where the page's links would go on a click (jsdom cannot navigate); `stop` ends the watch. */
function watchFollowedLinks() {
  const followed: string[] = [];
  const follow = (event: MouseEvent) => {
    const link = (event.target as Element).closest('a');
    if (link) {
      followed.push(link.getAttribute('href') ?? '');
      event.preventDefault();
    }
  };
  document.addEventListener('click', follow);
  return { followed, stop: () => document.removeEventListener('click', follow) };
}

it('after the mini cart threw, the toggle goes to the cart page, as when the mini cart cannot come', async () => {
  const { toggle } = await miniCartThrownWhileOpen();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await expectClickToGoToCartPage(toggle);
});

it('a mini cart remote whose default export is no component sends the toggle to the cart page', async () => {
  load.mockResolvedValue({ default: { render: 'not a component' } } as never);
  const { toggle } = page();
  enhanceCartButton(config);
  toggle.focus();
  await expectClickToGoToCartPage(toggle);
});

/** A click on the toggle follows the link to the cart page and opens nothing. */
async function expectClickToGoToCartPage(toggle: HTMLElement) {
  const links = watchFollowedLinks();
  try {
    await act(async () => toggle.click());
    await settle();
    expect(links.followed).toEqual(['/at/cart']);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  } finally {
    links.stop();
  }
}
