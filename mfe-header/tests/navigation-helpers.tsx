/**
 * Fixtures and fakes of the main navigation tests. The only fake is `fetch` (the navigation and
 * theme-world services); the core is the real WebAssembly build (Jest maps `@shop/core` to its
 * Node build), so every answer below goes through `parseNavigation` / `parseThemeWorlds` as in
 * the browser.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { movePointerBetween } from './pointer';
import { ready, type Core, type Site } from '@shop/core';
import { ThemeScope, UiProvider } from '@shop/ui';
import { MainNavigation, type MainNavigationProps } from '../src/features/navigation';
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
// Service answers
// ---------------------------------------------------------------------------------------------

export const THEME_WORLDS_PATH = '/service/themeworld-frontend/api/themeworlds/navigation';

/**
 * The navigation tree: Kaffee (three levels and a teaser with two entries), Mode (children, no
 * teaser), Geschenke (no children, no teaser: a plain link).
 */
export const navigationAnswer = () => ({
  list: [
    {
      title: 'root',
      children: [
        {
          title: 'Kaffee',
          href: '/kaffee',
          index: 0,
          teaser: {
            title: 'Unsere Highlights',
            list: [
              {
                title: 'Barista Espresso',
                link: { title: 'Jetzt entdecken', url: '/p/barista' },
                image: { src: '/img/teaser/barista.jpg', alt: 'Espressobohnen', width: 400, height: 300 },
              },
              {
                title: 'Kaffeevollautomat',
                link: { href: '/p/vollautomat' },
                image: { src: '/img/teaser/vollautomat.jpg', alt: '' },
              },
            ],
          },
          children: [
            {
              title: 'Espresso',
              href: '/kaffee/espresso',
              children: [
                { title: 'Ganze Bohnen', href: '/kaffee/espresso/bohnen' },
                { title: 'Gemahlen', href: '/kaffee/espresso/gemahlen' },
              ],
            },
            { title: 'Filterkaffee', href: '/kaffee/filter' },
            {
              title: 'Maschinen',
              href: '/kaffee/maschinen',
              children: [
                { title: 'Vollautomaten', href: '/kaffee/maschinen/vollautomaten' },
                { title: 'Siebträger', href: '/kaffee/maschinen/siebtraeger' },
              ],
            },
          ],
        },
        {
          title: 'Mode',
          href: '/mode',
          index: 1,
          children: [
            { title: 'Damen', href: '/mode/damen' },
            { title: 'Herren', href: '/mode/herren' },
          ],
        },
        { title: 'Geschenke', href: '/geschenke', index: 2 },
      ],
    },
  ],
});

/** The theme-world flyout: four sections, "more" holding only an unsafe world (left out). */
export const themeWorldsAnswer = () => ({
  overview: { title: 'Alle Themenwelten', url: '/themenwelten' },
  sections: {
    lastChance: {
      headline: 'Nur noch kurz',
      themeworlds: [
        {
          url: '/themenwelten/advent',
          imgUrl: '/img/themeworlds/advent.svg',
          title: 'Adventszeit',
          tchiboCard: false,
          availability: ['thisWeekStore'],
          badges: [],
          endDate: '24.12.',
          endDateText: 'Endet bald',
          onlyXDaysLeftText: 'Nur noch 3 Tage',
        },
      ],
    },
    more: { headline: 'Weitere Themenwelten', themeworlds: [{ url: 'javascript:alert(1)', title: 'Böse' }] },
    new: {
      headline: 'Neu im Sortiment',
      themeworlds: [
        {
          url: '/themenwelten/garten',
          imgUrl: '/img/themeworlds/garten.svg',
          title: 'Gartenfreuden',
          tchiboCard: true,
          availability: ['storeAlso', 'onlineOnly'],
          badges: ['new', 'preview'],
        },
      ],
    },
    scout: {
      headline: 'Entdeckt für dich',
      themeworlds: [
        {
          url: '/themenwelten/kaffeemomente',
          imgUrl: '/img/themeworlds/coffee.svg',
          title: 'Kaffeemomente',
          tchiboCard: false,
          availability: ['onlineOnly'],
          badges: ['scout'],
        },
      ],
    },
  },
  translations: {
    scout: 'Entdeckt',
    new: 'Neu',
    preview: 'Vorschau',
    onlineOnly: 'Nur online',
    storeAlso: 'Auch in der Filiale',
    thisWeekStore: 'Diese Woche in der Filiale',
  },
});

