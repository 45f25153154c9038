/**
 * Set-up of the icon bar and flyout tests: the real core (Jest maps `@shop/core` to its Node
 * build), the icon bar inside the design system's provider the way the header composes it
 * (`useFlyouts` + `IconBar` + `PageOverlay`), and the browser input jsdom lacks: pointer events
 * with a pointer type, React's enter/leave (derived from `pointerover`/`pointerout`), and the
 * activation a key press gives a button.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ready, type Core, type PersonalData, type Platform, type Site } from '@shop/core';
import { ThemeScope, UiProvider, useUi } from '@shop/ui';
import { IconBar, PageOverlay, useFlyouts, type Flyouts, type MiniCartLoader } from '../src/features/flyouts';
import { advanceTime, settle } from '../../build/jest/settle';
import { movePointerBetween } from './pointer';


// ---------------------------------------------------------------------------------------------
// Visitors (the personal-data service's body, read by the core)
// ---------------------------------------------------------------------------------------------

export function visitorBody(
  loginStatus: 'LOGGED_IN' | 'REMEMBERED' | 'LOGGED_OUT',
  { member = false, beans = 0, firstname = 'Anna', lastname = 'Berg' } = {},
): string {
  return JSON.stringify({
    tracking: { loginStatus },
    customer: { firstname, lastname, loyaltyBeans: beans, statuses: { isTchibocardMember: member } },
  });
}

export async function visitor(body = ''): Promise<PersonalData> {
  return (await ready()).parsePersonalData(body);
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

export interface BarOptions {
  site?: Site;
  platform?: Platform;
  pageIsBasket?: boolean;
  miniCartEnabled?: boolean;
  navigationOpen?: boolean;
  visitor?: PersonalData;
  initialItemCount?: number;
  loadMiniCart?: MiniCartLoader;
  basePath?: string;
}

/** The icon bar as the header composes it, with the page overlay after it. */
function Harness({
  options,
  onNavigate,
  expose,
}: {
  options: BarOptions & { visitor: PersonalData };
  onNavigate(url: string): void;
  expose(flyouts: Flyouts, core: Core): void;
}) {
  const { core } = useUi();
  const flyouts = useFlyouts({ pageIsBasket: options.pageIsBasket ?? false, miniCartEnabled: options.miniCartEnabled ?? true });
  expose(flyouts, core);
  return (
    <ThemeScope>
      <header>
        <IconBar
          flyouts={flyouts}
          platform={options.platform ?? 'CLASSIC'}
          visitor={options.visitor}
          initialItemCount={options.initialItemCount}
          loadMiniCart={options.loadMiniCart}
          basePath={options.basePath}
          onNavigate={onNavigate}
        />
      </header>
      <main>
        <p>Seiteninhalt</p>
        <button type="button">Auf der Seite</button>
      </main>
      <PageOverlay
        open={core.pageOverlayShown(flyouts.overlayFlyout, options.navigationOpen ?? false)}
        onClose={() => flyouts.close()}
      />
    </ThemeScope>
  );
}

export async function renderBar(options: BarOptions = {}) {
  const core = await ready();
  const onNavigate = jest.fn();
  const state: { flyouts?: Flyouts } = {};
  const person = options.visitor ?? core.parsePersonalData('');
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(
      <UiProvider core={core} site={options.site ?? 'DE'}>
        <Harness
          options={{ ...options, visitor: person }}
          onNavigate={onNavigate}
          expose={(flyouts) => {
            state.flyouts = flyouts;
          }}
        />
      </UiProvider>,
    );
  });
  return {
    ...utils,
    core,
    onNavigate,
    /** The flyout the core says is open. */
    open: () => state.flyouts?.open,
  };
}

// ---------------------------------------------------------------------------------------------
// The icons
// ---------------------------------------------------------------------------------------------

export const TEXT = {
  search: 'Suche',
  storeFinder: 'Filialfinder',
  userMenu: 'Mein Konto',
  cart: 'Warenkorb',
  cartPreview: 'Warenkorb-Vorschau anzeigen',
  storeHeadline: 'Finde eine Filiale in deiner Nähe',
  welcome: 'Willkommen! Melde dich an oder registriere dich.',
  loading: 'Warenkorb wird geladen …',
};

