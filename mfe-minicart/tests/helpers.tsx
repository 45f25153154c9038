/**
 * Shared fixtures and fakes of the mini cart tests. The only fake is `fetch` (the cart service);
 * the core is the real WebAssembly build (Jest maps `@shop/core` to its Node build).
 */
import { act, render, screen } from '@testing-library/react';
import type { Article, Cart, GiftCard, PartnerProduct, PriceSummary, Subscription } from '@shop/core';
import MiniCart, { type MiniCartProps } from '../src/MiniCart';
import catalogueJson from '../../server/catalogue/DE.json';
import { advanceTime, settle } from '../../build/jest/settle';

// ---------------------------------------------------------------------------------------------
// Catalogue items (DE's, server/catalogue/DE.json: every item kind, one cart line each)
// ---------------------------------------------------------------------------------------------

interface CatalogueEntry {
  list: string;
  item: Record<string, unknown>;
}
const catalogue = catalogueJson as unknown as CatalogueEntry[];

/** The cart line of a catalogue entry, as it sits in its cart list (deep copy). */
function entry<T>(list: string, id: (item: T) => string | undefined, wanted: string): T {
  for (const e of catalogue) {
    if (e.list !== list) continue;
    const item = Object.values(e.item)[0] as T;
    if (id(item) === wanted) return JSON.parse(JSON.stringify(item)) as T;
  }
  throw new Error(`no ${list} entry ${wanted} in the catalogue`);
}
const articleIn = (list: string, productId: string) => entry<Article>(list, (a) => a.productId, productId);
const giftCardIn = (list: string, productId: string) => entry<GiftCard>(list, (g) => g.article?.productId, productId);
const partnerIn = (list: string, id: string) => entry<PartnerProduct>(list, (p) => p.partnerProductId, id);
const subscriptionIn = (list: string, id: string) =>
  entry<Subscription>(list, (s) => s.subscriptionConfigurationId, id);

/** 16,99, previous 19,99 (not promotional), best price 15,99 (6 %), base price 1 kg. */
export const coffee = () => articleIn('articles', '400001');
/** 299,99, promotional, old price 399,99. */
export const machine = () => articleIn('articles', '400002');
/** SHORTAGE. */
export const sweater = () => articleIn('articles', '400003');
/** NOT_AVAILABLE. */
export const hose = () => articleIn('articles', '400004');
/** SOLDOUT. */
export const yogaMat = () => articleIn('articles', '400005');
/** 12,99, IN_STOCK. */
export const mugs = () => articleIn('articles', '400006');
export const freeSample = () => articleIn('freeArticles', '400101');
export const giftCard = () => giftCardIn('giftCards', '400201');
export const partner = () => partnerIn('partnerProducts', 'mobile-basic');
export const espressoAbo = () => subscriptionIn('subscriptions', 'abo-espresso');
/** Defective article with a tcm (deletable). */
export const defectiveThermos = () => articleIn('defectiveArticles', '400901');
/** Defective article without a tcm (delete disabled). */
export const defectiveGrinder = () => articleIn('defectiveArticles', '400902');
export const defectiveGiftCard = () => giftCardIn('defectiveGiftCards', '400903');
export const defectivePartner = () => partnerIn('defectivePartnerProducts', 'mobile-old');
export const defectiveAbo = () => subscriptionIn('defectiveSubscriptions', 'abo-filter');

export const titleOf = (article: Article) => article.title ?? '';

