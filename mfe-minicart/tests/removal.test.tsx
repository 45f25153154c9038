/**
 * Removing lines: optimistic delete, the 10 s undo window, undo, failed deletes with their
 * 7.5 s error, and rapid repeated clicks. Time is fake (modern timers fake Date.now too).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Article, Cart } from '@shop/core';
import {
  advance,
  CART_PATH,
  coffee,
  defectiveGrinder,
  defectiveThermos,
  espressoAbo,
  flush,
  freeSample,
  giftCard,
  machine,
  makeCart,
  mugs,
  partner,
  removeButton,
  renderMiniCart,
  resetEnvironment,
  serviceWithCart,
  struckThrough,
  sweater,
  TEXT,
  tile,
  undoButton,
} from './helpers';
import { UNDO_GUARD_AFTER_REMOVE_MS } from '../src/views/LineTile';

const COFFEE = 'Barista Caffè Crema, 1 kg Bohnen';
const MUGS = 'Kaffeebecher, 4er-Set';

/** Coffee ×2 (so undo has a quantity to restore) and mugs ×1. */
const twoPieces = (): Article => ({ ...coffee(), quantity: { quantity: 2 } });
const fullCart = (): Cart => makeCart({ articles: [twoPieces(), mugs()] });
const withoutCoffee = (): Cart => makeCart({ articles: [mugs()] });
const withoutMugs = (): Cart => makeCart({ articles: [twoPieces()] });
const emptyCart = (): Cart => makeCart({});

/** A deliberate Undo: past the guard against a double click's second click landing on it. */
const AFTER_GUARD = UNDO_GUARD_AFTER_REMOVE_MS + 100;

const removeCoffeePayload = { setArticle: { productId: '400001', tcm: '400001-01', quantity: 0 } };
const removeMugsPayload = { setArticle: { productId: '400006', tcm: '400006-01', quantity: 0 } };

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2030-01-15T10:00:00Z'));
});
afterEach(resetEnvironment);

async function loaded() {
  const service = serviceWithCart(fullCart);
  const view = await renderMiniCart();
  expect(screen.getByText(COFFEE)).toBeInTheDocument();
  expect(screen.getByText(MUGS)).toBeInTheDocument();
  return { service, ...view };
}

describe('optimistic delete', () => {
  it('strikes the line through at once, sends one PUT, offers undo on success, and drops the line after 10 000 ms', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));

    // At once, before the service answers: struck through and marked removed.
    expect(struckThrough(COFFEE)).toBe(true);
    expect(within(tile(COFFEE)).getByText('Entfernt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /rückgängig/ })).not.toBeInTheDocument();
    expect(struckThrough(MUGS)).toBe(false);
    expect(service.puts()).toHaveLength(1);
    expect(service.puts()[0].url).toBe('/service/cart/api/cart');
    expect(service.puts()[0].payload).toEqual(removeCoffeePayload);

    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();

    expect(undoButton(COFFEE)).toHaveTextContent('Rückgängig');
    expect(struckThrough(COFFEE)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();
    expect(service.puts()).toHaveLength(1);

    await advance(9_999);
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(undoButton(COFFEE)).toBeInTheDocument();

    await advance(1);
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /rückgängig/ })).not.toBeInTheDocument();
    expect(screen.getByText(MUGS)).toBeInTheDocument();
    expect(service.puts()).toHaveLength(1);
  });

  it('marks the line busy for assistive technology while its removal is in flight, and no longer once confirmed', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    expect(tile(COFFEE)).toHaveAttribute('aria-busy', 'true');
    expect(tile(MUGS)).not.toHaveAttribute('aria-busy');

    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    expect(tile(COFFEE)).not.toHaveAttribute('aria-busy');
  });

  it('shows the empty cart once the last line has left', async () => {
    const service = serviceWithCart(makeCart({ articles: [mugs()] }));
    await renderMiniCart();

    fireEvent.click(removeButton(MUGS));
    service.puts()[0].reply(200, { cart: emptyCart() });
    await flush();
    expect(undoButton(MUGS)).toBeInTheDocument();
    expect(screen.queryByText(TEXT.emptyTitle)).not.toBeInTheDocument();

    await advance(10_000);
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(screen.getByText(TEXT.emptyTitle)).toBeInTheDocument();
  });
});

