/**
 * The bar's links as the navigation service gives them: where a category's link opens, and the
 * current page found whatever the letters of its path (header spec sections 2, 3 "Navigation
 * tree node", 4 "Navigation").
 */
import {
  barTitles,
  entryLink,
  fakeServices,
  loadCore,
  navigationAnswer,
  ok,
  openFlyout,
  renderNavigation,
  resetEnvironment,
  themeWorldsAnswer,
  watchConsole,
} from './navigation-helpers';

beforeAll(loadCore);
beforeEach(watchConsole);
afterEach(resetEnvironment);

/** The fixture's categories with the second one (Mode) changed. */
function answerWithMode(mode: Record<string, unknown>) {
  const answer = navigationAnswer();
  const categories = answer.list[0].children as Record<string, unknown>[];
  categories[1] = { ...categories[1], ...mode };
  return answer;
}

test("a category the service opens in a new tab does so from the bar as from its flyout's 'show all'", async () => {
  fakeServices({
    navigation: () => ok(answerWithMode({ target: '_blank' })),
    themeWorlds: () => ok(themeWorldsAnswer()),
  });
  await renderNavigation();
  expect(barTitles()).toContain('Mode');
  expect(entryLink('Mode')).toHaveAttribute('target', '_blank');
  expect(entryLink('Mode')).toHaveAttribute('rel', 'noopener noreferrer');
  // The others open where they are.
  expect(entryLink('Kaffee')).not.toHaveAttribute('target');
});

test('a link the service opens in a new tab says so in its name (the design system\'s words), in the bar and in the flyout; the others do not', async () => {
  const answer = answerWithMode({ target: '_blank' });
  const mode = (answer.list[0].children as { children: Record<string, unknown>[] }[])[1];
  mode.children[0] = { ...mode.children[0], target: '_blank' };
  fakeServices({ navigation: () => ok(answer), themeWorlds: () => ok(themeWorldsAnswer()) });
  await renderNavigation();
  const note = '(öffnet in einem neuen Tab)';
  expect(entryLink('Mode')).toHaveAccessibleName(`Mode ${note}`);
  expect(entryLink('Kaffee')).toHaveAccessibleName('Kaffee');
  const panel = await openFlyout('Mode');
  expect(panel.getByRole('link', { name: `Alle anzeigen – Mode ${note}` })).toHaveAttribute('target', '_blank');
  expect(panel.getByRole('link', { name: `Damen ${note}` })).toHaveAttribute('target', '_blank');
  expect(panel.getByRole('link', { name: 'Herren' })).not.toHaveAttribute('target');
});

test('the current page is found when its path has letters outside ASCII (the browser encodes them)', async () => {
  fakeServices({
    navigation: () => ok(answerWithMode({ title: 'Ev yaşamı', href: '/tr/ev-yaşamı' })),
    themeWorlds: () => ok(themeWorldsAnswer()),
  });
  await renderNavigation({ currentPath: '/tr/ev-ya%C5%9Fam%C4%B1' });
  expect(entryLink('Ev yaşamı')).toHaveAttribute('aria-current', 'page');
  expect(entryLink('Kaffee')).not.toHaveAttribute('aria-current');
});
