/**
 * The assembled header (`Header`, as hosts mount it): what only the whole does. The cache-key
 * call at load (header spec section 7), the page's options reaching the navigation (the
 * theme-world sublines' hide option, the site prefix of the fallback entries and of the
 * benefits' sign-up link), and the sticky header's 50 ms scroll debounce (section 9). Only
 * `fetch` is faked; the core is the real WebAssembly build.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { clearPromotionCache } from '../src/features/promotions/usePromotion';
import Header, { type HeaderProps } from '../src/Header';
import SearchField from '../src/SearchField';
import { answer as suggestionsAnswer, press, type } from './search-helpers';
import {
  entry,
  flush,
  loadCore,
  mouseMove,
  navigationAnswer,
  openFlyout,
  panelOf,
  resetEnvironment,
  themeWorldsAnswer,
  THEME_WORLDS_PATH,
} from './navigation-helpers';
import { advanceTime } from '../../build/jest/settle';
import { movePointerBetween } from './pointer';

interface Call {
  url: string;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  cache?: RequestCache;
}

/** Every service the full header calls at load, answered as the reference server would. */
function fakeHeaderServices(options: { navigation?: boolean; benefits?: unknown; personalData?: unknown } = {}): Call[] {
  const calls: Call[] = [];
  const answer = (status: number, body: unknown) =>
    Promise.resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(JSON.stringify(body)) });
  (globalThis as { fetch: unknown }).fetch = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, headers: Object.fromEntries(new Headers(init.headers).entries()), credentials: init.credentials, cache: init.cache });
    if (url.startsWith(THEME_WORLDS_PATH)) return answer(200, themeWorldsAnswer());
    if (url.startsWith('/jsonflyoutnavigation')) {
      return options.navigation === false ? answer(503, {}) : answer(200, navigationAnswer());
    }
    if (url.startsWith('/service/searchfrontend/api/cachekey')) return answer(200, { cacheKey: 'k' });
    if (url.startsWith('/service/searchfrontend/api/suggestions')) {
      return Promise.resolve({ status: 200, ok: true, text: () => Promise.resolve(suggestionsAnswer(['Kaffeebohnen', 'Kaffeemaschine'])) });
    }
    if (url.startsWith('/service/customerfrontenddata/api/v1/psdata')) {
      return answer(200, options.personalData ?? { tracking: { loginStatus: 'LOGGED_OUT' } });
    }
    if (url.startsWith('/service/promotion/api/promotion/') && options.benefits) return answer(200, options.benefits);
    return answer(404, {});
  });
  return calls;
}

async function renderHeader(props: Partial<HeaderProps> = {}) {
  await act(async () => {
    render(<Header site="DE" pageType="home" currentPath="/" {...props} />);
  });
  await flush();
}

beforeAll(loadCore);
beforeEach(() => {
  // Sticky mode keeps and restores the scroll position; jsdom has no scrolling.
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});
afterEach(resetEnvironment);

test('asks the search cache key once when it loads, and ignores the answer', async () => {
  const calls = fakeHeaderServices();
  await renderHeader();
  expect(calls.filter((call) => call.url === '/service/searchfrontend/api/cachekey')).toHaveLength(1);
  expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
});

test('gives up every service call that has not answered within 8 s, and keeps the fallback header', async () => {
  jest.useFakeTimers();
  // Every service hangs: each call would hold one of the browser's few connections to the shop
  // for as long as the tab is open, and the shopper's own calls (a cart change) would queue.
  const signals = new Map<string, AbortSignal | undefined>();
  (globalThis as { fetch: unknown }).fetch = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    signals.set(String(input).split('?')[0], init.signal ?? undefined);
    return new Promise(() => undefined);
  });
  await renderHeader();
  const paths = [...signals.keys()];
  expect(paths).toEqual(
    expect.arrayContaining([
      '/jsonflyoutnavigation',
      THEME_WORLDS_PATH,
      '/service/customerfrontenddata/api/v1/psdata',
      '/service/searchfrontend/api/cachekey',
      // The benefits bar's promotion.
      expect.stringMatching(/^\/service\/promotion\/api\/promotion\//),
    ]),
  );
  expect(paths.filter((path) => signals.get(path)?.aborted)).toEqual([]);
  await advanceTime(7_999);
  expect(paths.filter((path) => signals.get(path)?.aborted)).toEqual([]);
  await advanceTime(1);
  expect(paths.filter((path) => !signals.get(path)?.aborted)).toEqual([]);
  // What shows is what a failed call shows: the fallback entries and a logged-out visitor.
  const navigation = screen.getByRole('navigation', { name: 'Hauptnavigation' });
  expect(navigation).toHaveAttribute('data-complete', 'false');
  expect(within(navigation).getByRole('link', { name: 'Wochenangebote' })).toBeInTheDocument();
  await act(async () => {
    screen.getByRole('button', { name: 'Mein Konto' }).click();
  });
  await flush();
  expect(screen.getByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
});