describe('undo', () => {
  it('sends the restore payload within 10 s and shows the line normally again', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    await advance(9_000);

    fireEvent.click(undoButton(COFFEE));
    expect(service.puts()).toHaveLength(2);
    expect(service.puts()[1].payload).toEqual({
      setArticle: { productId: '400001', tcm: '400001-01', quantity: 2 },
    });
    // Back at once (optimistic), not struck through.
    expect(struckThrough(COFFEE)).toBe(false);

    service.puts()[1].reply(200, { cart: fullCart() });
    await flush();

    expect(struckThrough(COFFEE)).toBe(false);
    expect(screen.queryByText('Entfernt')).not.toBeInTheDocument();
    expect(removeButton(COFFEE)).toHaveTextContent('Entfernen');
    expect(within(tile(COFFEE)).getByText('Menge: 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb (3 Artikel)' })).toBeInTheDocument();

    // The former window ending changes nothing.
    await advance(5_000);
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(struckThrough(COFFEE)).toBe(false);
    expect(service.puts()).toHaveLength(2);
  });

  it('keeps a line where it came back when the service adds it back at the end, also through the next removal', async () => {
    // Four lines; the machine (second) is removed and brought back.
    const [first, second, third, fourth] = [twoPieces(), machine(), sweater(), mugs()];
    const cartOf = (...articles: Article[]) => makeCart({ articles });
    const service = serviceWithCart(cartOf(first, second, third, fourth));
    await renderMiniCart();
    const order = () => {
      const texts = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
      return [first, second, third, fourth]
        .map((article) => article.title)
        .sort((a, b) => texts.findIndex((t) => t.includes(a)) - texts.findIndex((t) => t.includes(b)));
    };
    const shown = [first.title, second.title, third.title, fourth.title];
    expect(order()).toEqual(shown);

    fireEvent.click(removeButton(second.title));
    service.puts()[0].reply(200, { cart: cartOf(first, third, fourth) });
    await flush();
    await advance(AFTER_GUARD);
    fireEvent.click(undoButton(second.title));
    // The service adds the machine back at the end.
    service.puts()[1].reply(200, { cart: cartOf(first, third, fourth, second) });
    await flush();
    expect(order()).toEqual(shown);

    // The next removal's answer has the service's order: no line moves.
    fireEvent.click(removeButton(fourth.title));
    service.puts()[2].reply(200, { cart: cartOf(first, third, second) });
    await flush();
    expect(order()).toEqual(shown);
    expect(removeButton(second.title)).toBe(within(tile(second.title)).getByRole('button'));
  });
});