/** A cart JSON as the service sends it; `numberOfArticles` counts the pieces of every line. */
export function makeCart(lists: Partial<Cart>, extra: Partial<Cart> = {}): Cart {
  const pieces = (a: Article | undefined) => a?.quantity?.quantity ?? 0;
  const count =
    (lists.articles ?? []).reduce((n, a) => n + pieces(a), 0) +
    (lists.freeArticles ?? []).reduce((n, a) => n + pieces(a), 0) +
    (lists.giftCards ?? []).reduce((n, g) => n + pieces(g.article), 0) +
    (lists.partnerProducts ?? []).reduce((n, p) => n + (p.totalQuantity ?? 0), 0) +
    (lists.subscriptions ?? []).length +
    (lists.defectiveArticles ?? []).reduce((n, a) => n + pieces(a), 0) +
    (lists.defectiveGiftCards ?? []).reduce((n, g) => n + pieces(g.article), 0) +
    (lists.defectivePartnerProducts ?? []).reduce((n, p) => n + (p.totalQuantity ?? 0), 0) +
    (lists.defectiveSubscriptions ?? []).length;
  const sum = (lists.articles ?? []).reduce((n, a) => n + (a.price?.calculatedPrice ?? 0) * pieces(a), 0);
  const priceSummary: PriceSummary = { cartFinalSum: sum, shippingCosts: 0, paymentOnDeliveryCosts: 0 };
  return {
    numberOfArticles: count,
    totalSum: sum,
    articles: [],
    freeArticles: [],
    giftCards: [],
    partnerProducts: [],
    subscriptions: [],
    defectiveArticles: [],
    defectiveGiftCards: [],
    defectivePartnerProducts: [],
    defectiveSubscriptions: [],
    priceSummary,
    ...lists,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// The cart service: a fake `fetch`
// ---------------------------------------------------------------------------------------------

export const CART_PATH = '/service/cart/api/cart';

export interface Reply {
  status: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

/** One request the mini cart made; held ones are answered by the test. */
export interface Request {
  method: string;
  url: string;
  /** The parsed JSON payload of a PUT. */
  payload: unknown;
  /** The request's headers as sent. */
  headers: Record<string, string>;
  settled: boolean;
  reply(status: number, body?: unknown): void;
  /** A network failure: fetch rejects. */
  fail(): void;
}

/** What the service does with a request: answer it, fail it (`'network'`), or hold it (`undefined`). */
export type Handler = (request: Request) => Reply | 'network' | undefined;

export interface FakeService {
  requests: Request[];
  gets(): Request[];
  puts(): Request[];
  /** Replaces how new requests are handled. */
  handle(handler: Handler): void;
}

const textOf = (body: unknown) => (body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));

/** Installs a fake `fetch` as `global.fetch`; requests are answered by `handler`. */
export function fakeService(handler: Handler = () => undefined): FakeService {
  let current = handler;
  const requests: Request[] = [];
  const fetchMock = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = typeof init.body === 'string' ? init.body : undefined;
    return new Promise((resolve, reject) => {
      const request: Request = {
        method,
        url,
        payload: raw === undefined ? undefined : JSON.parse(raw),
        headers: { ...(init.headers as Record<string, string> | undefined) },
        settled: false,
        reply(status, body) {
          if (request.settled) throw new Error(`${method} ${url} answered twice`);
          request.settled = true;
          const text = textOf(body);
          resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(text) });
        },
        fail() {
          if (request.settled) throw new Error(`${method} ${url} answered twice`);
          request.settled = true;
          reject(new TypeError('Failed to fetch'));
        },
      };
      requests.push(request);
      const outcome = current(request);
      if (outcome === 'network') request.fail();
      else if (outcome) request.reply(outcome.status, outcome.body);
    });
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return {
    requests,
    gets: () => requests.filter((r) => r.method === 'GET'),
    puts: () => requests.filter((r) => r.method === 'PUT'),
    handle(next) {
      current = next;
    },
  };
}

/** A service whose GET answers `cart` at once and whose PUTs are held for the test to answer. */
export function serviceWithCart(cart: Cart | (() => Cart)): FakeService {
  return fakeService((request) =>
    request.method === 'GET' ? { status: 200, body: typeof cart === 'function' ? cart() : cart } : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/** Lets pending promises (core ready, fetch answers) settle, under real or fake timers. */
export function flush(rounds = 3): Promise<void> {
  return settle(rounds);
}

/**
 * Advances fake time by `ms` and lets what it triggers render. A timer a render arms for "now"
 * (after the time jump an expiry may be due at once) runs too, as it would in the browser.
 */
export async function advance(ms: number): Promise<void> {
  await advanceTime(ms);
  await flush();
  for (let i = 0; i < 3; i += 1) {
    await act(async () => {
      jest.advanceTimersByTime(0);
    });
    await flush(1);
  }
}

export async function renderMiniCart(props: Partial<MiniCartProps> = {}) {
  const onClose = jest.fn();
  let utils!: ReturnType<typeof render>;
  // Awaited: the component suspends until the core is ready (React 19 `use`).
  await act(async () => {
    utils = render(<MiniCart site="DE" open onClose={onClose} {...props} />);
  });
  await flush();
  return { ...utils, onClose };
}

/** The tile (list item) showing this title. */
export function tile(title: string): HTMLElement {
  const element = screen.getByText(title).closest('li');
  if (!element) throw new Error(`no tile for ${title}`);
  return element as HTMLElement;
}

export const removeButton = (title: string) => screen.getByRole('button', { name: `${title} entfernen` });
export const undoButton = (title: string) =>
  screen.getByRole('button', { name: `Entfernen von ${title} rückgängig machen` });

/** Whether the title shows struck through (a deleted line). */
export const struckThrough = (title: string) => screen.getByText(title).tagName === 'S';

export const TEXT = {
  loading: 'Warenkorb wird geladen …',
  emptyTitle: 'Dein Warenkorb ist leer',
  emptyText: 'Entdecke unsere Angebote und finde etwas Schönes für dich.',
  loadError:
    'Aus technischen Gründen kann der Warenkorbinhalt gerade nicht angezeigt werden. Bitte versuche es später noch einmal.',
  changeError:
    'Aus technischen Gründen kann der Warenkorbinhalt gerade nicht geändert werden. Bitte versuche es später noch einmal.',
  removalFailed: 'Das konnte leider nicht entfernt werden. Bitte warte ein paar Minuten und versuche es dann noch einmal.',
  itemLimit10: 'Von diesem Artikel kannst du leider maximal 10 Stück pro Einkauf kaufen.',
  defectiveBanner: 'Leider sind Fehler aufgetreten, bitte beachte die Hinweise unten.',
  hintArticle: 'Dieser Artikel ist momentan nicht verfügbar. Bitte versuche es später noch einmal oder entferne ihn.',
  hintPartner: 'Dieses Produkt ist nicht mehr verfügbar.',
  hintAbo: 'Dieses Abo ist in dieser Kombination nicht verfügbar. Bitte ändere deine Auswahl.',
  few: 'Nur noch wenige verfügbar',
  notInQuantity: 'In der gewünschten Menge nicht mehr verfügbar',
};

/** Resets what a test may leave behind: storage, fetch, timers. */
export function resetEnvironment(): void {
  window.localStorage.clear();
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
}
