/**
 * The mini cart and its surroundings: browser storage, the item-count document event, forced
 * reloads on document events, closing the dialog, and the framework-agnostic mount().
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Cart } from '@shop/core';
import MiniCart from '../src/MiniCart';
import { mount, type Unmount } from '../src/mount';
import {
  coffee,
  fakeService,
  flush,
  giftCard,
  machine,
  makeCart,
  mugs,
  removeButton,
  renderMiniCart,
  resetEnvironment,
  serviceWithCart,
  TEXT,
  undoButton,
} from './helpers';

const COFFEE = 'Barista Caffè Crema, 1 kg Bohnen';
const MUGS = 'Kaffeebecher, 4er-Set';
const GIFT_CARD = 'Geschenkkarte 25 €';

afterEach(resetEnvironment);

describe('browser storage', () => {
  it('shows the stored cart before the GET answers, then keeps the service cart under "cart"', async () => {
    window.localStorage.setItem('cart', JSON.stringify(makeCart({ articles: [mugs()] })));
    const service = fakeService();
    await renderMiniCart();

    // The GET is still pending, yet the stored items show (no loading state).
    expect(service.gets()).toHaveLength(1);
    expect(service.gets()[0].settled).toBe(false);
    expect(screen.getByText(MUGS)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.loading)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();

    const fromService = makeCart({ articles: [coffee()], giftCards: [giftCard()] }, { totalSum: 4199 });
    service.gets()[0].reply(200, fromService);
    await flush();

    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(screen.getByText(GIFT_CARD)).toBeInTheDocument();
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem('cart') ?? 'null') as Cart;
    expect(stored).toMatchObject(fromService);
    expect(JSON.stringify(stored)).not.toContain('400006');
  });

  it("on another site: every call names that site's cart, kept under its own key; DE's stored cart is not shown", async () => {
    window.localStorage.setItem('cart', JSON.stringify(makeCart({ articles: [mugs()] })));
    const hungarianCoffee = { ...coffee(), title: 'Barista Caffè Crema szemes kávé, 1 kg', price: { calculatedPrice: 679000 } };
    const service = serviceWithCart(makeCart({ articles: [hungarianCoffee] }, { totalSum: 679000 }));
    await renderMiniCart({ site: 'HU' });

    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(screen.getByText('Barista Caffè Crema szemes kávé, 1 kg')).toBeInTheDocument();
    expect(screen.getAllByText('6 790 Ft').length).toBeGreaterThan(0);
    expect(service.gets()[0].headers).toMatchObject({ site: 'HU' });
    expect(JSON.parse(window.localStorage.getItem('cart.HU') ?? 'null')).toMatchObject({ totalSum: 679000 });
    expect(JSON.parse(window.localStorage.getItem('cart') ?? 'null')).toMatchObject({ articles: [{ productId: '400006' }] });

    fireEvent.click(screen.getByRole('button', { name: /Barista Caffè Crema szemes kávé/ }));
    await flush();
    expect(service.puts()).toHaveLength(1);
    expect(service.puts()[0].headers).toMatchObject({ site: 'HU', 'Content-Type': 'application/json' });
  });

  it("a site the host names that is none of the nine counts as the page's, as in every fragment: no error, the page language's cart", async () => {
    document.documentElement.lang = 'hu-HU';
    try {
      const service = serviceWithCart(makeCart({ articles: [coffee()] }));
      await renderMiniCart({ site: 'XX' as never });
      expect(screen.getByRole('heading', { name: /Kosár/ })).toBeInTheDocument();
      expect(service.gets()[0].headers).toMatchObject({ site: 'HU' });
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('keeps the cart the service answers a removal with', async () => {
    const service = serviceWithCart(makeCart({ articles: [coffee(), mugs()] }));
    await renderMiniCart();

    fireEvent.click(removeButton(MUGS));
    const afterRemoval = makeCart({ articles: [coffee()] });
    service.puts()[0].reply(200, { cart: afterRemoval });
    await flush();

    expect(undoButton(MUGS)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? 'null')).toMatchObject(afterRemoval);
  });

  it.each([
    ['malformed JSON', '{"articles": [ {not json'],
    ['a JSON value that is no cart', '"hello"'],
    ['a list', '[1, 2, 3]'],
  ])('ignores %s in storage and loads normally', async (_name, stored) => {
    window.localStorage.setItem('cart', stored);
    const service = fakeService();
    await renderMiniCart();

    expect(screen.getByRole('status')).toHaveTextContent(TEXT.loading);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    service.gets()[0].reply(200, makeCart({ articles: [coffee()] }));
    await flush();
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? 'null')).toMatchObject({ numberOfArticles: 1 });
  });
});

describe('item-count document event', () => {
  it('announces the loaded count and the count after a successful delete', async () => {
    const counts: number[] = [];
    const listener = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
    document.addEventListener('cartItemCountChanged', listener);
    try {
      const service = serviceWithCart(makeCart({ articles: [{ ...coffee(), quantity: { quantity: 2 } }, mugs()] }));
      await renderMiniCart();

      expect(screen.getByText(COFFEE)).toBeInTheDocument();
      expect(counts.at(-1)).toBe(3);

      fireEvent.click(removeButton(COFFEE));
      service.puts()[0].reply(200, { cart: makeCart({ articles: [mugs()] }) });
      await flush();

      expect(undoButton(COFFEE)).toBeInTheDocument();
      expect(counts.at(-1)).toBe(1);
      expect(counts).toContain(3);
    } finally {
      document.removeEventListener('cartItemCountChanged', listener);
    }
  });

  // The cart the browser kept is shown until the service answers, but may be older than the
  // page's count (a removal on the cart page's form does not touch it): not announced either.
  it.each([
    ['no cart kept in the browser', null],
    ['a cart kept in the browser', makeCart({ articles: [mugs(), coffee()] })],
  ])('announces nothing before the service answers, nor after a load that failed (the page keeps its count): %s', async (_case, kept) => {
    if (kept) window.localStorage.setItem('cart', JSON.stringify(kept));
    const counts: number[] = [];
    const listener = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
    document.addEventListener('cartItemCountChanged', listener);
    try {
      const service = fakeService();
      await renderMiniCart();
      expect(service.gets()).toHaveLength(1);
      if (kept) expect(screen.getByText(MUGS)).toBeInTheDocument();
      expect(counts).toEqual([]);
      service.gets()[0].reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
      await flush();
      expect(screen.getByText(/technischen Gründen/)).toBeInTheDocument();
      expect(counts).toEqual([]);
    } finally {
      document.removeEventListener('cartItemCountChanged', listener);
    }
  });

  it('announces the count again after a failed delete puts the line back', async () => {
    const counts: number[] = [];
    const listener = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
    document.addEventListener('cartItemCountChanged', listener);
    try {
      const service = serviceWithCart(makeCart({ articles: [coffee(), mugs()] }));
      await renderMiniCart();
      expect(counts.at(-1)).toBe(2);

      fireEvent.click(removeButton(COFFEE));
      service.puts()[0].reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
      await flush();

      expect(screen.getByRole('alert')).toHaveTextContent(TEXT.changeError);
      expect(counts.at(-1)).toBe(2);
    } finally {
      document.removeEventListener('cartItemCountChanged', listener);
    }
  });

  it('announces the count while the mini cart is closed', async () => {
    const counts: number[] = [];
    const listener = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
    document.addEventListener('cartItemCountChanged', listener);
    try {
      serviceWithCart(makeCart({ articles: [coffee(), mugs()] }));
      await renderMiniCart({ open: false });
      expect(counts.at(-1)).toBe(2);
    } finally {
      document.removeEventListener('cartItemCountChanged', listener);
    }
  });
});

describe('forced reload', () => {
  it.each(['cartTriggerUpdate', 'tpModalBeforeClosing'])(
    'reloads the cart with forceReload=true on the document event %s',
    async (eventName) => {
      let answer = makeCart({ articles: [mugs()] });
      const service = fakeService((request) => (request.method === 'GET' ? { status: 200, body: answer } : undefined));
      await renderMiniCart();

      expect(service.gets()).toHaveLength(1);
      expect(service.gets()[0].url).toBe('/service/cart/api/cart');
      expect(screen.getByText(MUGS)).toBeInTheDocument();

      answer = makeCart({ articles: [mugs(), coffee()] });
      await act(async () => {
        document.dispatchEvent(new Event(eventName));
      });
      await flush();

      expect(service.gets()).toHaveLength(2);
      expect(service.gets()[1].url).toBe('/service/cart/api/cart?forceReload=true');
      expect(screen.getByText(COFFEE)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Warenkorb (2 Artikel)' })).toBeInTheDocument();
    },
  );

  it('makes its first load a forced reload when the host was asked to reload before it was there', async () => {
    const service = serviceWithCart(makeCart({ articles: [mugs()] }));
    await renderMiniCart({ reloadFirst: true });
    expect(service.gets()).toHaveLength(1);
    expect(service.gets()[0].url).toBe('/service/cart/api/cart?forceReload=true');
    expect(screen.getByText(MUGS)).toBeInTheDocument();
  });

  it("takes the cart another tab kept (the storage event for the site's key), without a call of its own", async () => {
    const service = serviceWithCart(makeCart({ articles: [mugs()] }));
    await renderMiniCart();
    expect(screen.getByRole('heading', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();
    const otherTab = (key: string, newValue: string) =>
      act(async () => {
        window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));
      });

    // Another site's cart and an unreadable value change nothing.
    await otherTab('cart.HU', JSON.stringify(makeCart({ articles: [mugs(), coffee()] })));
    await otherTab('cart', '{"articles": oops');
    await flush();
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();

    await otherTab('cart', JSON.stringify(makeCart({ articles: [mugs(), coffee()] })));
    await flush();
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb (2 Artikel)' })).toBeInTheDocument();
    expect(service.gets()).toHaveLength(1);
  });

  it("after the host switches the site, takes the new site's cart from another tab and no longer the former site's", async () => {
    serviceWithCart(makeCart({ articles: [mugs()] }));
    const { rerender, onClose } = await renderMiniCart();
    await act(async () => {
      rerender(<MiniCart site="HU" open onClose={onClose} />);
    });
    await flush();
    expect(screen.getByText(MUGS)).toBeInTheDocument();
    const otherTab = (key: string, cart: Cart) =>
      act(async () => {
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify(cart), storageArea: window.localStorage }));
      });

    // DE's cart, changed in another tab, is not this (HU) mini cart's.
    await otherTab('cart', makeCart({ articles: [mugs(), coffee()] }));
    await flush();
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();

    await otherTab('cart.HU', makeCart({ articles: [mugs(), machine()] }));
    await flush();
    expect(screen.getByText('Kaffeevollautomat Esperto Caffè')).toBeInTheDocument();
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
  });

  it('does not reload on other document events', async () => {
    const service = serviceWithCart(makeCart({ articles: [mugs()] }));
    await renderMiniCart();
    await act(async () => {
      document.dispatchEvent(new Event('cartItemCountChanged'));
      document.dispatchEvent(new Event('somethingElse'));
    });
    expect(service.gets()).toHaveLength(1);
  });
});

describe('closing', () => {
  it('calls onClose on Escape (the dialog cancel event)', async () => {
    serviceWithCart(makeCart({ articles: [mugs()] }));
    const { onClose } = await renderMiniCart();

    const dialog = screen.getByRole('dialog', { name: 'Warenkorb (1 Artikel)' });
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);

    expect(onClose).toHaveBeenCalledTimes(1);
    // The host decides: the dialog is not closed behind its back.
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('calls onClose from the close button "Warenkorb schließen"', async () => {
    serviceWithCart(makeCart({ articles: [mugs()] }));
    const { onClose } = await renderMiniCart();

    fireEvent.click(screen.getByRole('button', { name: 'Warenkorb schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on a click inside the panel', async () => {
    serviceWithCart(makeCart({ articles: [mugs()] }));
    const { onClose } = await renderMiniCart();

    fireEvent.click(screen.getByText('Menge: 1'));
    fireEvent.click(screen.getByRole('heading', { level: 2 }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renders no panel content with open={false}, and closes when open turns false', async () => {
    serviceWithCart(makeCart({ articles: [mugs()] }));
    const { container, rerender, onClose } = await renderMiniCart({ open: false });

    const dialog = container.querySelector('dialog');
    expect(dialog).not.toBeNull();
    expect(dialog).not.toHaveAttribute('open');
    expect(dialog).toBeEmptyDOMElement();
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Warenkorb schließen' })).not.toBeInTheDocument();

    await act(async () => {
      rerender(<MiniCart site="DE" open onClose={onClose} />);
    });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog as HTMLElement).getByText(MUGS)).toBeInTheDocument();

    await act(async () => {
      rerender(<MiniCart site="DE" open={false} onClose={onClose} />);
    });
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
  });
});

describe('mount()', () => {
  it('renders into the element, hides the content on update({open:false}) and unmounts', async () => {
    serviceWithCart(makeCart({ articles: [mugs()] }));
    const element = document.createElement('div');
    document.body.append(element);
    const onClose = jest.fn();
    let unmount!: Unmount;
    try {
      await act(async () => {
        unmount = mount(element, { site: 'DE', open: true, onClose });
      });
      await flush();

      expect(within(element).getByText(MUGS)).toBeInTheDocument();
      expect(within(element).getByRole('link', { name: 'Direkt zur Kasse' })).toHaveAttribute('href', '/checkout');
      fireEvent.click(within(element).getByRole('button', { name: 'Warenkorb schließen' }));
      expect(onClose).toHaveBeenCalledTimes(1);

      await act(async () => {
        unmount.update({ open: false });
      });
      expect(within(element).queryByText(MUGS)).not.toBeInTheDocument();
      expect(element.querySelector('dialog')).not.toHaveAttribute('open');

      await act(async () => {
        unmount.update({ open: true });
      });
      expect(within(element).getByText(MUGS)).toBeInTheDocument();

      await act(async () => {
        unmount();
      });
      expect(element).toBeEmptyDOMElement();
      expect(element.innerHTML).toBe('');
    } finally {
      element.remove();
    }
  });
});