describe('failed delete', () => {
  it('puts the line back and shows the ITEM_LIMIT text with its limit for 7 500 ms', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    expect(struckThrough(COFFEE)).toBe(true);
    service.puts()[0].reply(409, { error: 'ITEM_LIMIT', limit: 10 });
    await flush();

    expect(struckThrough(COFFEE)).toBe(false);
    expect(screen.queryByText('Entfernt')).not.toBeInTheDocument();
    expect(removeButton(COFFEE)).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.itemLimit10);
    expect(screen.getByRole('heading', { name: 'Warenkorb (3 Artikel)' })).toBeInTheDocument();

    await advance(7_499);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.itemLimit10);

    await advance(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.queryByText(TEXT.itemLimit10)).not.toBeInTheDocument();
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
  });

  it('puts the line back and shows the technical change error on a 503', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
    await flush();

    expect(struckThrough(COFFEE)).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.changeError);
    expect(screen.getByRole('alert')).toHaveTextContent(/nicht geändert werden/);

    await advance(7_499);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.changeError);
    await advance(1);
    expect(screen.queryByText(TEXT.changeError)).not.toBeInTheDocument();
  });

  it("says a gift card could not be removed and to wait a few minutes when its removal fails", async () => {
    const title = 'Geschenkkarte 25 €';
    const service = serviceWithCart(makeCart({ articles: [mugs()], giftCards: [giftCard()] }));
    await renderMiniCart();

    fireEvent.click(removeButton(title));
    service.puts()[0].reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
    await flush();

    expect(struckThrough(title)).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.removalFailed);
    expect(screen.queryByText(TEXT.changeError)).not.toBeInTheDocument();
  });

  it('puts the line back and shows the technical change error on a network failure', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(MUGS));
    service.puts()[0].fail();
    await flush();

    expect(struckThrough(MUGS)).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.changeError);
  });

  it('asks for the cart after a removal whose answer was lost: a removal the service made counts as made, with its Undo and no error', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(MUGS));
    // The removal reached the service; its answer was lost on the way back.
    service.handle((request) => (request.method === 'GET' ? { status: 200, body: withoutMugs() } : undefined));
    service.puts()[0].fail();
    await flush();

    expect(service.gets().map((request) => request.url)).toEqual([CART_PATH, `${CART_PATH}?forceReload=true`]);
    expect(screen.getByRole('heading', { name: 'Warenkorb (2 Artikel)' })).toBeInTheDocument();
    expect(struckThrough(MUGS)).toBe(true);
    expect(undoButton(MUGS)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveTextContent(MUGS);

    await advance(10_000);
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
  });

  it('asks for the cart after an undo whose answer was lost: a line the service has back stays, with no error', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(MUGS));
    service.puts()[0].reply(200, { cart: withoutMugs() });
    await flush();
    await advance(AFTER_GUARD);
    fireEvent.click(undoButton(MUGS));
    service.handle((request) => (request.method === 'GET' ? { status: 200, body: fullCart() } : undefined));
    service.puts()[1].fail();
    await flush();

    expect(struckThrough(MUGS)).toBe(false);
    expect(removeButton(MUGS)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await advance(10_000);
    expect(screen.getByText(MUGS)).toBeInTheDocument();
  });

  it('keeps the restored line, without a load error, when the cart cannot be asked for either', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(MUGS));
    service.handle(() => 'network');
    service.puts()[0].fail();
    await flush();

    expect(service.gets()).toHaveLength(2);
    expect(struckThrough(MUGS)).toBe(false);
    expect(screen.getByText(MUGS)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.changeError);
    expect(screen.queryByText(TEXT.loadError)).not.toBeInTheDocument();
  });

  it('asks once after a 304 (nothing changed), even when that answer fails: the change\'s outcome was known', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(MUGS));
    service.handle(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    service.puts()[0].reply(304);
    await flush();

    expect(service.gets().map((request) => request.url)).toEqual([CART_PATH, `${CART_PATH}?forceReload=true`]);
    expect(struckThrough(MUGS)).toBe(false);
  });

  it('shows the load error in place of a change error still on screen when a reload then fails', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(409, { error: 'ITEM_LIMIT', limit: 10 });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.itemLimit10);

    // Within the limit's 7.5 s the page asks for a reload, which fails: the cart cannot be shown.
    service.handle(() => ({ status: 503, body: { error: 'CARTSTORAGE_UNAVAILABLE' } }));
    await act(async () => {
      document.dispatchEvent(new CustomEvent('cartTriggerUpdate'));
    });
    await flush();

    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.loadError);
    expect(screen.queryByText(TEXT.itemLimit10)).not.toBeInTheDocument();
  });

  it('asks for nothing after the service itself refused (503): the cart is as it was', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(MUGS));
    service.puts()[0].reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
    await flush();

    expect(service.gets()).toHaveLength(1);
  });
});