test('the page stays overlaid while the mouse goes from an open navigation flyout to an icon, whose flyout replaces it', async () => {
  jest.useFakeTimers();
  fakeHeaderServices();
  await renderHeader();
  const overlaid = () => document.querySelector('.shd-overlay') !== null;
  mouseMove(entry('Kaffee'));
  await advanceTime(300);
  await flush();
  expect(screen.getByRole('button', { name: 'Kaffee – Untermenü öffnen' })).toHaveAttribute('aria-expanded', 'true');
  expect(overlaid()).toBe(true);
  const store = screen.getByRole('button', { name: 'Filialfinder', exact: true });
  movePointerBetween(entry('Kaffee'), store);
  const seen: boolean[] = [];
  for (let ms = 0; ms < 1500; ms += 100) {
    await advanceTime(100);
    seen.push(overlaid());
  }
  expect(store).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('button', { name: 'Kaffee – Untermenü öffnen' })).toHaveAttribute('aria-expanded', 'false');
  // Never a light flash: overlaid all the way.
  expect(seen.every(Boolean)).toBe(true);
});

// Header spec section 2: only one flyout is open at a time; opening one replaces the other.
describe('an icon flyout the keyboard is in, and the navigation', () => {
  async function storeFinderTypedIn() {
    jest.useFakeTimers();
    fakeHeaderServices();
    await renderHeader();
    const store = screen.getByRole('button', { name: 'Filialfinder', exact: true });
    await act(async () => {
      fireEvent.click(store);
    });
    await flush();
    const field = screen.getByRole('textbox', { name: 'PLZ oder Ort' });
    act(() => field.focus());
    fireEvent.change(field, { target: { value: '2009' } });
    return store;
  }
  const kaffee = () => screen.getByRole('button', { name: 'Kaffee – Untermenü öffnen' });

  test('the mouse resting on an entry opens nothing: the flyout and what is typed in it stay', async () => {
    const store = await storeFinderTypedIn();
    movePointerBetween(store, entry('Kaffee'));
    await advanceTime(1000);
    await flush();
    expect(kaffee()).toHaveAttribute('aria-expanded', 'false');
    expect(store).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'PLZ oder Ort' })).toHaveValue('2009');
  });

  test('a click on an entry opens its flyout and closes the icon flyout: never two at once', async () => {
    const store = await storeFinderTypedIn();
    await act(async () => {
      fireEvent.click(kaffee());
    });
    await flush();
    expect(kaffee()).toHaveAttribute('aria-expanded', 'true');
    expect(store).toHaveAttribute('aria-expanded', 'false');
  });
});

test("on the search page, Escape in the field's open suggestions closes them only: a navigation flyout the mouse opened stays", async () => {
  jest.useFakeTimers();
  fakeHeaderServices();
  await act(async () => {
    render(
      <>
        <Header site="DE" pageType="search" currentPath="/search" />
        <main>
          <SearchField site="DE" />
        </main>
      </>,
    );
  });
  await flush();
  mouseMove(entry('Kaffee'));
  await advanceTime(300);
  await flush();
  const kaffee = screen.getByRole('button', { name: 'Kaffee – Untermenü öffnen' });
  expect(kaffee).toHaveAttribute('aria-expanded', 'true');
  const field = within(screen.getByRole('main')).getByRole('combobox') as HTMLInputElement;
  await type(field, 'kaffee');
  await advanceTime(100);
  await flush();
  expect(field).toHaveAttribute('aria-expanded', 'true');
  await press(field, 'Escape');
  expect(field).toHaveAttribute('aria-expanded', 'false');
  expect(kaffee).toHaveAttribute('aria-expanded', 'true');
  // A second Escape, with nothing open in the field, is the page's: the flyout closes.
  await press(field, 'Escape');
  expect(kaffee).toHaveAttribute('aria-expanded', 'false');
});

