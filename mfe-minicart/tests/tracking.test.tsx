/**
 * What the mini cart tells the page's data layer (newsletter spec section 7: "minicart modal
 * open, product or subscription removal, proceeding to cart or checkout and product link
 * click"): the core's `ga_event`s, one per action of the shopper.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import MiniCart from '../src/MiniCart';
import {
  coffee,
  espressoAbo,
  fakeService,
  flush,
  makeCart,
  removeButton,
  renderMiniCart,
  resetEnvironment,
  serviceWithCart,
  undoButton,
} from './helpers';

const COFFEE = 'Barista Caffè Crema, 1 kg Bohnen';

let dataLayer: Record<string, unknown>[];
beforeEach(() => {
  dataLayer = [];
  (window as { dataLayer?: unknown[] }).dataLayer = dataLayer;
});
afterEach(() => {
  delete (window as { dataLayer?: unknown[] }).dataLayer;
  resetEnvironment();
});

const actions = () => dataLayer.map((entry) => [entry.category, entry.action, entry.label]);

/** Clicks a link without leaving the page (jsdom would only log "not implemented"). */
function clickLink(link: HTMLElement) {
  link.addEventListener('click', (event) => event.preventDefault(), { once: true });
  fireEvent.click(link);
}

it('records the opening, a product link, the links to cart and checkout, and the removals the service confirmed', async () => {
  const cart = () => makeCart({ articles: [coffee()], subscriptions: [espressoAbo()] });
  // The service takes every change (and answers with the cart as it was: enough here).
  fakeService(() => ({ status: 200, body: cart() }));
  await renderMiniCart();
  await flush();
  expect(actions()).toEqual([['minicart', 'open', '']]);

  clickLink(screen.getByRole('link', { name: COFFEE }));
  clickLink(screen.getByRole('link', { name: 'Zum Warenkorb' }));
  clickLink(screen.getByRole('link', { name: 'Direkt zur Kasse' }));
  // A subscription's tile is titled by its recurring article.
  const abo = 'Espresso, 500 g';
  fireEvent.click(removeButton(abo));
  fireEvent.click(removeButton(COFFEE));
  await flush();
  expect(actions()).toEqual([
    ['minicart', 'open', ''],
    ['minicart', 'product link click', COFFEE],
    ['minicart', 'proceed to cart', ''],
    ['minicart', 'proceed to checkout', ''],
    ['minicart', 'remove subscription', abo],
    ['minicart', 'remove product', COFFEE],
  ]);
  expect(dataLayer.every((entry) => entry.event === 'ga_event' && entry.nonInteraction === false)).toBe(true);
  // The subscription's removal carries its tracking information (newsletter spec section 3);
  // nothing else does.
  expect(dataLayer.find((entry) => entry.action === 'remove subscription')?.subscription).toEqual({
    subscriptionType: 'COFFEE',
    recurringIntervalDuration: { intervalDuration: 4, intervalUnit: 'WEEK' },
    subscriptionConfigurationId: 'abo-espresso',
    recurringArticlesPrice: { calculatedPrice: 1598 },
  });
  expect(dataLayer.filter((entry) => 'subscription' in entry)).toHaveLength(1);
});

it('records no removal the service refused', async () => {
  const cart = () => makeCart({ articles: [coffee()] });
  fakeService((request) => (request.method === 'GET' ? { status: 200, body: cart() } : { status: 500, body: { errorCode: 'UNKNOWN' } }));
  await renderMiniCart();
  await flush();
  fireEvent.click(removeButton(COFFEE));
  await flush();
  expect(actions()).toEqual([['minicart', 'open', '']]);
});

it('records nothing while closed, and the opening once it opens', async () => {
  serviceWithCart(makeCart({ articles: [coffee()] }));
  const { rerender, onClose } = await renderMiniCart({ open: false });
  await flush();
  expect(actions()).toEqual([]);
  await act(async () => {
    rerender(<MiniCart site="DE" open onClose={onClose} />);
  });
  await flush();
  expect(actions()).toEqual([['minicart', 'open', '']]);
});

it('records a confirmed removal once, and no removal for the undo that brings the line back', async () => {
  const withCoffee = () => makeCart({ articles: [coffee()] });
  // The service removes (quantity 0) and restores as asked.
  fakeService((request) => {
    if (request.method === 'GET') return { status: 200, body: withCoffee() };
    const restore = (request.payload as { setArticle?: { quantity: number } }).setArticle?.quantity !== 0;
    return { status: 200, body: { cart: restore ? withCoffee() : makeCart({}) } };
  });
  await renderMiniCart();
  await flush();

  fireEvent.click(removeButton(COFFEE));
  await flush();
  // A deliberate single click on Undo.
  fireEvent.click(undoButton(COFFEE), { detail: 1 });
  await flush();
  expect(screen.getByRole('status')).toHaveTextContent(`${COFFEE} ist wieder im Warenkorb.`);
  expect(removeButton(COFFEE)).toBeEnabled();

  expect(actions()).toEqual([
    ['minicart', 'open', ''],
    ['minicart', 'remove product', COFFEE],
  ]);
});