describe('a cart changed elsewhere', () => {
  /** The service's answer to a change of a line it no longer has (removed in another tab). */
  const unknownItem = { error: 'UNKNOWN_ITEM' };

  /** Loaded with coffee and mugs; from now on the service's GET answers `now` (changed elsewhere). */
  async function changedElsewhere(now: () => Cart) {
    const view = await loaded();
    view.service.handle((request) => (request.method === 'GET' ? { status: 200, body: now() } : undefined));
    return view;
  }

  it('reloads the cart when the service does not know the removed line (removed elsewhere): the line is gone, without an error', async () => {
    const counts: number[] = [];
    const listener = (event: Event) => counts.push((event as CustomEvent<{ itemCount: number }>).detail.itemCount);
    document.addEventListener('cartItemCountChanged', listener);
    try {
      const { service } = await changedElsewhere(withoutCoffee);

      fireEvent.click(removeButton(COFFEE));
      service.puts()[0].reply(404, unknownItem);
      await flush(6);

      // One forced reload, and the cart as the service has it: no coffee, no undo for it.
      expect(service.gets()).toHaveLength(2);
      expect(service.gets()[1].url).toBe('/service/cart/api/cart?forceReload=true');
      expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /rückgängig/ })).not.toBeInTheDocument();
      expect(screen.getByText(MUGS)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();
      expect(counts.at(-1)).toBe(1);
      expect(JSON.parse(window.localStorage.getItem('cart') ?? 'null')).toMatchObject({ numberOfArticles: 1 });
      // What the shopper asked for happened: no "try again later" that no retry could help.
      expect(screen.getByRole('alert')).toBeEmptyDOMElement();
      expect(service.puts()).toHaveLength(1);
    } finally {
      document.removeEventListener('cartItemCountChanged', listener);
    }
  });

  it('shows the empty cart, without an error, when the only line was removed elsewhere', async () => {
    const service = serviceWithCart(makeCart({ articles: [mugs()] }));
    await renderMiniCart();
    service.handle((request) => (request.method === 'GET' ? { status: 200, body: emptyCart() } : undefined));

    fireEvent.click(removeButton(MUGS));
    service.puts()[0].reply(404, unknownItem);
    await flush(6);

    expect(service.gets()).toHaveLength(2);
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(screen.getByText(TEXT.emptyTitle)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('reloads the cart when an undo fails because the service does not know the line', async () => {
    const { service } = await loaded();
    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    // Meanwhile the mugs were removed elsewhere, and the coffee cannot come back.
    service.handle((request) => (request.method === 'GET' ? { status: 200, body: emptyCart() } : undefined));
    await advance(AFTER_GUARD);

    fireEvent.click(undoButton(COFFEE));
    service.puts()[1].reply(404, unknownItem);
    await flush(6);

    expect(service.gets()).toHaveLength(2);
    expect(service.gets()[1].url).toBe('/service/cart/api/cart?forceReload=true');
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(struckThrough(COFFEE)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Warenkorb (0 Artikel)' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.changeError);
  });

  it.each([
    ['a 503', (request: { reply(status: number, body?: unknown): void }) => request.reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' }), TEXT.changeError],
    ['an ITEM_LIMIT refusal', (request: { reply(status: number, body?: unknown): void }) => request.reply(409, { error: 'ITEM_LIMIT', limit: 10 }), TEXT.itemLimit10],
    ['an unreadable 404', (request: { reply(status: number, body?: unknown): void }) => request.reply(404, 'Not Found'), TEXT.changeError],
  ])('does not reload the cart on %s (the service refused: it changed nothing): the line comes back with its error', async (_failure, answer, error) => {
    const { service } = await changedElsewhere(withoutCoffee);

    fireEvent.click(removeButton(COFFEE));
    answer(service.puts()[0]);
    await flush(6);

    expect(service.gets()).toHaveLength(1);
    expect(struckThrough(COFFEE)).toBe(false);
    expect(removeButton(COFFEE)).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent(error);
  });
});

describe('rapid repeated clicks', () => {

  it('ignores Undo activated 150 ms after Remove (a double click): the line stays removed, one PUT', async () => {
    const { service } = await loaded();

    removeButton(COFFEE).focus();
    fireEvent.click(removeButton(COFFEE));
    // Confirmed within a few ms: Undo takes Remove's place, with the focus.
    await advance(5);
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    expect(undoButton(COFFEE)).toHaveFocus();

    await advance(145);
    // The second click of a double click (detail 2).
    fireEvent.click(undoButton(COFFEE), { detail: 2 });
    await flush();

    expect(service.puts()).toHaveLength(1);
    expect(struckThrough(COFFEE)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();
    // Still shown, enabled and focused: a later, deliberate Undo works.
    expect(undoButton(COFFEE)).toBeEnabled();
    expect(undoButton(COFFEE)).toHaveFocus();

    await advance(UNDO_GUARD_AFTER_REMOVE_MS);
    fireEvent.click(undoButton(COFFEE));
    expect(service.puts()).toHaveLength(2);
    expect(struckThrough(COFFEE)).toBe(false);
  });

  it('a fresh single click on Undo acts at once, however soon after Remove', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE), { detail: 1 });
    await advance(5);
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    await advance(100);
    fireEvent.click(undoButton(COFFEE), { detail: 1 });
    expect(service.puts()).toHaveLength(2);
    expect(struckThrough(COFFEE)).toBe(false);
  });

  it('restores the line on an Undo activated 600 ms after Remove', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    await advance(600);

    fireEvent.click(undoButton(COFFEE));
    expect(service.puts()).toHaveLength(2);
    expect(service.puts()[1].payload).toEqual({
      setArticle: { productId: '400001', tcm: '400001-01', quantity: 2 },
    });
    service.puts()[1].reply(200, { cart: fullCart() });
    await flush();

    expect(struckThrough(COFFEE)).toBe(false);
    expect(removeButton(COFFEE)).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Warenkorb (3 Artikel)' })).toBeInTheDocument();
  });

  it("guards each line's Undo by its own Remove only", async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    await advance(AFTER_GUARD);
    fireEvent.click(removeButton(MUGS));
    service.puts()[1].reply(200, { cart: emptyCart() });
    await flush();

    // The mugs' Remove was just now; the coffee's was long enough ago.
    fireEvent.click(undoButton(COFFEE));
    expect(service.puts()).toHaveLength(3);
    expect(service.puts()[2].payload).toEqual({
      setArticle: { productId: '400001', tcm: '400001-01', quantity: 2 },
    });
    fireEvent.click(undoButton(MUGS));
    expect(service.puts()).toHaveLength(3);
  });
  it('sends exactly one PUT for three quick clicks on the same line', async () => {
    const { service } = await loaded();

    const button = removeButton(COFFEE);
    fireEvent.click(button);
    fireEvent.click(removeButton(COFFEE));
    fireEvent.click(removeButton(COFFEE));
    await flush();

    expect(service.puts()).toHaveLength(1);
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    expect(service.puts()).toHaveLength(1);
    expect(undoButton(COFFEE)).toBeInTheDocument();
  });

  it('removes two different lines clicked quickly, one PUT each, neither lost nor restored', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    fireEvent.click(removeButton(MUGS));
    expect(service.puts().map((r) => r.payload)).toEqual([removeCoffeePayload, removeMugsPayload]);
    expect(struckThrough(COFFEE)).toBe(true);
    expect(struckThrough(MUGS)).toBe(true);

    // The service handles them in order: the first answer still holds the mugs.
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    expect(struckThrough(COFFEE)).toBe(true);
    expect(struckThrough(MUGS)).toBe(true);
    expect(undoButton(COFFEE)).toBeInTheDocument();

    service.puts()[1].reply(200, { cart: emptyCart() });
    await flush();
    expect(undoButton(COFFEE)).toBeInTheDocument();
    expect(undoButton(MUGS)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    await advance(10_000);
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(screen.getByText(TEXT.emptyTitle)).toBeInTheDocument();
    expect(service.puts()).toHaveLength(2);
  });

  it('brings back only the line whose delete failed when two are removed quickly', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    fireEvent.click(removeButton(MUGS));
    expect(service.puts()).toHaveLength(2);

    service.puts()[0].reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
    await flush();
    expect(struckThrough(COFFEE)).toBe(false);
    expect(struckThrough(MUGS)).toBe(true);

    service.puts()[1].reply(200, { cart: withoutMugs() });
    await flush();
    expect(struckThrough(COFFEE)).toBe(false);
    expect(removeButton(COFFEE)).toBeEnabled();
    expect(undoButton(MUGS)).toBeInTheDocument();

    await advance(10_000);
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb (2 Artikel)' })).toBeInTheDocument();
  });

  it('keeps both lines removed when the older answer, still holding the mugs, comes last', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    fireEvent.click(removeButton(MUGS));

    // The service did both; the answer to the mugs' removal (the newer) arrives first.
    service.handle((request) => (request.method === 'GET' ? { status: 200, body: emptyCart() } : undefined));
    service.puts()[1].reply(200, { cart: emptyCart() });
    await flush();
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();

    expect(undoButton(COFFEE)).toBeInTheDocument();
    expect(undoButton(MUGS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb (0 Artikel)' })).toBeInTheDocument();
    // The browser keeps the newer cart, not the late one; the late one made the mini cart ask
    // for the cart, which is the service's (empty).
    expect(JSON.parse(window.localStorage.getItem('cart') ?? 'null')).toMatchObject({ articles: [] });
    expect(service.gets()).toHaveLength(2);

    await advance(10_000);
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(screen.getByText(TEXT.emptyTitle)).toBeInTheDocument();
  });

  it('asks for the cart when the service did two removals in another order than asked: the shown totals are the service\'s', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    fireEvent.click(removeButton(MUGS));

    // The service removed the mugs first (its answer still has the coffee and counts it), then
    // the coffee; the coffee's answer, the service's newest cart, comes last.
    service.handle(() => undefined);
    service.puts()[1].reply(200, { cart: withoutMugs() });
    await flush();
    expect(service.gets()).toHaveLength(1);
    service.puts()[0].reply(200, { cart: emptyCart() });
    await flush();

    // Dropped as older than the shown answer, it makes the mini cart ask for the cart.
    expect(service.gets()).toHaveLength(2);
    expect(service.gets()[1].url).toContain('forceReload=true');
    service.gets()[1].reply(200, emptyCart());
    await flush();
    expect(screen.getByRole('heading', { name: 'Warenkorb (0 Artikel)' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? 'null')).toMatchObject({ articles: [] });
    expect(undoButton(COFFEE)).toBeInTheDocument();
    expect(undoButton(MUGS)).toBeInTheDocument();
  });

  it('keeps the other removal when the failing answer comes last', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    fireEvent.click(removeButton(MUGS));

    // The mugs removal succeeded on the service (the coffee is still there), then the coffee one fails.
    service.puts()[1].reply(200, { cart: withoutMugs() });
    await flush();
    expect(struckThrough(COFFEE)).toBe(true);
    expect(undoButton(MUGS)).toBeInTheDocument();

    service.puts()[0].reply(409, { error: 'ITEM_LIMIT', limit: 10 });
    await flush();
    expect(struckThrough(COFFEE)).toBe(false);
    expect(undoButton(MUGS)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.itemLimit10);

    await advance(10_000);
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
  });
});

