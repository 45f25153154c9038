/**
 * The flyouts' content (header spec sections 2-5, 9): the category drill-down with its
 * preselection and teasers, teaser image states, the theme-world sections with badges,
 * sublines, loyalty flag and end dates per locale, and `aria-current` on the current page.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Site } from '@shop/core';
import {
  entry,
  entryLink,
  fakeServices,
  isShown,
  loadCore,
  openFlyout,
  ok,
  navigationAnswer,
  panelOf,
  pressKey,
  renderNavigation,
  resetEnvironment,
  themeWorldsAnswer,
  toggleOf,
  watchConsole,
} from './navigation-helpers';

beforeAll(loadCore);
beforeEach(watchConsole);
afterEach(resetEnvironment);

const expanded = (flyout: ReturnType<typeof within>, name: string) =>
  flyout.getByRole('button', { name }).getAttribute('aria-expanded') === 'true';

describe('category drill-down', () => {
  beforeEach(() => fakeServices());

  test('nothing below the category is expanded when the page is not in it', async () => {
    await renderNavigation({ currentPath: '/mode/damen' });
    const flyout = await openFlyout('Kaffee');
    expect(expanded(flyout, 'Espresso')).toBe(false);
    expect(expanded(flyout, 'Maschinen')).toBe(false);
    expect(flyout.queryByRole('link', { name: 'Ganze Bohnen' })).toBeNull();
  });

  test('the path of the current page is preselected: its ancestors open, its link current', async () => {
    await renderNavigation({ currentPath: '/kaffee/maschinen/vollautomaten/' });
    const flyout = await openFlyout('Kaffee');
    expect(expanded(flyout, 'Maschinen')).toBe(true);
    expect(expanded(flyout, 'Espresso')).toBe(false);
    expect(flyout.getByRole('link', { name: 'Vollautomaten' })).toHaveAttribute('aria-current', 'page');
    expect(flyout.getByRole('link', { name: 'Siebträger' })).not.toHaveAttribute('aria-current');
    // The bar entry is not the page itself.
    expect(entryLink('Kaffee')).toHaveAttribute('aria-current', 'true');
    // The items on the way to it say so too; the category's own page is not the current one.
    expect(flyout.getByRole('button', { name: 'Maschinen' })).toHaveAttribute('aria-current', 'true');
    expect(flyout.getByRole('button', { name: 'Espresso' })).not.toHaveAttribute('aria-current');
    expect(flyout.getByRole('link', { name: 'Alle anzeigen – Kaffee' })).not.toHaveAttribute('aria-current');
  });

  test('selecting a child opens it and collapses its siblings; selecting it again closes it', async () => {
    await renderNavigation({ currentPath: '/kaffee/maschinen/vollautomaten' });
    const flyout = await openFlyout('Kaffee');
    fireEvent.click(flyout.getByRole('button', { name: 'Espresso' }));
    expect(expanded(flyout, 'Espresso')).toBe(true);
    expect(expanded(flyout, 'Maschinen')).toBe(false);
    expect(flyout.getByRole('link', { name: 'Ganze Bohnen' })).toBeVisible();
    expect(flyout.queryByRole('link', { name: 'Vollautomaten' })).toBeNull();
    // Its own page is the "show all" link of the open group.
    expect(flyout.getByRole('link', { name: 'Alle anzeigen – Espresso' })).toHaveAttribute('href', '/kaffee/espresso');

    fireEvent.click(flyout.getByRole('button', { name: 'Espresso' }));
    expect(expanded(flyout, 'Espresso')).toBe(false);
    expect(flyout.queryByRole('link', { name: 'Ganze Bohnen' })).toBeNull();
  });

  test('the selection survives closing and opening the flyout again', async () => {
    await renderNavigation();
    let flyout = await openFlyout('Kaffee');
    fireEvent.click(flyout.getByRole('button', { name: 'Maschinen' }));
    pressKey(toggleOf('Kaffee'), 'Enter');
    flyout = await openFlyout('Kaffee');
    expect(expanded(flyout, 'Maschinen')).toBe(true);
  });

  test('the category\'s own page and its teasers (title, link, image at the given or default size)', async () => {
    await renderNavigation();
    const flyout = await openFlyout('Kaffee');
    expect(flyout.getByRole('link', { name: 'Alle anzeigen – Kaffee' })).toHaveAttribute('href', '/kaffee');
    const teasers = within(flyout.getByRole('region', { name: 'Unsere Highlights' }));
    const barista = teasers.getByRole('link', { name: /Barista Espresso/ });
    expect(barista).toHaveAttribute('href', '/p/barista');
    expect(barista).toHaveTextContent('Jetzt entdecken');
    const baristaImage = within(barista).getByRole('img', { name: 'Espressobohnen' });
    expect(baristaImage).toHaveAttribute('width', '400');
    expect(baristaImage).toHaveAttribute('height', '300');
    const machine = teasers.getByRole('link', { name: 'Kaffeevollautomat' });
    expect(machine).toHaveAttribute('href', '/p/vollautomat');
    const machineImage = machine.querySelector('img');
    expect(machineImage).toHaveAttribute('width', '488');
    expect(machineImage).toHaveAttribute('height', '287');
  });
});

describe('a teaser picture whose alt repeats words of the teaser', () => {
  test.each([
    ["the teaser's title", ' barista espresso '],
    ['its call to action', 'Jetzt Entdecken'],
  ])('(%s) is decorative, so the link says them once', async (_what, alt) => {
    const answer = navigationAnswer();
    const teaser = answer.list[0].children[0].teaser!.list[0]!;
    teaser.image!.alt = alt;
    fakeServices({ navigation: () => ok(answer), themeWorlds: () => ok(themeWorldsAnswer()) });
    await renderNavigation();
    const flyout = await openFlyout('Kaffee');
    const link = flyout.getByRole('link', { name: 'Barista Espresso Jetzt entdecken' });
    expect(within(link).queryByRole('img')).toBeNull();
    expect(link.querySelector('img')).toHaveAttribute('alt', '');
  });
});

describe('a category without a link of its own', () => {
  test('its title is the disclosure button; its flyout opens from it, without a "show all" link', async () => {
    const answer = navigationAnswer();
    delete (answer.list[0].children[1] as { href?: string }).href;
    fakeServices({ navigation: () => ok(answer), themeWorlds: () => ok(themeWorldsAnswer()) });
    await renderNavigation();
    const button = screen.getByRole('button', { name: 'Mode' });
    expect(screen.queryByRole('link', { name: 'Mode' })).toBeNull();
    pressKey(button, 'Enter');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = within(document.getElementById(button.getAttribute('aria-controls')!)!);
    expect(panel.getByRole('link', { name: 'Damen' })).toBeVisible();
    expect(panel.queryByRole('link', { name: /Alle anzeigen/ })).toBeNull();
    pressKey(panel.getByRole('link', { name: 'Herren' }), 'Escape');
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('teaser image states', () => {
  beforeEach(() => fakeServices());

  const frameOf = (image: Element) => image.closest('[data-image-state]') as HTMLElement;

  test('loading, then loaded', async () => {
    await renderNavigation();
    const flyout = await openFlyout('Kaffee');
    const image = flyout.getByRole('img', { name: 'Espressobohnen' });
    expect(frameOf(image)).toHaveAttribute('data-image-state', 'loading');
    act(() => {
      fireEvent.load(image);
    });
    expect(frameOf(image)).toHaveAttribute('data-image-state', 'loaded');
    expect(image).toBeInTheDocument();
  });

  test('loading, then error: an empty frame of the image\'s size replaces it, the teaser stays a link', async () => {
    await renderNavigation();
    const flyout = await openFlyout('Kaffee');
    const image = flyout.getByRole('img', { name: 'Espressobohnen' });
    const frame = frameOf(image);
    act(() => {
      fireEvent.error(image);
    });
    expect(frame).toHaveAttribute('data-image-state', 'error');
    expect(frame.querySelector('img')).toBeNull();
    // The frame keeps the box the image had (no jump), and says nothing (section 8).
    expect(frame.style.aspectRatio).toBe('400 / 300');
    expect(frame).toHaveTextContent(/^$/);
    expect(flyout.getByRole('link', { name: /Barista Espresso/ })).toHaveAttribute('href', '/p/barista');
    // The other teaser's image is untouched.
    expect(frameOf(flyout.getByRole('link', { name: 'Kaffeevollautomat' }).querySelector('img')!)).toHaveAttribute(
      'data-image-state',
      'loading',
    );
  });

  // Header spec section 8: "No user-facing error messages ... An image load error only sets the
  // teaser image state to error." No wording shows in any language, in either flyout.
  test.each<[Site, string]>([
    ['DE', 'Bild nicht verfügbar'],
    ['CH_FR', 'Image non disponible'],
    ['TR', 'Görsel kullanılamıyor'],
  ])('a failed image shows no error text on %s (no "%s"), in the theme-world and the category flyout', async (site, wording) => {
    await renderNavigation({}, site);
    // The toggles are named in the site's language: the theme worlds' is the bar's first.
    pressKey(screen.getAllByRole('button')[0], 'Enter');
    const world = screen.getByRole('link', { name: 'Adventszeit' });
    act(() => {
      fireEvent.error(world.querySelector('img')!);
    });
    expect(world.querySelector('[data-image-state]')).toHaveAttribute('data-image-state', 'error');
    expect(world).toHaveTextContent(/^Adventszeit$/);
    pressKey(within(entry('Kaffee')).getAllByRole('button')[0], 'Enter');
    const teaser = screen.getByRole('link', { name: /Barista Espresso/ });
    act(() => {
      fireEvent.error(within(teaser).getByRole('img'));
    });
    expect(teaser.querySelector('[data-image-state]')).toHaveAttribute('data-image-state', 'error');
    expect(teaser).toHaveTextContent(/^Barista EspressoJetzt entdecken$/);
    expect(screen.getByRole('navigation')).not.toHaveTextContent(wording);
  });
});

describe('theme-world flyout', () => {
  test('the overview link, then the sections scout, new, lastChance (the empty one left out)', async () => {
    fakeServices();
    await renderNavigation();
    const flyout = await openFlyout('Alle Themenwelten');
    expect(flyout.getAllByRole('link')[0]).toHaveAttribute('href', '/themenwelten');
    const headings = flyout.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Entdeckt für dich', 'Neu im Sortiment', 'Nur noch kurz']);
    expect(flyout.queryByText('Weitere Themenwelten')).toBeNull();
    expect(flyout.queryByText('Böse')).toBeNull();
  });

  test('a theme world: its link with image and title, badges, loyalty flag and sublines', async () => {
    fakeServices();
    await renderNavigation();
    const flyout = await openFlyout('Alle Themenwelten');
    const section = within(flyout.getByRole('region', { name: 'Neu im Sortiment' }));
    const link = section.getByRole('link', { name: 'Gartenfreuden' });
    expect(link).toHaveAttribute('href', '/themenwelten/garten');
    const image = link.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/img/themeworlds/garten.svg');
    expect(image).toHaveAttribute('width', '488');
    expect(image).toHaveAttribute('height', '287');
    const card = link.closest('li') as HTMLElement;
    expect(within(card).getAllByRole('listitem').map((badge) => badge.textContent)).toEqual([
      'Neu',
      'Vorschau',
      'Kundenkarten-Vorteil',
    ]);
    expect(card).toHaveTextContent('Auch in der Filiale');
    expect(card).toHaveTextContent('Nur online');
    // No end date: no date line.
    expect(card).not.toHaveTextContent(/Endet/);
    // Without the loyalty flag, no loyalty badge.
    const scout = flyout.getByRole('link', { name: 'Kaffeemomente' }).closest('li') as HTMLElement;
    expect(scout).toHaveTextContent('Entdeckt');
    expect(scout).not.toHaveTextContent('Kundenkarten-Vorteil');
  });

  test('the hide option leaves the sublines out, the badges stay', async () => {
    fakeServices();
    await renderNavigation({ hideSublines: true });
    const flyout = await openFlyout('Alle Themenwelten');
    const card = flyout.getByRole('link', { name: 'Gartenfreuden' }).closest('li') as HTMLElement;
    expect(card).not.toHaveTextContent('Auch in der Filiale');
    expect(card).toHaveTextContent('Vorschau');
  });

  const endDates: [Site, string][] = [
    ['DE', 'Endet am 24.12.'],
    ['HU', '12.24-ig elérhető'],
    ['CH_FR', 'Se termine le 24.12.'],
    ['CZ', 'Končí 24. 12.'],
  ];

  test.each(endDates)('the end date worded for %s: "%s", the days left as sent', async (site, text) => {
    fakeServices({ navigation: () => ok(navigationAnswer()), themeWorlds: () => ok(themeWorldsAnswer()) });
    await renderNavigation({}, site);
    pressKey(screen.getAllByRole('button')[0], 'Enter');
    const card = screen.getByRole('link', { name: 'Adventszeit' }).closest('li') as HTMLElement;
    expect(within(card).getByText(text)).toBeVisible();
    // Our wording replaces the service's sentence ("Endet bald"), not added to it.
    expect(card).not.toHaveTextContent('Endet bald');
    expect(card).toHaveTextContent('Nur noch 3 Tage');
  });

  test('an unreadable end date falls back to the service\'s own sentence', async () => {
    const answer = themeWorldsAnswer();
    Object.assign(answer.sections.lastChance.themeworlds[0], { endDate: '31.02.', endDateText: 'Nur bis Ende Februar' });
    fakeServices({ navigation: () => ok(navigationAnswer()), themeWorlds: () => ok(answer) });
    await renderNavigation();
    const flyout = await openFlyout('Alle Themenwelten');
    const card = flyout.getByRole('link', { name: 'Adventszeit' }).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Nur bis Ende Februar');
    expect(card).not.toHaveTextContent('Endet am');
  });
});

describe('aria-current', () => {
  beforeEach(() => fakeServices());

  test('on the bar entry of the current category page, and only there', async () => {
    await renderNavigation({ currentPath: '/mode' });
    expect(entryLink('Mode')).toHaveAttribute('aria-current', 'page');
    expect(entryLink('Kaffee')).not.toHaveAttribute('aria-current');
    expect(entryLink('Alle Themenwelten')).not.toHaveAttribute('aria-current');
  });

  test('on the theme-world entry and the overview link on the overview page', async () => {
    await renderNavigation({ currentPath: '/themenwelten/' });
    expect(entryLink('Alle Themenwelten')).toHaveAttribute('aria-current', 'page');
    const flyout = await openFlyout('Alle Themenwelten');
    expect(flyout.getAllByRole('link')[0]).toHaveAttribute('aria-current', 'page');
    expect(flyout.getByRole('link', { name: 'Gartenfreuden' })).not.toHaveAttribute('aria-current');
  });

  test('on a theme world\'s link in the theme-world flyout on that theme world\'s page, and only there', async () => {
    await renderNavigation({ currentPath: '/themenwelten/garten' });
    const flyout = await openFlyout('Alle Themenwelten');
    expect(flyout.getByRole('link', { name: 'Gartenfreuden' })).toHaveAttribute('aria-current', 'page');
    expect(flyout.getByRole('link', { name: 'Kaffeemomente' })).not.toHaveAttribute('aria-current');
    expect(flyout.getByRole('link', { name: 'Adventszeit' })).not.toHaveAttribute('aria-current');
    expect(flyout.getAllByRole('link')[0]).not.toHaveAttribute('aria-current');
  });

  test('on the category\'s own "show all" link on the category page', async () => {
    await renderNavigation({ currentPath: '/kaffee' });
    expect(entryLink('Kaffee')).toHaveAttribute('aria-current', 'page');
    const flyout = await openFlyout('Kaffee');
    expect(flyout.getByRole('link', { name: 'Alle anzeigen – Kaffee' })).toHaveAttribute('aria-current', 'page');
  });

  test('on a fallback entry while the data is missing', async () => {
    fakeServices({});
    await renderNavigation({ currentPath: '/filialen' });
    expect(entryLink('Filialen')).toHaveAttribute('aria-current', 'page');
    expect(entryLink('Kaffee')).not.toHaveAttribute('aria-current');
  });
});
