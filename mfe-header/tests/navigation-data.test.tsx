/**
 * The navigation's data (header spec sections 4, 7, 8): the four fallback entries until both
 * the navigation and the theme-world answers are in, then the theme worlds first and the
 * categories; a failed call keeps the fallback, silently.
 */
import { act, render, screen } from '@testing-library/react';
import { UiProvider } from '@shop/ui';
import { useNavigationData, type NavigationData } from '../src/features/navigation';
import {
  ANSWERING,
  THEME_WORLDS_PATH,
  barTitles,
  core,
  entryLink,
  fakeServices,
  flush,
  loadCore,
  navigationAnswer,
  ok,
  renderNavigation,
  resetEnvironment,
  themeWorldsAnswer,
  watchConsole,
  type Reply,
} from './navigation-helpers';

beforeAll(loadCore);
beforeEach(watchConsole);
afterEach(resetEnvironment);

const GERMAN_FALLBACK = ['Themenwelten', 'Wochenangebote', 'Kaffee', 'Filialen'];
const LOADED = ['Alle Themenwelten', 'Kaffee', 'Mode', 'Geschenke'];

describe('until both answers are in', () => {
  test('the four fallback entries show, translated and linked to the site pages (DE)', async () => {
    const services = fakeServices({});
    await renderNavigation();
    expect(services.requests).toHaveLength(2);
    expect(barTitles()).toEqual(GERMAN_FALLBACK);
    expect(entryLink('Wochenangebote')).toHaveAttribute('href', '/wochenangebote');
    expect(entryLink('Kaffee')).toHaveAttribute('href', '/kaffee');
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveAttribute('data-complete', 'false');
    // Fallback entries have no flyout.
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  test('the fallback entries of PL, in Polish with the Polish pages under the site prefix', async () => {
    const services = fakeServices({});
    await renderNavigation({ basePath: '/pl' }, 'PL');
    expect(services.navigation()?.url).toBe('/jsonflyoutnavigation?site=PL');
    expect(barTitles()).toEqual(['Światy tematyczne', 'Oferty tygodnia', 'Kawa', 'Sklepy']);
    // The site's own page, not DE's `/kawa` (the static header links there too).
    expect(entryLink('Kawa')).toHaveAttribute('href', '/pl/kawa');
    expect(screen.getByRole('navigation', { name: 'Nawigacja główna' })).toBeInTheDocument();
  });

  test('the fallback stays while only the navigation has answered', async () => {
    const services = fakeServices({});
    await renderNavigation();
    await act(async () => services.navigation()!.reply(200, navigationAnswer()));
    await flush();
    expect(barTitles()).toEqual(GERMAN_FALLBACK);
    await act(async () => services.themeWorlds()!.reply(200, themeWorldsAnswer()));
    await flush();
    expect(barTitles()).toEqual(LOADED);
  });

  test('the fallback stays while only the theme worlds have answered', async () => {
    const services = fakeServices({ themeWorlds: () => ok(themeWorldsAnswer()) });
    await renderNavigation();
    expect(barTitles()).toEqual(GERMAN_FALLBACK);
    await act(async () => services.navigation()!.reply(200, navigationAnswer()));
    await flush();
    expect(barTitles()).toEqual(LOADED);
  });
});

describe('both answers in', () => {
  test('theme worlds first, then the categories in the service order, each linked', async () => {
    fakeServices();
    await renderNavigation();
    expect(barTitles()).toEqual(LOADED);
    expect(entryLink('Alle Themenwelten')).toHaveAttribute('href', '/themenwelten');
    expect(entryLink('Mode')).toHaveAttribute('href', '/mode');
    expect(screen.getByRole('navigation')).toHaveAttribute('data-complete', 'true');
    // A flyout for the theme worlds and for each category with children or a teaser.
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Alle Themenwelten – Untermenü öffnen',
      'Kaffee – Untermenü öffnen',
      'Mode – Untermenü öffnen',
    ]);
  });

  test('both calls go out at once, with credentials; the theme worlds name the site', async () => {
    const services = fakeServices({});
    await renderNavigation({ route: '/nav/de.json' }, 'AT');
    expect(services.requests).toHaveLength(2);
    expect(services.navigation()).toMatchObject({ url: '/nav/de.json', init: { credentials: 'include' } });
    expect(services.themeWorlds()).toMatchObject({
      url: THEME_WORLDS_PATH,
      init: { credentials: 'include', headers: { site: 'AT' } },
    });
  });

  test('an unsafe route given by the page is not fetched: the site default is', async () => {
    const services = fakeServices({});
    await renderNavigation({ route: 'javascript:alert(1)' });
    expect(services.navigation()?.url).toBe('/jsonflyoutnavigation?site=DE');
  });
});

