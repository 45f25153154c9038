/**
 * The search box on its own (`header/SearchField`): at the core's default widths (170 px, 408 px
 * on focus), in the site's language, with the focus when asked, and `onReady` once rendered.
 */
import { act, render, screen } from '@testing-library/react';
import { ready } from '@shop/core';
import { searchTexts } from '@shop/texts';
import SearchField from '../src/SearchField';
import { fakeService, resetEnvironment } from './search-helpers';

afterEach(resetEnvironment);

it('renders the box at its default widths in the site\'s language, focused, and says it is ready', async () => {
  fakeService();
  const core = await ready();
  const onReady = jest.fn();
  await act(async () => {
    render(<SearchField site="PL" defaultValue="kawa" autoFocus onReady={onReady} />);
  });
  const input = screen.getByRole('combobox');
  expect(input).toHaveValue('kawa');
  expect(input).toHaveFocus();
  expect(onReady).toHaveBeenCalledTimes(1);
  const form = screen.getByRole('search');
  const { searchBoxWidthPx, searchBoxFocusWidthPx } = core.headerDimensions();
  expect(form.style.getPropertyValue('--shd-search-width')).toBe(`${searchBoxWidthPx}px`);
  expect(form.style.getPropertyValue('--shd-search-focus-width')).toBe(`${searchBoxFocusWidthPx}px`);
  expect([searchBoxWidthPx, searchBoxFocusWidthPx]).toEqual([170, 408]);
  // Polish texts, not the German fallback; the landmark unnamed, unlike the header's.
  expect(input).toHaveAccessibleName(searchTexts.loaded('pl-PL')!['search.label']);
  expect(form).not.toHaveAttribute('aria-label');
});
