/**
 * Fixtures and fakes of the search box tests. The only fake is `fetch` (the suggestions
 * service); the core is the real WebAssembly build (Jest maps `@shop/core` to its Node build).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ready, type Site } from '@shop/core';
import { UiProvider } from '@shop/ui';
import { SearchBox, type SearchBoxProps } from '../src/features/search';
import { advanceTime, settle } from '../../build/jest/settle';

// ---------------------------------------------------------------------------------------------
// The suggestions service: a fake `fetch`
// ---------------------------------------------------------------------------------------------

export const SUGGESTIONS_PATH = '/service/searchfrontend/api/suggestions';

/** A suggestions answer as the service sends it. */
export function answer(terms: string[], products: Record<string, unknown>[] = []): string {
  return JSON.stringify({ searchTerms: terms.map((searchterm) => ({ searchterm })), products });
}

export const COFFEE_BEANS = {
  id: '400001',
  title: 'Barista Caffè Crema, 1 kg Bohnen',
  productViewUrl: '/p/400001',
  webshopProductDimensionKey: '17',
  imageProductThumb: '/img/400001.jpg',
};

export const MUGS = {
  id: '400006',
  title: 'Kaffeebecher, 2 Stück',
  productViewUrl: '/p/400006',
  imageProductThumb: '/img/400006.jpg',
};

/** For "bohne": two terms (one with the match, one without) and two products. */
export const BOHNE_ANSWER = answer(['Kaffeebohnen', 'Espresso'], [COFFEE_BEANS, MUGS]);

/** One request the search box made; held until the test answers it. */
export interface Call {
  url: string;
  init: RequestInit;
  settled: boolean;
  /** Answers with a status and a body text. */
  reply(status: number, body?: string): void;
  /** A network failure: fetch rejects. */
  fail(): void;
}

export interface FakeService {
  calls: Call[];
  /** The typed text (`q`) of every call, in order. */
  queries(): string[];
}

/** What the service does with a call: answer it, fail it (`'network'`), or hold it (`undefined`). */
export type Handler = (call: Call) => { status: number; body?: string } | 'network' | undefined;

/** Installs a fake `fetch` as `global.fetch`; it ignores the abort signal, like a slow server. */
export function fakeService(handler: Handler = () => undefined): FakeService {
  const calls: Call[] = [];
  const fetchMock = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new Promise((resolve, reject) => {
      const call: Call = {
        url,
        init,
        settled: false,
        reply(status, body = '') {
          if (call.settled) throw new Error(`${url} answered twice`);
          call.settled = true;
          resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(body) });
        },
        fail() {
          if (call.settled) throw new Error(`${url} answered twice`);
          call.settled = true;
          reject(new TypeError('Failed to fetch'));
        },
      };
      calls.push(call);
      const outcome = handler(call);
      if (outcome === 'network') call.fail();
      else if (outcome) call.reply(outcome.status, outcome.body);
    });
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return {
    calls,
    queries: () => calls.map((call) => new URL(call.url, 'http://shop.test').searchParams.get('q') ?? ''),
  };
}

/** A service that answers every call with 200 and `body`. */
export const serviceAnswering = (body: string) => fakeService(() => ({ status: 200, body }));

// ---------------------------------------------------------------------------------------------
// Rendering and input
// ---------------------------------------------------------------------------------------------

/** Lets pending promises (fetch answers, body reads) settle, under real or fake timers. */
export function flush(rounds = 4): Promise<void> {
  return settle(rounds);
}

/** Advances fake time by `ms` and lets what it triggers settle and render. */
export async function advance(ms: number): Promise<void> {
  await advanceTime(ms);
  await flush();
}

export async function renderSearchBox(props: Partial<SearchBoxProps> = {}, site: Site = 'DE') {
  const core = await ready();
  const onNavigate = jest.fn();
  const onProductClick = jest.fn();
  const onClose = jest.fn();
  const onClientRoute = jest.fn();
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(
      <UiProvider core={core} site={site}>
        <SearchBox
          variant="inline"
          onNavigate={onNavigate}
          onProductClick={onProductClick}
          onClose={onClose}
          onClientRoute={onClientRoute}
          {...props}
        />
      </UiProvider>,
    );
  });
  const input = screen.getByRole('combobox') as HTMLInputElement;
  return { ...utils, core, input, onNavigate, onProductClick, onClose, onClientRoute };
}

/** Types `text` into the focused input (the whole new value, as one change). */
export async function type(input: HTMLInputElement, text: string): Promise<void> {
  await act(async () => {
    input.focus();
    fireEvent.change(input, { target: { value: text } });
  });
  await flush();
}

export async function press(input: HTMLInputElement, key: string): Promise<void> {
  await act(async () => {
    fireEvent.keyDown(input, { key });
  });
  await flush();
}

/** The shown options (the listbox is hidden, and its options with it, while closed). */
export const options = () => screen.queryAllByRole('option');

export const TEXT = {
  label: 'Suchbegriff',
  loading: 'Vorschläge werden geladen …',
  none: 'Keine Vorschläge',
  four: '4 Vorschläge',
  terms: 'Suchbegriffe',
  products: 'Produkte',
};

/** Resets what a test may leave behind: fetch, timers, the address, the data layer. */
export function resetEnvironment(): void {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
  window.history.replaceState(null, '', '/');
  delete (window as { dataLayer?: unknown }).dataLayer;
}
