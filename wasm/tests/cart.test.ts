import * as core from '@shop/core';
import type { Article, Cart, ChangeResult, MiniCartState } from '@shop/core';

function article(productId: string, tcm: string | undefined, quantity: number, availability: Article['availability'] = 'IN_STOCK'): Article {
  return {
    productId,
    tcm,
    title: `Article ${productId}`,
    quantity: { quantity },
    imageUrl: `/img/${productId}.jpg`,
    productUrl: `/p/${productId}`,
    availability,
    dimensions: [],
    price: { calculatedPrice: 1299, isPricePromotional: false },
  };
}

function cart(overrides: Partial<Cart> = {}): Cart {
  return {
    numberOfArticles: 3,
    articles: [article('1', 't1', 2), article('2', 't2', 1)],
    freeArticles: [],
    giftCards: [],
    partnerProducts: [],
    subscriptions: [],
    defectiveArticles: [],
    defectiveGiftCards: [],
    defectivePartnerProducts: [],
    defectiveSubscriptions: [],
    totalSum: 3897,
    redeemedWsacs: [],
    giftCardRedemptions: [],
    ...overrides,
  };
}

const empty: MiniCartState = { deleted: [] };

function started(result: ChangeResult) {
  if (result.kind !== 'started') throw new Error(`refused: ${result.reason}`);
  return result.start;
}

describe('cart rules', () => {
  test("each site's cart names: its own storage key, the site header, the shared events and path", () => {
    const keys = core.allSites().map((site) => core.cartSettings(site).storageKey);
    expect(keys).toEqual(['cart', 'cart.AT', 'cart.CH', 'cart.CH_FR', 'cart.PL', 'cart.CZ', 'cart.HU', 'cart.SK', 'cart.TR']);
    expect(core.cartSettings('HU')).toEqual({
      storageKey: 'cart.HU',
      siteHeader: 'site',
      reloadEvents: ['cartTriggerUpdate', 'tpModalBeforeClosing'],
      itemCountEvent: 'cartItemCountChanged',
      servicePath: '/service/cart/api/cart',
      changeErrorMs: 7500, requestTimeoutMs: 15000,
    });
    expect(() => core.cartSettings('XX' as never)).toThrow(/malformed site/);
  });

  test('checkout enablement', () => {
    expect(core.checkoutEnabled(undefined)).toBe(false);
    expect(core.checkoutEnabled(null)).toBe(false);
    expect(core.checkoutEnabled(cart())).toBe(true);
    expect(core.checkoutEnabled(cart({ articles: [] }))).toBe(false);
    expect(core.checkoutEnabled(cart({ articles: [article('1', 't1', 1, 'SOLDOUT')] }))).toBe(false);
    expect(core.checkoutEnabled(cart({ defectiveArticles: [article('9', 't9', 1)] }))).toBe(false);
  });

  test('checkout URL, non-empty rule, defective banner', () => {
    const subscription = { subscriptionConfigurationId: 's', recurringArticles: [], nonRecurringArticles: [] };
    expect(core.checkoutUrl(cart())).toBe('/checkout');
    expect(core.checkoutUrl(cart({ subscriptions: [subscription] }))).toBe('/service/checkoutfrontend/checkout');
    expect(core.cartNonEmpty(cart({ articles: [] }))).toBe(false);
    expect(core.defectiveBanner(cart({ defectiveGiftCards: [{ article: article('g', 'tg', 1) }] }))).toBe(true);
  });

  test('badge text', () => {
    expect(core.badgeText(0)).toBeUndefined();
    expect(core.badgeText(7)).toBe('7');
    expect(core.badgeText(99)).toBe('99');
    expect(core.badgeText(100)).toBe('+99');
  });

  test("the cart link's name: one article in the singular", () => {
    expect([0, 1, 2, 120].map((count) => core.cartLinkTextKey(count))).toEqual([
      'header.cart',
      'header.cart.withCountOne',
      'header.cart.withCount',
      'header.cart.withCount',
    ]);
    expect(() => core.cartLinkTextKey(1.5)).toThrow(/safe integer/);
  });

  test('the removal payloads', () => {
    const lines = core.cartLines(
      cart({
        freeArticles: [{ ...article('3', undefined, 1), campaignId: 'c', uuid: 'u' }],
        partnerProducts: [{ partnerProductId: 'p', title: 'Plan', imageUrl: '', totalQuantity: 1, totalPrice: 999, formUrl: '/f' }],
        defectiveArticles: [article('5', undefined, 1)],
      }),
    );
    const payloads = Object.fromEntries(lines.map((line) => [line.key, core.removalPayload(line)]));
    expect(payloads['articles:1:t1']).toEqual({ setArticle: { productId: '1', tcm: 't1', quantity: 0 } });
    expect(payloads['freeArticles:3:c:u']).toEqual({ setFreeArticle: { productId: '3', campaignId: 'c', remove: true } });
    expect(payloads['partnerProducts:p']).toEqual({ setPartnerProduct: { partnerProductId: 'p', set: false } });
    expect(payloads['defectiveArticles:5:']).toBeUndefined();
  });

  test('service answers and external add-to-cart', () => {
    expect(core.parseCartAnswer(200, JSON.stringify(cart()))).toMatchObject({ kind: 'cart', answer: { cart: { totalSum: 3897 } } });
    expect(core.parseCartAnswer(409, '{"error":"CART_LIMIT","limit":30}')).toEqual({ kind: 'error', error: { error: 'CART_LIMIT', limit: 30 } });
    expect(core.parseCartAnswer(0, '')).toEqual({ kind: 'error', error: { error: 'UNKNOWN' } });
    expect(core.addToCartOutcome(304, '')).toEqual({ kind: 'nothingToShow' });
    expect(core.addToCartOutcome(400, '{"error":"ITEM_LIMIT","limit":5}')).toMatchObject({
      kind: 'failed',
      message: { key: 'cart.itemLimit', limit: 5 },
    });
    expect(core.addToCartOutcome(200, JSON.stringify({ cart: cart(), addedProduct: article('1', 't1', 1) }))).toMatchObject({ kind: 'added' });
  });
});

