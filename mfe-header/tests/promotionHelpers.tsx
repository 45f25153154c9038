/**
 * Shared fixtures and fakes of the promotion tests. The only fake is `fetch` (the promotion
 * service); the core is the real WebAssembly build (Jest maps `@shop/core` to its Node build),
 * so every answer below goes through `parsePromotionJson` as in the browser.
 */
import { act, fireEvent, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ready, type Core, type Site } from '@shop/core';
import { UiProvider } from '@shop/ui';
import { clearPromotionCache } from '../src/features/promotions/usePromotion';
import { PromotionSlot, type PromotionSlotProps } from '../src/features/promotions/PromotionSlot';
import { advanceTime, settle } from '../../build/jest/settle';

// ---------------------------------------------------------------------------------------------
// The core
// ---------------------------------------------------------------------------------------------

let loaded: Core | undefined;

/** The core, once its WebAssembly is ready; call in `beforeAll`. */
export async function loadCore(): Promise<Core> {
  loaded = await ready();
  return loaded;
}

export function core(): Core {
  if (!loaded) throw new Error('call loadCore() in beforeAll');
  return loaded;
}

// ---------------------------------------------------------------------------------------------
// Promotion service answers: `{ type, contentJSON }` with the document as a JSON string
// ---------------------------------------------------------------------------------------------

export const TYPES = {
  benefits: 'ApiHeaderBenefitsPromotion',
  banner: 'ApiTopBannerPromotion',
  phase: 'ApiPiPromotion',
  category: 'ApiCategory',
} as const;

/** A service answer as the promotion service sends it. */
export function answer(type: string, content: Record<string, unknown>) {
  return { type, contentJSON: JSON.stringify(content) };
}

/** The header benefits bar (`~header_top`): four entries, one too many, one unsafe. */
export const benefitsContent = () => ({
  backgroundColor: { colorCode: '#f3efe9' },
  promotionTextColor: { colorCode: '#2b1a10' },
  links: [
    { text: 'Versandkostenfrei ab 25 €', boldLink: true },
    { text: '10 % Willkommensgutschein', url: '/subscribenewsletter' },
    { text: 'Online bestellen, in der Filiale abholen', link: { url: '/service/storefinder/' } },
    { text: 'Kundenservice', url: 'javascript:alert(1)' },
    { text: 'Ein fünfter Eintrag', url: '/zu-viel' },
  ],
});

/** A top banner with everything: dark theme, colours, voucher (chosen), button, legal text. */
export const bannerContent = () => ({
  headline: 'Kaffee-Wochen: 20 % auf alle Bohnen',
  promotionShortText: '20 % auf Bohnen',
  subline: 'Nur bis Sonntag',
  useDarkTheme: true,
  backgroundColor: { colorCode: '#1a2b3c' },
  promotionTextColor: { colorCode: '#ffffff' },
  legalText: 'Gültig bis 31.12. für alle Kaffeebohnen, nicht mit anderen Aktionen kombinierbar.',
  legalTextHint: 'Details zum Angebot',
  legalTextHintShort: 'Details',
  voucherCode: { code: 'KAFFEE20', instruction: 'Im Warenkorb eingeben' },
  ctaButton: { ctaLink: { url: '/c/kaffee', text: 'Jetzt entdecken' } },
  voucherOrButton: { selector: 'voucherCode' },
});

/** A category banner: three cutouts (not in width order), links (one bold, one external, one unsafe), main link. */
export const categoryContent = () => ({
  headline: 'Alles für den Kaffeegenuss',
  subline: 'Bohnen, Kapseln und Maschinen',
  img: {
    imageData: [
      {
        targetSize: { width: 767 },
        breakpoint: 's',
        imagePath: 'https://cdn.example/image-delivery/banner/tablet.jpg?v=2',
        imageCss: 'width: 100%; background: url(x)',
        containerCss: 'aspect-ratio: 4/3',
      },
      {
        targetSize: { width: 1920 },
        breakpoint: 1023,
        imagePath: '/image-delivery/banner/desktop.jpg',
        imageCss: 'object-position: 50% 20%; object-fit: cover',
        containerCss: 'aspect-ratio: 16/9',
      },
      {
        targetSize: 375,
        imagePath: '/image-delivery/banner/phone.jpg',
        imageCss: 'object-position: 30% 50%',
        containerCss: 'aspect-ratio: 1/1',
      },
    ],
  },
  link: { url: '/c/kaffee', text: 'Zur Kaffeewelt' },
  voucherOrButton: { selector: 'ctaButton' },
  links: [
    { url: '/c/kaffee/bohnen', text: 'Bohnen', boldLink: true },
    { link: { url: 'https://partner.example/maschinen', text: 'Maschinen beim Partner' } },
    { linkURL: '/c/kaffee/kapseln', text: 'Kapseln' },
    { url: 'javascript:alert(1)', text: 'Gefährlicher Link' },
  ],
  legalText: 'Solange der Vorrat reicht.',
});

/** A phase integration with its `piImage` as a JSON string and a button. */
export const phaseContent = () => ({
  promotionLongText: 'Die neue Espressomaschine',
  subline: 'Jetzt mit 2 Jahren Extra-Garantie',
  piImage: {
    imageData: JSON.stringify({ imagePath: '/image-delivery/pi/espresso.jpg', imageCss: 'object-fit: contain' }),
  },
  ctaButton: { ctaLink: { url: '/p/espresso', text: 'Zur Maschine' } },
  voucherOrButton: { selector: 'ctaButton' },
});