describe('removing each item kind', () => {
  it.each([
    ['a free article', 'Gratis: Probierpaket Espresso', () => makeCart({ articles: [mugs()], freeArticles: [freeSample()] }),
      { setFreeArticle: { productId: '400101', campaignId: 'WELCOME', remove: true } },
      { setFreeArticle: { productId: '400101', campaignId: 'WELCOME', remove: false } }],
    ['a gift card', 'Geschenkkarte 25 €', () => makeCart({ articles: [mugs()], giftCards: [giftCard()] }),
      { setGiftCard: { productId: '400201', tcm: '400201-25', set: false } },
      { setGiftCard: { productId: '400201', tcm: '400201-25', set: true } }],
    ['a partner product', 'Mobilfunktarif Basic', () => makeCart({ articles: [mugs()], partnerProducts: [partner()] }),
      { setPartnerProduct: { partnerProductId: 'mobile-basic', set: false } },
      { setPartnerProduct: { partnerProductId: 'mobile-basic', set: true } }],
    ['a subscription', 'Espresso, 500 g', () => makeCart({ articles: [mugs()], subscriptions: [espressoAbo()] }),
      { deleteSubscription: { subscriptionId: 'abo-espresso' } },
      { restoreSubscription: { subscriptionId: 'abo-espresso' } }],
    ['a defective article with a tcm', 'Thermoskanne 1 l', () => makeCart({ articles: [mugs()], defectiveArticles: [defectiveThermos()] }),
      { setArticle: { productId: '400901', tcm: '400901-01', quantity: 0 } },
      { setArticle: { productId: '400901', tcm: '400901-01', quantity: 1 } }],
  ])('removes %s with its payload and undoes it with the matching one', async (_kind, title, cart, removal, restore) => {
    const service = serviceWithCart(cart);
    await renderMiniCart();

    fireEvent.click(removeButton(title));
    expect(service.puts()).toHaveLength(1);
    expect(service.puts()[0].payload).toEqual(removal);
    expect(struckThrough(title)).toBe(true);

    service.puts()[0].reply(200, { cart: makeCart({ articles: [mugs()] }) });
    await flush();
    await advance(AFTER_GUARD);
    fireEvent.click(undoButton(title));
    expect(service.puts()).toHaveLength(2);
    expect(service.puts()[1].payload).toEqual(restore);

    service.puts()[1].reply(200, { cart: cart() });
    await flush();
    expect(struckThrough(title)).toBe(false);
    expect(removeButton(title)).toBeEnabled();
  });

  it('sends nothing for the disabled delete of a defective line without tcm', async () => {
    const service = serviceWithCart(makeCart({ articles: [mugs()], defectiveArticles: [defectiveGrinder()] }));
    await renderMiniCart();

    const button = removeButton('Kaffeemühle (ohne tcm)');
    expect(button).toBeDisabled();
    fireEvent.click(button);
    await flush();
    expect(service.puts()).toHaveLength(0);
    expect(struckThrough('Kaffeemühle (ohne tcm)')).toBe(false);
  });
});