describe('mini cart state machine', () => {
  test('a change that failed without the service\'s own refusal may have been made: the cart is asked for again', () => {
    for (const status of [0, 200, 502, 504]) expect(core.changeOutcomeUnknown(status)).toBe(true);
    for (const status of [400, 404, 409, 500, 503]) expect(core.changeOutcomeUnknown(status)).toBe(false);
  });

  test('a tile of any kind but the plain article names what it is', () => {
    expect(core.lineKindTextKey('ARTICLE')).toBeUndefined();
    expect(core.lineKindTextKey('FREE_ARTICLE')).toBe('cart.free');
    expect(core.lineKindTextKey('SUBSCRIPTION')).toBe('cart.subscription');
    expect(() => core.lineKindTextKey('VOUCHER' as never)).toThrow(/malformed line kind/);
  });

  test('loading, load error, empty, filled', () => {
    expect(core.miniCartView(empty, 'DE', 0).status).toBe('LOADING');
    const failed = core.loadFailed(empty, { error: 'PRICE_UNAVAILABLE' }, 1);
    expect(core.miniCartView(failed, 'DE', 0)).toMatchObject({ status: 'LOAD_ERROR', loadError: { key: 'cart.loadError' } });
    expect(core.miniCartView(core.loadSucceeded(empty, cart({ articles: [], numberOfArticles: 0 }), 1), 'DE', 0).status).toBe('EMPTY');
    const view = core.miniCartView(core.loadSucceeded(failed, cart(), 2), 'DE', 0);
    expect(view).toMatchObject({ status: 'FILLED', totalSum: '38,97', badge: '3', checkoutEnabled: true, checkoutUrl: '/checkout' });
    expect(view.loadError).toBeUndefined();
  });

  test('delete, undo within 10 s, delete again; a second click sends nothing', () => {
    const loaded = core.loadSucceeded(empty, cart(), 0);
    const removal = started(core.beginRemoval(loaded, 'articles:1:t1', 1000));
    expect(removal.payload).toEqual({ setArticle: { productId: '1', tcm: 't1', quantity: 0 } });
    expect(core.beginRemoval(removal.state, 'articles:1:t1', 1001)).toEqual({ kind: 'refused', reason: 'BUSY' });
    const line = core.miniCartView(removal.state, 'DE', 1000).lines[0];
    expect(line).toMatchObject({ key: 'articles:1:t1', deleted: true, busy: true, undoAvailable: false });

    const confirmed = core.removalSucceeded(removal.state, 'articles:1:t1', cart({ articles: [article('2', 't2', 1)], numberOfArticles: 1 }), removal.request);
    expect(core.miniCartView(confirmed, 'DE', 2000).lines[0]).toMatchObject({ deleted: true, undoAvailable: true });
    expect(core.nextExpiry(confirmed, 2000)).toBe(9000);

    const undo = started(core.beginUndo(confirmed, 'articles:1:t1', 5000));
    expect(undo.payload).toEqual({ setArticle: { productId: '1', tcm: 't1', quantity: 2 } });
    const restored = core.undoSucceeded(undo.state, 'articles:1:t1', cart(), undo.request);
    expect(core.miniCartView(restored, 'DE', 5100).lines.every((l) => !l.deleted)).toBe(true);
    expect(core.beginRemoval(restored, 'articles:1:t1', 5200).kind).toBe('started');
  });

  test('undo is refused once the 10 s window is over, and the marker expires', () => {
    const removal = started(core.beginRemoval(core.loadSucceeded(empty, cart(), 0), 'articles:2:t2', 0));
    const confirmed = core.removalSucceeded(removal.state, 'articles:2:t2', cart({ articles: [article('1', 't1', 2)] }), removal.request);
    expect(core.beginUndo(confirmed, 'articles:2:t2', 10000)).toEqual({ kind: 'refused', reason: 'WINDOW_OVER' });
    expect(core.expire(confirmed, 9999).deleted).toHaveLength(1);
    expect(core.expire(confirmed, 10000).deleted).toHaveLength(0);
  });

  test('answers arriving out of order: the older cart never replaces the newer one', () => {
    const load = core.beginLoad(empty);
    const loaded = core.loadSucceeded(load.state, cart(), load.request);
    const first = started(core.beginRemoval(loaded, 'articles:1:t1', 0));
    const second = started(core.beginRemoval(first.state, 'articles:2:t2', 10));
    expect(second.request).toBeGreaterThan(first.request);
    const bothGone = core.removalSucceeded(second.state, 'articles:2:t2', cart({ articles: [], numberOfArticles: 0 }), second.request);
    // The first removal's answer still holds line 2 and arrives last.
    const late = core.removalSucceeded(bothGone, 'articles:1:t1', cart({ articles: [article('2', 't2', 1)], numberOfArticles: 1 }), first.request);
    expect(core.itemCount(late)).toBe(0);
    expect(core.miniCartView(late, 'DE', 20).lines.map((l) => [l.key, l.deleted])).toEqual([
      ['articles:1:t1', true],
      ['articles:2:t2', true],
    ]);
    expect(() => core.loadSucceeded(empty, cart(), -1)).toThrow(/request/);
    expect(() => core.removalSucceeded(late, 'articles:1:t1', cart(), 2 ** 32)).toThrow(/request/);
  });

  test('failure rolls back and shows the change error with its limit for 7.5 s', () => {
    const loaded = core.loadSucceeded(empty, cart(), 0);
    const removal = started(core.beginRemoval(loaded, 'articles:1:t1', 0));
    const rolled = core.rollbackRemoval(removal.state, 'articles:1:t1', { error: 'ITEM_LIMIT', limit: 5 }, 100);
    expect(rolled.cart).toEqual(loaded.cart);
    expect(core.miniCartView(rolled, 'DE', 100).changeError).toEqual({ key: 'cart.itemLimit', limit: 5 });
    expect(core.expire(rolled, 7599).changeError).toBeDefined();
    expect(core.expire(rolled, 7600).changeError).toBeUndefined();
  });

  test('malformed input throws a clear error and the instance keeps working', () => {
    expect(() => core.checkoutEnabled(42 as unknown as Cart)).toThrow(/^@shop\/core: malformed cart/);
    expect(() => core.miniCartView({ deleted: 'x' } as unknown as MiniCartState, 'DE', 0)).toThrow(/malformed mini cart state/);
    expect(() => core.badgeText(1.5)).toThrow(/safe integer/);
    expect(core.checkoutEnabled(cart())).toBe(true);
  });
});