test('an Escape something else on the page has handled (preventDefault) leaves a navigation flyout the mouse opened', async () => {
  jest.useFakeTimers();
  fakeHeaderServices();
  await renderHeader();
  mouseMove(entry('Kaffee'));
  await advanceTime(300);
  await flush();
  const kaffee = screen.getByRole('button', { name: 'Kaffee – Untermenü öffnen' });
  expect(kaffee).toHaveAttribute('aria-expanded', 'true');
  // A host's dialog, say, closes itself on Escape and says so.
  const handled = (event: KeyboardEvent) => event.preventDefault();
  document.addEventListener('keydown', handled, true);
  await act(async () => {
    fireEvent.keyDown(document.body, { key: 'Escape' });
  });
  expect(kaffee).toHaveAttribute('aria-expanded', 'true');
  document.removeEventListener('keydown', handled, true);
  await act(async () => {
    fireEvent.keyDown(document.body, { key: 'Escape' });
  });
  expect(kaffee).toHaveAttribute('aria-expanded', 'false');
});

test("the page's hide option leaves the theme-world sublines out", async () => {
  fakeHeaderServices();
  await renderHeader({ hideThemeWorldSublines: true });
  const flyout = await openFlyout('Alle Themenwelten');
  const card = flyout.getByRole('link', { name: 'Gartenfreuden' }).closest('li') as HTMLElement;
  expect(card).not.toHaveTextContent('Auch in der Filiale');
  expect(card).toHaveTextContent('Vorschau');
});

test('without the option the sublines show', async () => {
  fakeHeaderServices();
  await renderHeader();
  const flyout = await openFlyout('Alle Themenwelten');
  const card = flyout.getByRole('link', { name: 'Gartenfreuden' }).closest('li') as HTMLElement;
  expect(card).toHaveTextContent('Auch in der Filiale');
});

test("on another site the fallback entries and the benefits' sign-up link stay on that site", async () => {
  const benefits = {
    type: 'ApiHeaderBenefitsPromotion',
    contentJSON: JSON.stringify({ links: [{ text: 'Versandkostenfrei ab 20 €' }] }),
  };
  fakeHeaderServices({ navigation: false, benefits });
  await renderHeader({ site: 'AT', basePath: '/at' });
  const navigation = screen.getByRole('navigation', { name: 'Hauptnavigation' });
  const hrefs = within(navigation)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/at\//);
  expect(screen.getByRole('link', { name: 'Versandkostenfrei ab 20 €' })).toHaveAttribute('href', '/at/subscribenewsletter');
});

test('the sticky header takes its scrolled look 50 ms after the last scroll, not before', async () => {
  jest.useFakeTimers();
  fakeHeaderServices();
  await renderHeader({ platform: 'MATCH' });
  const header = document.querySelector('.shd-header') as HTMLElement;
  expect(header).not.toHaveClass('shd-header--scrolled');
  Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  await advanceTime(30);
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  await advanceTime(30);
  expect(header).not.toHaveClass('shd-header--scrolled');
  await advanceTime(25);
  expect(header).toHaveClass('shd-header--scrolled');

  // The navigation holds the page still (the body fixed, the window at 0): still scrolled.
  document.body.style.setProperty('position', 'fixed');
  document.body.style.setProperty('top', '-120px');
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  await advanceTime(60);
  expect(header).toHaveClass('shd-header--scrolled');
  document.body.style.removeProperty('position');
  document.body.style.removeProperty('top');
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  await advanceTime(60);
  expect(header).not.toHaveClass('shd-header--scrolled');
});

test('a header that stops being sticky (the page gives another platform) loses its scrolled look', async () => {
  jest.useFakeTimers();
  fakeHeaderServices();
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(<Header site="DE" pageType="home" currentPath="/" platform="MATCH" />);
  });
  await flush();
  const header = document.querySelector('.shd-header') as HTMLElement;
  Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
  try {
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await advanceTime(60);
    expect(header).toHaveClass('shd-header--scrolled');

    await act(async () => {
      view.rerender(<Header site="DE" pageType="home" currentPath="/" platform="CLASSIC" />);
    });
    expect(header).not.toHaveClass('shd-header--scrolled');
  } finally {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  }
});