describe('more removal transitions', () => {
  it('announces the removal and the restore in the polite status region', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent(`${COFFEE} wurde aus dem Warenkorb entfernt.`);

    await advance(AFTER_GUARD);
    fireEvent.click(undoButton(COFFEE));
    service.puts()[1].reply(200, { cart: fullCart() });
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent(`${COFFEE} ist wieder im Warenkorb.`);
  });

  it('announces the same article removed a second time again (a new announcement, not an unchanged text)', async () => {
    const { service } = await loaded();
    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    const first = screen.getByRole('status').firstElementChild;
    expect(first).toHaveTextContent(`${COFFEE} wurde aus dem Warenkorb entfernt.`);

    // Gone after its window; put into the cart again (elsewhere on the page), then removed again.
    await advance(10_000);
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    act(() => {
      document.dispatchEvent(new CustomEvent('cartTriggerUpdate'));
    });
    await flush();
    await screen.findByText(COFFEE);
    fireEvent.click(removeButton(COFFEE));
    service.puts()[1].reply(200, { cart: withoutCoffee() });
    await flush();
    const second = screen.getByRole('status').firstElementChild;
    expect(second).toHaveTextContent(`${COFFEE} wurde aus dem Warenkorb entfernt.`);
    expect(second).not.toBe(first);
  });

  it('keeps the line deleted and shows the change error when undo fails; undo stays offered in the window', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    await advance(2_000);

    fireEvent.click(undoButton(COFFEE));
    service.puts()[1].reply(409, { error: 'AVAILABILITY_LIMIT', limit: 1 });
    await flush();

    expect(struckThrough(COFFEE)).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('Von diesem Artikel sind leider nur noch 1 Stück verfügbar.');
    expect(undoButton(COFFEE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb (1 Artikel)' })).toBeInTheDocument();

    // The window still counts from the delete: gone 10 s after it.
    await advance(7_999);
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
  });

  it('sends one undo PUT for repeated clicks on "Rückgängig"', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(200, { cart: withoutCoffee() });
    await flush();
    await advance(AFTER_GUARD);

    fireEvent.click(undoButton(COFFEE));
    fireEvent.click(removeButton(COFFEE));
    fireEvent.click(removeButton(COFFEE));
    await flush();
    expect(service.puts()).toHaveLength(2);
  });

  it('takes the service cart by a forced GET when the PUT answers 304', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(304);
    await flush();

    expect(service.gets()).toHaveLength(2);
    expect(service.gets()[1].url).toBe('/service/cart/api/cart?forceReload=true');
    // The service still has the coffee: it shows as it is there, without an error.
    expect(struckThrough(COFFEE)).toBe(false);
    expect(removeButton(COFFEE)).toBeEnabled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('offers no undo and drops nothing once the line is restored by a failed delete, even after 10 s', async () => {
    const { service } = await loaded();

    fireEvent.click(removeButton(COFFEE));
    service.puts()[0].reply(503, { error: 'CARTSTORAGE_UNAVAILABLE' });
    await flush();
    await advance(10_000);

    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(struckThrough(COFFEE)).toBe(false);
    expect(screen.queryByRole('button', { name: /rückgängig/ })).not.toBeInTheDocument();
  });
});