export const searchButton = () => screen.getByRole('button', { name: TEXT.search });
export const storeButton = () => screen.getByRole('button', { name: TEXT.storeFinder });
export const userButton = () => screen.getByRole('button', { name: TEXT.userMenu });
export const cartLink = () => screen.getByRole('link', { name: /^Warenkorb/ });
export const cartToggle = () => screen.getByRole('button', { name: TEXT.cartPreview });
export const queryCartToggle = () => screen.queryByRole('button', { name: TEXT.cartPreview });
/** The element the icon bar's hover area is (its root). */
export const area = () => document.querySelector<HTMLElement>('.shd-icon-bar')!;
export const overlay = () => document.querySelector<HTMLElement>('.shd-overlay');

/** The shown panel of a flyout (null while hidden), found through the button's aria-controls. */
export function shownPanel(button: HTMLElement): HTMLElement | null {
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('the button controls no element');
  return panel.hidden ? null : panel;
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** Lets pending promises settle, under real or fake timers. */
export function flush(rounds = 4): Promise<void> {
  return settle(rounds);
}

/** Advances fake time by `ms` and lets what it triggers render. */
export async function advance(ms: number): Promise<void> {
  await advanceTime(ms);
  await flush();
}

const mouse = { pointerType: 'mouse' } as const;

/** The mouse comes onto `element` from outside the page. */
export function hover(element: Element): void {
  movePointerBetween(null, element);
}

/** The mouse moves from `from` to `to`. */
export function movePointer(from: Element, to: Element): void {
  movePointerBetween(from, to);
}

/** The mouse leaves `from` for the page's body (outside the header). */
export function leaveToPage(from: Element): void {
  movePointerBetween(from, document.body);
}

/**
 * A finger taps `element`: pointer events of type touch, then the click the browser adds
 * (`detail` 2: a second tap in quick succession, which the browser counts as a double click).
 * Returns whether the click's default (a link's navigation) was left alone.
 */
export function tap(element: Element, detail = 1): boolean {
  let followed = true;
  act(() => {
    const touch = { pointerType: 'touch' } as const;
    movePointerBetween(null, element, 'touch');
    fireEvent.pointerDown(element, touch);
    fireEvent.pointerUp(element, touch);
    movePointerBetween(element, document.body, 'touch');
    followed = fireEvent.click(element, { detail });
  });
  return followed;
}

/** A mouse click: press (pointerdown, which the document sees too) and click (`detail` 2: a double click's second). */
export function click(element: Element, detail = 1): boolean {
  let followed = true;
  act(() => {
    fireEvent.pointerDown(element, mouse);
    fireEvent.pointerUp(element, mouse);
    followed = fireEvent.click(element, { detail });
  });
  return followed;
}

/**
 * A key press on a focusable element, with the activation the browser adds (jsdom has none): the
 * element takes focus, then keydown; Enter on a button or a link clicks at keydown, Space on a
 * button clicks at keyup, unless a handler prevented the default.
 */
export function pressKey(element: HTMLElement, key: 'Enter' | ' ' | 'Escape'): void {
  act(() => {
    element.focus();
  });
  const code = key === 'Enter' ? 'Enter' : key === ' ' ? 'Space' : 'Escape';
  const button = element instanceof HTMLButtonElement && !element.disabled;
  const link = element instanceof HTMLAnchorElement && element.hasAttribute('href');
  act(() => {
    const down = fireEvent.keyDown(element, { key, code });
    if (key === 'Enter' && down && (button || link)) fireEvent.click(element);
    const up = fireEvent.keyUp(element, { key, code });
    if (key === ' ' && down && up && button) fireEvent.click(element);
  });
}

/** Escape wherever focus is (the document listens). */
export function escape(): void {
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });
  });
}

/** Resets what a test may leave behind. */
export function resetEnvironment(): void {
  jest.useRealTimers();
  document.body.className = '';
  delete (globalThis as { fetch?: unknown }).fetch;
}