test('the rows kept for the benefits and the top banner close up when the promotion service has none or fails, and stay while it answers', async () => {
  const benefits = { type: 'ApiHeaderBenefitsPromotion', contentJSON: JSON.stringify({ links: [{ text: 'Versandkostenfrei ab 20 €' }] }) };
  let answer: 'late' | 'none' | 'benefits' = 'late';
  const held: (() => void)[] = [];
  fakeHeaderServices();
  const services = (globalThis as { fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<unknown> }).fetch;
  (globalThis as { fetch: unknown }).fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('/service/promotion/api/promotion/')) return services(input, init);
    const respond = () =>
      answer === 'benefits' && url.includes(encodeURIComponent('~header_top'))
        ? { status: 200, ok: true, text: () => Promise.resolve(JSON.stringify(benefits)) }
        : { status: 500, ok: false, text: () => Promise.resolve('{}') };
    return answer === 'late' ? new Promise((resolve) => held.push(() => resolve(respond()))) : Promise.resolve(respond());
  });
  await renderHeader({ topBanner: { id: 'top-banner' } });
  const rows = () => [document.querySelector('.shd-header__benefits'), document.querySelector('.shd-header__top-banner')];
  // While the answers are on their way the rows stay, so a promotion coming shifts nothing.
  for (const row of rows()) expect(row).not.toHaveClass('shd-header__row--empty');
  answer = 'none';
  expect(held.length).toBe(2);
  await act(async () => held.forEach((release) => release()));
  await flush();
  for (const row of rows()) expect(row).toHaveClass('shd-header__row--empty');
  cleanup();

  clearPromotionCache();
  answer = 'benefits';
  await renderHeader({ topBanner: { id: 'top-banner' } });
  const [benefitsRow, bannerRow] = rows();
  expect(benefitsRow).not.toHaveClass('shd-header__row--empty');
  expect(benefitsRow).toHaveTextContent('Versandkostenfrei ab 20 €');
  expect(bannerRow).toHaveClass('shd-header__row--empty');
});

/** The window `width` px wide, as a shopper's resize leaves it (the platform follows 500 ms later). */
async function resizeTo(width: number): Promise<void> {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
  await advanceTime(500);
}

test('a window widened to the classic layout closes an open flyout: the header, no longer fixed, would carry it out of sight and leave the page overlaid', async () => {
  jest.useFakeTimers();
  fakeHeaderServices();
  const width = window.innerWidth;
  try {
    await resizeTo(1280);
    await renderHeader();
    expect(document.querySelector('.shd-header')).toHaveAttribute('data-platform', 'TABLET');

    // The navigation's flyout, opened in sticky mode: the page is frozen under it.
    await openFlyout('Kaffee');
    expect(document.body.style.position).toBe('fixed');
    await resizeTo(1500);
    expect(document.querySelector('.shd-header')).toHaveAttribute('data-platform', 'CLASSIC');
    expect(panelOf('Kaffee')).not.toBeVisible();
    expect(document.body.style.position).toBe('');
    expect(document.body).not.toHaveClass('flyout-open');

    // An icon's flyout likewise.
    await resizeTo(1280);
    const account = screen.getByRole('button', { name: 'Mein Konto' });
    act(() => account.click());
    expect(account).toHaveAttribute('aria-expanded', 'true');
    await resizeTo(1500);
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('flyout-open');

    // Narrowing keeps it: the header becomes fixed with the flyout in it.
    act(() => account.click());
    await resizeTo(1280);
    expect(account).toHaveAttribute('aria-expanded', 'true');
  } finally {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  }
});

test('the fixed header comes down whole while the focus is in the benefits row, and lifts it out again once the focus leaves', async () => {
  jest.useFakeTimers();
  const benefits = {
    type: 'ApiHeaderBenefitsPromotion',
    contentJSON: JSON.stringify({ links: [{ text: 'Versandkostenfrei ab 20 €' }] }),
  };
  fakeHeaderServices({ benefits });
  await renderHeader({ platform: 'MATCH' });
  const LIFT = 40;
  const frame = document.querySelector('.shd-header-frame') as HTMLElement;
  const header = document.querySelector('.shd-header') as HTMLElement;
  const bar = document.querySelector('.shd-header__bar') as HTMLElement;
  Object.defineProperty(bar, 'offsetTop', { configurable: true, get: () => LIFT });
  Object.defineProperty(header, 'offsetHeight', { configurable: true, get: () => 160 });
  frame.getBoundingClientRect = () => ({ top: -300 }) as DOMRect;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  await advanceTime(20);
  expect(header).toHaveClass('shd-header--stuck');
  expect(header.style.top).toBe(`-${LIFT}px`);

  // Shift+Tab from the bar into the benefits row: the whole header is in view.
  act(() => screen.getByRole('link', { name: 'Versandkostenfrei ab 20 €' }).focus());
  expect(header.style.top).toBe('0px');
  // On to the logo in the bar: the row is lifted out of view again.
  act(() => screen.getByRole('link', { name: /^SHOP/ }).focus());
  expect(header.style.top).toBe(`-${LIFT}px`);
});