// ---------------------------------------------------------------------------------------------
// The promotion service: a fake `fetch`
// ---------------------------------------------------------------------------------------------

export interface Request {
  url: string;
  init: RequestInit;
  /** The request headers as a plain object (lower-case names). */
  headers: Record<string, string>;
  settled: boolean;
  /** Whether the hook aborted it (a newer query, an unmount). */
  aborted(): boolean;
  reply(status: number, body?: unknown): void;
  /** A network failure: fetch rejects. */
  fail(): void;
}

export interface Reply {
  status: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

/** What the service does with a request: answer it, fail it (`'network'`), or hold it (`undefined`). */
export type Handler = (request: Request) => Reply | 'network' | undefined;

export interface FakeService {
  requests: Request[];
  handle(handler: Handler): void;
}

const textOf = (body: unknown) => (body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));

function headersOf(init: RequestInit): Record<string, string> {
  const result: Record<string, string> = {};
  const given = init.headers;
  const pairs: [string, string][] = Array.isArray(given)
    ? (given as [string, string][])
    : given && typeof (given as Headers).forEach === 'function' && !(given.constructor === Object)
      ? (() => {
          const list: [string, string][] = [];
          (given as Headers).forEach((value, name) => list.push([name, value]));
          return list;
        })()
      : Object.entries((given ?? {}) as Record<string, string>);
  for (const [name, value] of pairs) result[name.toLowerCase()] = value;
  return result;
}

/** Installs a fake `fetch`; requests are answered by `handler` (held when it returns nothing). */
export function fakeService(handler: Handler = () => undefined): FakeService {
  let current = handler;
  const requests: Request[] = [];
  const fetchMock = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new Promise((resolve, reject) => {
      const request: Request = {
        url,
        init,
        headers: headersOf(init),
        settled: false,
        aborted: () => init.signal?.aborted === true,
        reply(status, body) {
          if (request.settled) throw new Error(`${url} answered twice`);
          request.settled = true;
          const text = textOf(body);
          resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(text) });
        },
        fail() {
          if (request.settled) throw new Error(`${url} answered twice`);
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
    handle(next) {
      current = next;
    },
  };
}

/** A service answering every request with this body (status 200). */
export function serviceAnswering(body: unknown): FakeService {
  return fakeService(() => ({ status: 200, body }));
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/** Lets pending promises (fetch answers, clipboard) settle, under real or fake timers. */
export function flush(rounds = 4): Promise<void> {
  return settle(rounds);
}

function inProvider(element: ReactElement, site: Site) {
  return (
    <UiProvider core={core()} site={site}>
      {element}
    </UiProvider>
  );
}

/** Renders a promotion slot inside the design system's provider (site DE unless given). */
export async function renderSlot(props: PromotionSlotProps, site: Site = 'DE', settle = true) {
  const utils = render(inProvider(<PromotionSlot {...props} />, site));
  if (settle) await flush();
  return {
    ...utils,
    async rerender(next: PromotionSlotProps, nextSite: Site = site) {
      utils.rerender(inProvider(<PromotionSlot {...next} />, nextSite));
      await flush();
    },
  };
}

/** Advances fake time by `ms` and lets what it triggers render. */
export async function advance(ms: number): Promise<void> {
  await advanceTime(ms);
  await flush(2);
}

/**
 * A key press with the activation the browser adds (jsdom has none): focus, keydown, Enter on a
 * button clicks at keydown, Space at keyup, unless a handler prevented the default. Anything that
 * is not a native button is never clicked, so a `<div onClick>` fails.
 */
export function pressKey(element: HTMLElement, key: 'Enter' | ' '): void {
  act(() => element.focus());
  expect(element).toHaveFocus();
  const code = key === 'Enter' ? 'Enter' : 'Space';
  const button = element instanceof HTMLButtonElement && !element.disabled;
  const down = fireEvent.keyDown(element, { key, code });
  if (key === 'Enter' && down && button) fireEvent.click(element);
  const up = fireEvent.keyUp(element, { key, code });
  if (key === ' ' && down && up && button) fireEvent.click(element);
}

/** Scrolls the window to `y` (jsdom does not scroll) and fires the scroll event. */
export function scrollWindowTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** Replaces `document.cookie` reads (jsdom keeps real cookies; this keeps tests independent). */
export function setCookies(cookies: string): void {
  Object.defineProperty(document, 'cookie', { value: cookies, configurable: true, writable: true });
}

// ---------------------------------------------------------------------------------------------
// Environment
// ---------------------------------------------------------------------------------------------

let consoleError: jest.SpyInstance | undefined;

/** Watches `console.error` (React warnings, failures that would be logged): call in `beforeEach`. */
export function watchConsole(): void {
  consoleError = jest.spyOn(console, 'error');
}

/** Resets what a test may leave behind and checks that nothing was logged as an error. */
export function resetEnvironment(): void {
  const logged = consoleError?.mock.calls ?? [];
  consoleError?.mockRestore();
  consoleError = undefined;
  clearPromotionCache();
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
  delete (window as { dataLayer?: unknown }).dataLayer;
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
  delete (document as { cookie?: unknown }).cookie;
  document.documentElement.lang = '';
  expect(logged).toEqual([]);
}