describe('focus when a removed line leaves', () => {
  /** Removes a line as a keyboard user does (its button focused, then pressed) and lets the service confirm. */
  async function removeWithKeyboard(service: ReturnType<typeof serviceWithCart>, title: string, rest: Cart) {
    removeButton(title).focus();
    fireEvent.click(removeButton(title));
    service.puts()[service.puts().length - 1].reply(200, { cart: rest });
    await flush();
    expect(undoButton(title)).toHaveFocus();
  }
  const titleLink = (title: string) => within(tile(title)).getByRole('link', { name: title });

  it("moves focus to the next line's first control when the focused undo button leaves with its line", async () => {
    const { service } = await loaded();
    await removeWithKeyboard(service, COFFEE, withoutCoffee());

    await advance(10_000);
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    expect(titleLink(MUGS)).toHaveFocus();
  });

  it("moves focus to the next line's first control, not the previous one's, when a middle line leaves", async () => {
    const MACHINE = 'Kaffeevollautomat Esperto Caffè';
    const service = serviceWithCart(makeCart({ articles: [twoPieces(), mugs(), machine()] }));
    await renderMiniCart();
    await removeWithKeyboard(service, MUGS, makeCart({ articles: [twoPieces(), machine()] }));

    await advance(9_999);
    expect(undoButton(MUGS)).toHaveFocus();
    await advance(1);
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(titleLink(MACHINE)).toHaveFocus();
    expect(titleLink(COFFEE)).not.toHaveFocus();
  });

  it("moves focus to the previous line's first control when the last line leaves", async () => {
    const { service } = await loaded();
    await removeWithKeyboard(service, MUGS, withoutMugs());

    await advance(10_000);
    expect(screen.queryByText(MUGS)).not.toBeInTheDocument();
    expect(titleLink(COFFEE)).toHaveFocus();
  });

  it("moves focus to the nearest previous line's first control, not the first line's, when the last of three leaves", async () => {
    const MACHINE = 'Kaffeevollautomat Esperto Caffè';
    const service = serviceWithCart(makeCart({ articles: [twoPieces(), mugs(), machine()] }));
    await renderMiniCart();
    await removeWithKeyboard(service, MACHINE, makeCart({ articles: [twoPieces(), mugs()] }));

    await advance(10_000);
    expect(screen.queryByText(MACHINE)).not.toBeInTheDocument();
    expect(titleLink(MUGS)).toHaveFocus();
    expect(titleLink(COFFEE)).not.toHaveFocus();
  });

  it('leaves the focus alone when the shopper had moved it out of the line (to nowhere) before the line left', async () => {
    const { service } = await loaded();
    await removeWithKeyboard(service, COFFEE, withoutCoffee());
    // The focus leaves the Undo button for no other control (a click on plain text, say).
    act(() => undoButton(COFFEE).blur());
    expect(document.body).toHaveFocus();

    await advance(10_000);
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    expect(titleLink(MUGS)).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('moves focus to the heading when the only line leaves and the cart shows empty', async () => {
    const service = serviceWithCart(makeCart({ articles: [mugs()] }));
    await renderMiniCart();
    await removeWithKeyboard(service, MUGS, emptyCart());

    await advance(10_000);
    expect(screen.getByText(TEXT.emptyTitle)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warenkorb' })).toHaveFocus();
  });

  it('leaves focus where it is when it was not in the line that left', async () => {
    const { service } = await loaded();
    await removeWithKeyboard(service, COFFEE, withoutCoffee());
    removeButton(MUGS).focus();

    await advance(10_000);
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    expect(removeButton(MUGS)).toHaveFocus();
  });
});