test("a finger on the page overlay over the open navigation leaves it until its click, which closes the navigation", async () => {
  fakeHeaderServices();
  await renderHeader();
  await openFlyout('Kaffee');
  const shield = document.querySelector('.shd-overlay');
  expect(shield).not.toBeNull();
  act(() => {
    fireEvent.pointerDown(shield!, { pointerType: 'touch' });
    fireEvent.pointerUp(shield!, { pointerType: 'touch' });
  });
  await flush();
  // Still there when the browser picks the tap's click target: the tap does not reach the page.
  expect(document.querySelector('.shd-overlay')).toBe(shield);
  act(() => {
    fireEvent.click(shield!);
  });
  await flush();
  expect(document.querySelector('.shd-overlay')).toBeNull();
  expect(screen.getByRole('button', { name: /Kaffee/ })).toHaveAttribute('aria-expanded', 'false');
});

test('a login in another tab shows in the user menu when the tab is shown again', async () => {
  fakeHeaderServices();
  await renderHeader();
  const calls = () => (globalThis.fetch as jest.Mock).mock.calls.filter(([input]) => String(input).includes('/psdata')).length;
  expect(calls()).toBe(1);
  // Logged in elsewhere: the personal data now names the customer.
  const loggedIn = { tracking: { loginStatus: 'LOGGED_IN' }, customer: { firstname: 'Max', lastname: 'Kunde' } };
  const previous = globalThis.fetch as jest.Mock;
  (globalThis as { fetch: unknown }).fetch = jest.fn((input: RequestInfo | URL) =>
    String(input).includes('/psdata')
      ? Promise.resolve({ status: 200, ok: true, text: () => Promise.resolve(JSON.stringify(loggedIn)) })
      : previous(input),
  );
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await flush();
  await act(async () => {
    screen.getByRole('button', { name: 'Mein Konto' }).click();
  });
  await flush();
  expect(screen.getByText('Hallo Max Kunde')).toBeInTheDocument();
});

/** Sets a cookie of the page for one test (`clearCookie` removes it again). */
function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

function clearCookie(name: string): void {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

test("the personal-data call repeats the page's CSRF token in the core's header, and its logged-in answer shows in the user menu", async () => {
  const { csrfCookie, csrfHeader, personalDataPath } = (await loadCore()).visitorSettings();
  expect([csrfCookie, csrfHeader]).toEqual(['csrf', 'x-csrf-token']);
  setCookie(csrfCookie, 'tok-123/abc');
  try {
    const calls = fakeHeaderServices({
      personalData: { tracking: { loginStatus: 'LOGGED_IN' }, customer: { firstname: 'Max', lastname: 'Kunde' } },
    });
    await renderHeader();
    const personal = calls.filter((call) => call.url.startsWith(personalDataPath));
    expect(personal).toHaveLength(1);
    expect(personal[0].headers).toMatchObject({ [csrfHeader]: 'tok-123/abc' });
    await act(async () => {
      screen.getByRole('button', { name: 'Mein Konto' }).click();
    });
    await flush();
    expect(screen.getByText('Hallo Max Kunde')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Anmelden' })).not.toBeInTheDocument();
  } finally {
    clearCookie(csrfCookie);
  }
});

test("the visitor data is asked with the shopper's cookies, never from the cache: a login shows on the next page", async () => {
  const { personalDataPath } = (await loadCore()).visitorSettings();
  const calls = fakeHeaderServices();
  await renderHeader();
  const personal = calls.filter((call) => call.url.startsWith(personalDataPath));
  expect(personal).toHaveLength(1);
  expect(personal[0]).toMatchObject({ credentials: 'include', cache: 'no-store' });
});

test("a page naming its own CSRF cookie (csrfCookie) has that cookie's token sent, not the default cookie's", async () => {
  const { csrfCookie, csrfHeader, personalDataPath } = (await loadCore()).visitorSettings();
  setCookie(csrfCookie, 'default-token');
  setCookie('shop_xsrf', 'page-token');
  try {
    const calls = fakeHeaderServices();
    await renderHeader({ csrfCookie: 'shop_xsrf' });
    const personal = calls.filter((call) => call.url.startsWith(personalDataPath));
    expect(personal).toHaveLength(1);
    expect(personal[0].headers).toMatchObject({ [csrfHeader]: 'page-token' });
  } finally {
    clearCookie(csrfCookie);
    clearCookie('shop_xsrf');
  }
});

test("on another site the logo leads to that site's home page", async () => {
  fakeHeaderServices();
  await renderHeader({ site: 'AT', basePath: '/at' });
  expect(screen.getByRole('link', { name: /^SHOP/ })).toHaveAttribute('href', '/at/');
});