// ---------------------------------------------------------------------------------------------
// The services: a fake `fetch`
// ---------------------------------------------------------------------------------------------

export interface Request {
  url: string;
  init: RequestInit;
  settled: boolean;
  reply(status: number, body?: unknown): void;
  /** A network failure: fetch rejects. */
  fail(): void;
}

export type Reply = { status: number; body?: unknown } | 'network' | undefined;

/** What the services do: answer, fail (`'network'`) or hold (`undefined`) each request. */
export interface Handlers {
  navigation?(request: Request): Reply;
  themeWorlds?(request: Request): Reply;
}

export interface FakeServices {
  requests: Request[];
  navigation(): Request | undefined;
  themeWorlds(): Request | undefined;
}

const textOf = (body: unknown) => (body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
const isThemeWorlds = (url: string) => url.startsWith(THEME_WORLDS_PATH);

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** Both services answering with the fixtures above. */
export const ANSWERING: Handlers = {
  navigation: () => ok(navigationAnswer()),
  themeWorlds: () => ok(themeWorldsAnswer()),
};

export function fakeServices(handlers: Handlers = ANSWERING): FakeServices {
  const requests: Request[] = [];
  const fetchMock = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new Promise((resolve, reject) => {
      const request: Request = {
        url,
        init,
        settled: false,
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
      const handler = isThemeWorlds(url) ? handlers.themeWorlds : handlers.navigation;
      const outcome = handler?.(request);
      if (outcome === 'network') request.fail();
      else if (outcome) request.reply(outcome.status, outcome.body);
    });
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return {
    requests,
    navigation: () => requests.find((request) => !isThemeWorlds(request.url)),
    themeWorlds: () => requests.find((request) => isThemeWorlds(request.url)),
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/** Lets pending promises (fetch answers, body reads) settle, under real or fake timers. */
export function flush(rounds = 6): Promise<void> {
  return settle(rounds);
}

/** Advances fake time by `ms` and lets what it triggers render. */
export async function advance(ms: number): Promise<void> {
  await advanceTime(ms);
}

function inProvider(props: MainNavigationProps, site: Site) {
  return (
    <UiProvider core={core()} site={site}>
      <ThemeScope>
        <MainNavigation {...props} />
      </ThemeScope>
      <a href="/elsewhere">Außerhalb</a>
    </UiProvider>
  );
}

/** Renders the navigation (CLASSIC, site DE unless given) and lets the answers arrive. */
export async function renderNavigation(props: Partial<MainNavigationProps> = {}, site: Site = 'DE', settle = true) {
  const all: MainNavigationProps = { platform: 'CLASSIC', currentPath: '/', ...props };
  const utils = render(inProvider(all, site));
  if (settle) await flush();
  return {
    ...utils,
    nav: () => screen.getByRole('navigation'),
    rerender(next: Partial<MainNavigationProps>) {
      utils.rerender(inProvider({ ...all, ...next }, site));
    },
  };
}

/** Opens an entry's flyout with its toggle (keyboard) and gives its panel's queries. */
export async function openFlyout(title: string) {
  pressKey(toggleOf(title), 'Enter');
  expect(isShown(title)).toBe(true);
  return within(panelOf(title));
}

/** An element's text as shown: without a screen reader's note (a new tab's). */
function shownText(element: Element | null): string {
  const shown = [...(element?.childNodes ?? [])].filter((node) => !(node instanceof Element && node.classList.contains('sui-visually-hidden')));
  return shown.map((node) => node.textContent).join('');
}

/** The bar's entry links' texts as shown, in order (links directly in the bar, not in flyouts). */
export function barTitles(): string[] {
  const nav = screen.getByRole('navigation');
  return [...nav.querySelectorAll(':scope > ul > li')].map((li) => shownText(li.querySelector(':scope > a, :scope > button, :scope > span')));
}

/** The bar entry (`<li>`) whose link or title is `title`. */
export function entry(title: string): HTMLElement {
  const nav = screen.getByRole('navigation');
  const found = [...nav.querySelectorAll<HTMLElement>(':scope > ul > li')].find(
    (li) => shownText(li.querySelector(':scope > a, :scope > button')) === title,
  );
  if (!found) throw new Error(`no bar entry ${title}`);
  return found;
}

/** The bar link of an entry. */
export const entryLink = (title: string) => within(entry(title)).getAllByRole('link', { hidden: true })[0];

/** The disclosure button of an entry (named "{title} – Untermenü öffnen" in German). */
export const toggleOf = (title: string) => screen.getByRole('button', { name: `${title} – Untermenü öffnen` });

/** The flyout panel an entry's button controls. */
export function panelOf(title: string): HTMLElement {
  const id = toggleOf(title).getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error(`no panel for ${title}`);
  return panel;
}

/** Whether the entry's flyout is shown (its panel not hidden, its button expanded). */
export function isShown(title: string): boolean {
  const shown = !panelOf(title).hidden;
  expect(toggleOf(title)).toHaveAttribute('aria-expanded', String(shown));
  return shown;
}

// ---------------------------------------------------------------------------------------------
// Pointer input (as a browser reports it: ./pointer)
// ---------------------------------------------------------------------------------------------

/** The mouse moves from `from` (or from outside the page) onto `to`. */
export function mouseMove(to: Element, from: Element | null = null): void {
  movePointerBetween(from, to);
}

/** The mouse leaves `from` for `to` (an element outside the navigation, or off the page). */
export function mouseLeave(from: Element, to: Element | null = null): void {
  movePointerBetween(from, to);
}

/**
 * Links are not followed in jsdom (it would log "not implemented: navigation"): a listener on
 * the window, after every other, notes whether the page would follow the link and stops it.
 */
let followed: string[] = [];
const recordFollow = (event: MouseEvent) => {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!link) return;
  if (!event.defaultPrevented) followed.push(link.getAttribute('href') ?? '');
  event.preventDefault();
};

export function watchLinks(): void {
  followed = [];
  window.addEventListener('click', recordFollow);
}

export function unwatchLinks(): void {
  window.removeEventListener('click', recordFollow);
}

/** The links the browser would have followed so far. */
export const followedLinks = () => [...followed];

/** A press and click with a pointer (`detail: 1`, as a pointer's click has; 2 for a double click's second). */
export function pointerClick(element: Element, pointerType: 'mouse' | 'touch' | 'pen', detail = 1): void {
  act(() => {
    fireEvent.pointerDown(element, { pointerType });
    fireEvent.pointerUp(element, { pointerType });
    fireEvent.click(element, { detail });
  });
}

/** A press outside the navigation (on the page's other link). */
export function pressOutside(): void {
  const outside = screen.getByRole('link', { name: 'Außerhalb' });
  act(() => {
    fireEvent.pointerDown(outside, { pointerType: 'mouse' });
    fireEvent.pointerUp(outside, { pointerType: 'mouse' });
  });
}

/**
 * A key press with the activation the browser adds (jsdom has none): focus, keydown; Enter on a
 * button clicks at keydown, Space at keyup, unless a handler prevented the default.
 */
export function pressKey(element: HTMLElement, key: 'Enter' | ' ' | 'Escape'): void {
  act(() => element.focus());
  expect(element).toHaveFocus();
  const code = key === 'Enter' ? 'Enter' : key === ' ' ? 'Space' : 'Escape';
  const button = element instanceof HTMLButtonElement && !element.disabled;
  act(() => {
    const down = fireEvent.keyDown(element, { key, code });
    if (key === 'Enter' && down && button) fireEvent.click(element);
    const up = fireEvent.keyUp(element, { key, code });
    if (key === ' ' && down && up && button) fireEvent.click(element);
  });
}

/** Focusable elements of `container` in tab order (no positive tabindex is used here). */
export function tabbable(container: ParentNode = document): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, [tabindex]')].filter(
    (element) => !element.closest('[hidden]') && element.tabIndex >= 0,
  );
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
  unwatchLinks();
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
  delete (window as { dataLayer?: unknown }).dataLayer;
  expect(logged).toEqual([]);
}