describe('a failed call keeps the fallback, without an error', () => {
  const failures = (malformed: Reply, empty: Reply): [string, Reply][] => [
    ['status 500', { status: 500, body: '{"error":"UNKNOWN"}' }],
    ['status 404', { status: 404, body: '' }],
    ['a network error', 'network'],
    ['a body that is not JSON', malformed],
    ['a document without content', empty],
  ];

  test.each(failures(ok('<html>Wartung</html>'), ok({ list: [] })))('navigation: %s', async (_name, reply) => {
    fakeServices({ navigation: () => reply, themeWorlds: ANSWERING.themeWorlds });
    await renderNavigation();
    expect(barTitles()).toEqual(GERMAN_FALLBACK);
    expect(screen.getByRole('navigation')).toHaveAttribute('data-complete', 'false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test.each(failures(ok('{"overview": '), ok({ sections: {} })))('theme worlds: %s', async (_name, reply) => {
    fakeServices({ navigation: ANSWERING.navigation, themeWorlds: () => reply });
    await renderNavigation();
    expect(barTitles()).toEqual(GERMAN_FALLBACK);
    expect(screen.getByRole('navigation')).toHaveAttribute('data-complete', 'false');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a route changed by the page', () => {
  test("shows the new route's categories, also when the former route's answer comes last", async () => {
    const services = fakeServices({ navigation: () => undefined, themeWorlds: () => ok(themeWorldsAnswer()) });
    const view = await renderNavigation({ route: '/nav/alt.json' });
    await act(async () => {
      view.rerender({ route: '/nav/neu.json' });
    });
    await flush();
    const navigationCalls = services.requests.filter((request) => !request.url.startsWith(THEME_WORLDS_PATH));
    expect(navigationCalls.map((request) => request.url)).toEqual(['/nav/alt.json', '/nav/neu.json']);

    const renamed = navigationAnswer();
    renamed.list[0].children[2].title = 'Geschenkideen';
    await act(async () => {
      navigationCalls[1].reply(200, renamed);
    });
    await flush();
    expect(barTitles()).toEqual(['Alle Themenwelten', 'Kaffee', 'Mode', 'Geschenkideen']);

    await act(async () => {
      navigationCalls[0].reply(200, navigationAnswer());
    });
    await flush();
    expect(barTitles()).toEqual(['Alle Themenwelten', 'Kaffee', 'Mode', 'Geschenkideen']);
  });
});

describe('useNavigationData', () => {
  function Probe({ onData, seed }: { onData(data: NavigationData): void; seed?: { navigation?: string; themeWorlds?: string } }) {
    onData(useNavigationData({ initial: seed }));
    return null;
  }

  test('returns the bar, the categories and the theme worlds', async () => {
    fakeServices();
    let data!: NavigationData;
    render(
      <UiProvider core={core()} site="DE">
        <Probe onData={(next) => (data = next)} />
      </UiProvider>,
    );
    expect(data.bar.complete).toBe(false);
    await flush();
    expect(data.bar.complete).toBe(true);
    expect(data.categories?.map((node) => node.title)).toEqual(['Kaffee', 'Mode', 'Geschenke']);
    expect(data.themeWorlds?.sections.map((section) => section.key)).toEqual(['scout', 'new', 'lastChance']);
  });

  test('seeded answers show at once and are not requested again; a refused seed is fetched', async () => {
    const services = fakeServices({ themeWorlds: () => ok(themeWorldsAnswer()) });
    let data!: NavigationData;
    render(
      <UiProvider core={core()} site="DE">
        <Probe
          onData={(next) => (data = next)}
          seed={{ navigation: JSON.stringify(navigationAnswer()), themeWorlds: 'not json' }}
        />
      </UiProvider>,
    );
    expect(data.categories?.map((node) => node.title)).toEqual(['Kaffee', 'Mode', 'Geschenke']);
    await flush();
    expect(services.requests.map((request) => request.url)).toEqual([THEME_WORLDS_PATH]);
    expect(data.bar.entries.map((entry) => entry.kind)).toEqual(['themeWorlds', 'category', 'category', 'category']);
  });

  test('the navigation seeded through its props renders the full bar without any request', async () => {
    const services = fakeServices({});
    await renderNavigation({
      initialData: { navigation: JSON.stringify(navigationAnswer()), themeWorlds: JSON.stringify(themeWorldsAnswer()) },
    });
    expect(services.requests).toEqual([]);
    expect(barTitles()).toEqual(LOADED);
  });
});
